extension Container {
  /// Adds a start-up task: a side effect that ``bootstrap()`` runs after the eager singletons it
  /// depends on are built, and after the tasks it names in `after`, in parallel with the other
  /// tasks.
  ///
  /// ```swift
  /// container.addStartupTask("Configure analytics", dependencies: [DependencyKey(Config.self)]) {
  ///   r in
  ///   Analytics.configure(apiKey: try r.tryResolve(Config.self).analyticsKey)
  /// }
  /// container.addStartupTask("Send the launch event", after: ["Configure analytics"]) { r in
  ///   try r.tryResolve(Analytics.self).track("launch")
  /// }
  /// ```
  ///
  /// A task that names a task this container does not have fails, and so does every task waiting
  /// for a task that failed; tasks that wait for each other in a cycle are reported as such. The
  /// task runs on every `bootstrap()`; one that must run once per process, whichever container
  /// bootstraps it, is a ``StartupTask`` made with `runsOncePerProcess: true` and shared, added
  /// with ``install(_:)-([StartupTask])``.
  ///
  /// - Parameters:
  ///   - name: What the task does; used in ``BootstrapError`` and in other tasks' `after`.
  ///   - dependencies: Keys the task uses; eager singletons among them (and those they depend on)
  ///     are built before it starts.
  ///   - after: The names of start-up tasks of this container that must succeed before it starts.
  ///   - fileID: Where the task is added.
  ///   - line: The line where the task is added.
  ///   - task: The work; it receives a resolver for what it needs.
  public func addStartupTask(
    _ name: String, dependencies: [DependencyKey] = [], after: [String] = [],
    fileID: StaticString = #fileID, line: UInt = #line,
    _ task: @escaping @Sendable (Resolver) async throws -> Void
  ) {
    add(
      StartupTask(
        name, dependencies: dependencies, after: after, fileID: fileID, line: line, task))
  }

  /// Appends `task` to this container's start-up tasks.
  func add(_ task: StartupTask) {
    registry.withLock { $0.startupTasks.append(task) }
  }

  /// Builds this container's eager singletons and runs its start-up tasks, concurrently and in
  /// dependency order, and reports every failure at once.
  ///
  /// Independent items run in parallel; each starts only after the eager singletons it depends on
  /// (through declared or observed edges, across non-eager registrations in between) have been
  /// built. An item whose dependency failed is skipped and reported. Afterwards, resolving an
  /// eager singleton, even an asynchronous one, synchronously is a cache hit.
  ///
  /// Each asynchronous factory and start-up task runs in a task of its own. Synchronous factories
  /// (which hold their thread while they run, wherever they run) are built in batches, several in
  /// one task, when many are ready at once: a task costs more than most of them.
  ///
  /// ```swift
  /// container.register(Database.self, lifetime: .eagerSingleton) { r async throws in
  ///   try await Database.open(r.tryResolve())
  /// }
  /// try await container.bootstrap()
  /// let database = container.resolve(Database.self)
  /// ```
  ///
  /// - Throws: A ``BootstrapError`` listing every eager singleton and task that failed.
  public func bootstrap() async throws(BootstrapError) {
    let plan = bootstrapPlan()
    let failures = await run(plan)
    if !failures.isEmpty { throw BootstrapError(failures: failures) }
  }
}

// MARK: - The plan

/// What ``Container/bootstrap()`` runs: items and, for each, the items it must wait for.
struct BootstrapPlan {
  enum Item {
    case singleton(Entry, owner: Container)
    case task(StartupTask)

    var name: String {
      switch self {
      case .singleton(let entry, _): entry.registration.key.description
      case .task(let task): task.name
      }
    }
  }

  var items: [Item] = []
  /// For each item, the indices of the items it waits for.
  var prerequisites: [[Int]] = []
  /// Items that cannot run, and why (a task waiting for a task that does not exist).
  var unrunnable: [Int: any Error] = [:]
}

extension Container {
  /// The eager singletons of this container and its start-up tasks, with their prerequisites.
  func bootstrapPlan() -> BootstrapPlan {
    var plan = BootstrapPlan()
    var indexOfKey: [DependencyKey: Int] = [:]
    let tasks = registry.withLock { $0.startupTasks }
    for entry in entries where entry.registration.lifetime.isEager {
      indexOfKey[entry.registration.key] = plan.items.count
      plan.items.append(.singleton(entry, owner: self))
    }
    var indexOfTask: [String: Int] = [:]
    for task in tasks {
      indexOfTask[task.name] = plan.items.count
      plan.items.append(.task(task))
    }
    for (index, item) in plan.items.enumerated() {
      switch item {
      case .singleton(let entry, _):
        plan.prerequisites.append(
          eagerItems(reachableFrom: edges(of: entry.registration), in: indexOfKey))
      case .task(let task):
        var prerequisites = eagerItems(reachableFrom: task.dependencies, in: indexOfKey)
        let unknown = task.after.filter { indexOfTask[$0] == nil }
        prerequisites += task.after.compactMap { indexOfTask[$0] }
        plan.prerequisites.append(Array(Set(prerequisites)).sorted())
        if !unknown.isEmpty {
          let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
          plan.unrunnable[index] = StartupTaskError(
            task: task.name,
            summary: "waits for start-up task\(unknown.count == 1 ? "" : "s") \(names), which this"
              + " container does not have",
            hint: "add the task\(unknown.count == 1 ? "" : "s") to this container, or remove"
              + " \(names) from `after:`.",
            location: task.location)
        }
      }
    }
    return plan
  }

