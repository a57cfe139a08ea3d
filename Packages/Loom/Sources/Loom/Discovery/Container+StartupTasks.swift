extension Container {
  /// Every start-up task declared with LoomMacros' `@Startup` in the modules loaded into this
  /// program, in the order they run.
  ///
  /// The list holds the tasks of the executable and of everything it links, found when the
  /// program starts (Linux and, untested, Darwin), ordered by their `order:`, then by where they
  /// are declared. Each runs once per process.
  ///
  /// ```swift
  /// for task in Container.discoveredStartupTasks {
  ///   print(task)  // Analytics.configureAnalytics (order 10) at Analytics/Setup.swift:3
  /// }
  /// ```
  public static var discoveredStartupTasks: [StartupTask] {
    StartupTask.inRunningOrder(DiscoveryRegistry.shared.startupTasks)
  }

  /// Adds start-up tasks made elsewhere to this container: ``bootstrap()`` runs them.
  ///
  /// Use it for tasks shared by several containers (a task that runs once per process), for some
  /// of the ``discoveredStartupTasks``, or for tasks made at run time;
  /// ``installDiscoveredBindings()`` installs every discovered task. A task this container has
  /// already (the same value, or a copy of it) is not added again.
  ///
  /// The `@Startup` tasks run one after another, in their running order: each starts after the
  /// one before it (those installed earlier in this container included) succeeded, and after
  /// nothing else: it waits for no eager singleton, and the other start-up tasks may name it in
  /// their `after:`. The other tasks run as ``addStartupTask(_:dependencies:after:fileID:line:_:)``
  /// says.
  ///
  /// ```swift
  /// let checkout = Container.discoveredStartupTasks.filter {
  ///   $0.location.fileID.description.hasPrefix("Checkout/")
  /// }
  /// container.install(checkout + [AppStartup.crashReporting])
  /// try await container.bootstrap()
  /// ```
  ///
  /// - Parameter tasks: The tasks to add.
  public func install(_ tasks: [StartupTask]) {
    let installed = registry.withLock { $0.startupTasks }
    var seen = Set(installed.map { ObjectIdentifier($0.record) })
    let added = tasks.filter { seen.insert(ObjectIdentifier($0.record)).inserted }
    for task in added where task.hookOrder == nil { add(task) }
    var names = Set(installed.map(\.name))
    var previous = installed.last { $0.hookOrder != nil }?.name
    for hook in StartupTask.inRunningOrder(added.filter { $0.hookOrder != nil }) {
      // NB: two hooks may share a name (two files' `private func setUp()`); `after:` names one.
      var name = hook.name
      if names.contains(name) { name += " (\(hook.location))" }
      names.insert(name)
      add(
        StartupTask(
          name, after: previous.map { [$0] } ?? [], hookOrder: hook.hookOrder,
          record: hook.record, location: hook.location, run: hook.run))
      previous = name
    }
  }
}
