extension Container {
  /// Adds a start-up task: a side effect that ``bootstrap()`` runs after the eager singletons it
  /// depends on are built, in parallel with the other tasks.
  ///
  /// ```swift
  /// container.addStartupTask("Configure analytics", dependencies: [DependencyKey(Config.self)]) {
  ///   r in
  ///   Analytics.configure(apiKey: try r.tryResolve(Config.self).analyticsKey)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the task does; used in ``BootstrapError`` and, with `runsOncePerProcess`, to
  ///     tell whether it ran.
  ///   - dependencies: Keys the task uses; eager singletons among them (and those they depend on)
  ///     are built before it starts.
  ///   - runsOncePerProcess: Run it only in the first ``bootstrap()`` of the process that runs it
  ///     successfully, whichever container that is.
  ///   - fileID: Where the task is added.
  ///   - line: The line where the task is added.
  ///   - task: The work; it receives a resolver for what it needs.
  public func addStartupTask(
    _ name: String, dependencies: [DependencyKey] = [], runsOncePerProcess: Bool = false,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ task: @escaping @Sendable (Resolver) async throws -> Void
  ) {
    let startup = StartupTask(
      name: name, dependencies: dependencies, runsOncePerProcess: runsOncePerProcess,
      location: CodeLocation(fileID: fileID, line: line), run: task)
    registry.withLock { $0.startupTasks.append(startup) }
  }

  /// Builds this container's eager singletons and runs its start-up tasks, concurrently and in
  /// dependency order, and reports every failure at once.
  ///
  /// Independent items run in parallel; each starts only after the eager singletons it depends on
  /// (through declared or observed edges, across non-eager registrations in between) have been
  /// built. An item whose dependency failed is skipped and reported. Afterwards, resolving an
  /// eager singleton, even an asynchronous one, synchronously is a cache hit.
  ///
  /// ```swift
  /// container.register(Database.self, lifetime: .eagerSingleton) { r async throws in
  ///   try await Database.open(r.resolve())
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
    case singleton(Registration, owner: Container)
    case task(StartupTask)

    var name: String {
      switch self {
      case .singleton(let registration, _): registration.key.description
      case .task(let task): task.name
      }
    }
  }

  var items: [Item] = []
  /// For each item, the indices of the items it waits for.
  var prerequisites: [[Int]] = []
}

extension Container {
  /// The eager singletons of this container and its start-up tasks, with their prerequisites.
  func bootstrapPlan() -> BootstrapPlan {
    var plan = BootstrapPlan()
    var indexOfKey: [DependencyKey: Int] = [:]
    let (registrations, tasks) = registry.withLock { state in
      (state.order.compactMap { state.registrations[$0] }, state.startupTasks)
    }
    for registration in registrations where registration.lifetime.isEager {
      indexOfKey[registration.key] = plan.items.count
      plan.items.append(.singleton(registration, owner: self))
    }
    for task in tasks { plan.items.append(.task(task)) }
    for item in plan.items {
      let starts: [DependencyKey]
      switch item {
      case .singleton(let registration, _): starts = edges(of: registration)
      case .task(let task): starts = task.dependencies
      }
      plan.prerequisites.append(eagerItems(reachableFrom: starts, in: indexOfKey))
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
      guard let (registration, _) = registration(for: key, probe: key.probe) else { continue }
      stack.append(contentsOf: edges(of: registration))
    }
    return found.sorted()
  }

  // MARK: - Running the plan

  /// Runs every item as soon as its prerequisites succeeded; returns the failures.
  private func run(_ plan: BootstrapPlan) async -> [BootstrapError.Failure] {
    let count = plan.items.count
    var waitingOn = plan.prerequisites.map(\.count)
    var dependents = [[Int]](repeating: [], count: count)
    for (item, prerequisites) in plan.prerequisites.enumerated() {
      for prerequisite in prerequisites { dependents[prerequisite].append(item) }
    }
    var failures: [Int: any Error] = [:]
    await withTaskGroup(of: (Int, (any Error)?).self) { group in
      func start(_ index: Int) {
        let item = plan.items[index]
        group.addTask { [self] in (index, await perform(item)) }
      }
      for index in 0..<count where waitingOn[index] == 0 { start(index) }
      while let (index, error) = await group.next() {
        if let error { failures[index] = error }
        for dependent in dependents[index] {
          waitingOn[dependent] -= 1
          guard waitingOn[dependent] == 0 else { continue }
          let failed = plan.prerequisites[dependent].filter { failures[$0] != nil }
          if failed.isEmpty {
            start(dependent)
          } else {
            failures[dependent] = skipped(
              plan.items[dependent],
              because: failed.map {
                plan.items[$0].name
              })
            markSkipped(dependent)
          }
        }
      }
      /// Skips, transitively, what waits for a skipped item.
      func markSkipped(_ index: Int) {
        for dependent in dependents[index] {
          waitingOn[dependent] -= 1
          if waitingOn[dependent] == 0, failures[dependent] == nil {
            failures[dependent] = skipped(plan.items[dependent], because: [plan.items[index].name])
            markSkipped(dependent)
          }
        }
      }
    }
    // Anything never started waits on a cycle of eager items.
    for index in 0..<count where failures[index] == nil && waitingOn[index] > 0 {
      failures[index] = cycleFailure(plan.items[index])
    }
    return failures.keys.sorted().map { index in
      BootstrapError.Failure(name: plan.items[index].name, error: failures[index]!)
    }
  }

  /// Builds one eager singleton or runs one task; returns its error.
  private func perform(_ item: BootstrapPlan.Item) async -> (any Error)? {
    switch item {
    case .singleton(let registration, let owner):
      do {
        _ = try await registration.resolveErased(in: self, owner: owner)
        return nil
      } catch {
        return error
      }
    case .task(let task):
      if task.runsOncePerProcess,
        ProcessStartupTasks.completed.withLock({ $0.contains(task.name) })
      {
        return nil
      }
      let context = ResolutionContext(asynchronousAt: task.location)
      defer { context.finishAsynchronous() }
      do {
        try await task.run(Resolver(container: self, context: context))
        if task.runsOncePerProcess {
          _ = ProcessStartupTasks.completed.withLock { $0.insert(task.name) }
        }
        return nil
      } catch {
        return error
      }
    }
  }

  private func skipped(_ item: BootstrapPlan.Item, because failed: [String]) -> any Error {
    let key = keyOf(item)
    return ResolutionError(
      code: .factoryFailed, key: key, chain: [key],
      summary: "skipped because \(failed.joined(separator: ", ")) failed",
      hint: "fix the failures of what it depends on (reported above).",
      location: locationOf(item))
  }

  private func cycleFailure(_ item: BootstrapPlan.Item) -> any Error {
    let key = keyOf(item)
    return ResolutionError(
      code: .cycle, key: key, chain: [key],
      summary: "\(item.name) waits for eager singletons that depend on each other in a cycle",
      hint: "run `container.validate()` to see the cycle, then break it.",
      location: locationOf(item))
  }

  private func keyOf(_ item: BootstrapPlan.Item) -> DependencyKey {
    switch item {
    case .singleton(let registration, _): registration.key
    case .task(let task): DependencyKey(StartupTask.self, name: task.name)
    }
  }

  private func locationOf(_ item: BootstrapPlan.Item) -> CodeLocation {
    switch item {
    case .singleton(let registration, _): registration.location
    case .task(let task): task.location
    }
  }
}