  /// The keys a registration depends on for ordering: declared and observed, deferred ones
  /// excluded.
  private func edges(of registration: Registration) -> [DependencyKey] {
    var keys = registration.declaredDependencies + registration.observedDependencies
    if let target = registration.bindingTarget { keys.append(target) }
    return keys.filter { $0.deferredTarget == nil }
  }

  /// The eager items reachable from `starts`, walking through non-eager registrations.
  private func eagerItems(
    reachableFrom starts: [DependencyKey], in indexOfKey: [DependencyKey: Int]
  )
    -> [Int]
  {
    var found: Set<Int> = []
    var visited: Set<DependencyKey> = []
    var stack = starts
    while let key = stack.popLast() {
      guard visited.insert(key).inserted else { continue }
      if let index = indexOfKey[key] {
        found.insert(index)
        continue
      }
      guard let (entry, _) = lineageEntry(for: key) else { continue }
      stack.append(contentsOf: edges(of: entry.registration))
    }
    return found.sorted()
  }

  // MARK: - Running the plan

  /// Runs every item as soon as its prerequisites succeeded; returns the failures.
  private func run(_ plan: BootstrapPlan) async -> [BootstrapError.Failure] {
    let items = plan.items.enumerated().map { index, item in
      let after = plan.prerequisites[index]
      if case .singleton(let entry, let owner) = item, entry.registration.isBuiltInPlace {
        // A synchronous factory: built on the thread that runs its batch, without a task.
        return _Scheduler.Item(
          name: item.name, after: after,
          inPlace: { [self] in
            let context = ResolutionContext(asynchronousAt: entry.registration.location)
            defer { context.finish() }
            _ = try entry.registration.factory.resolveErasedInPlace(
              Located(entry: entry, owner: owner), in: self, context: context)
          })
      }
      let unrunnable = plan.unrunnable[index]
      return _Scheduler.Item(name: item.name, after: after) { [self] in
        if let unrunnable { throw unrunnable }
        try await perform(item)
      }
    }
    return await _Scheduler.run(items) { position, loop in
      cycleFailure(plan.items[position], loop: loop)
    }
  }

  private func perform(_ item: BootstrapPlan.Item) async throws {
    switch item {
    case .singleton(let entry, let owner):
      let context = ResolutionContext(asynchronousAt: entry.registration.location)
      defer { context.finish() }
      _ = try await entry.registration.factory.resolveErased(
        Located(entry: entry, owner: owner), in: self, context: context)
    case .task(let task):
      let run: @Sendable () async -> (any Error)? = { [self] in
        let context = ResolutionContext(asynchronousAt: task.location)
        defer { context.finish() }
        do {
          try await task.run(Resolver(container: self, context: context))
          return nil
        } catch {
          return error
        }
      }
      if let error = await task.record.run(run) { throw error }
    }
  }

  /// The error of an item that waits for itself through the items `loop` names (each waiting for
  /// the next, the last for the item): the whole loop, named.
  private func cycleFailure(_ item: BootstrapPlan.Item, loop: [String]) -> any Error {
    switch item {
    case .singleton(let entry, _):
      let key = entry.registration.key
      let names = ([item.name] + loop + [item.name]).joined(separator: " → ")
      return ResolutionError(
        .cycle, key: key, chain: [key],
        summary: "eager singletons depend on each other in a cycle: \(names)",
        hint: "break the cycle (a Lazy or Provider dependency is not waited for);"
          + " `container.validate()` reports it with where each registration is made.",
        location: entry.registration.location)
    case .task(let task):
      let names = ([item.name] + loop + [item.name]).map { "\"\($0)\"" }
        .joined(separator: " → ")
      let named = loop.isEmpty ? "itself" : "start-up tasks that wait for it"
      return StartupTaskError(
        task: task.name, summary: "waits for \(named) in a cycle: \(names)",
        hint: "remove one of these names from the `after:` of the task that lists it.",
        location: task.location)
    }
  }
}
