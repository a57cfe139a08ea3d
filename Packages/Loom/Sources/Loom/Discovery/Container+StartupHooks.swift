extension Container {
  /// Every start-up hook declared with LoomMacros' `@Startup` in the modules loaded into this
  /// program, in the order they run.
  ///
  /// The list holds the hooks of the executable and of everything it links, found when the
  /// program starts (Linux and, untested, Darwin), ordered by ``StartupHook/order``, then by where
  /// they are declared.
  ///
  /// ```swift
  /// for hook in Container.discoveredStartupHooks {
  ///   print(hook)  // Analytics.configureAnalytics (order 10) at Analytics/Setup.swift:3
  /// }
  /// ```
  public static var discoveredStartupHooks: [StartupHook] {
    StartupHook.inRunningOrder(DiscoveryRegistry.shared.startupHooks)
  }

  /// Installs start-up hooks as this container's start-up tasks: ``bootstrap()`` runs them one
  /// after another, in their running order, each once per process.
  ///
  /// Use it for some of the discovered hooks, or for hooks made at run time;
  /// ``installDiscoveredBindings()`` installs every discovered hook. A hook starts after the one
  /// before it in the running order (the hooks installed earlier in this container included)
  /// succeeded, and after nothing else: it waits for no eager singleton, and the other start-up
  /// tasks may name it in their `after:`. A hook this container has already is not installed
  /// again.
  ///
  /// ```swift
  /// let checkout = Container.discoveredStartupHooks.filter {
  ///   $0.location.fileID.description.hasPrefix("Checkout/")
  /// }
  /// container.install(checkout)
  /// try await container.bootstrap()
  /// ```
  ///
  /// - Parameter hooks: The hooks to install.
  public func install(_ hooks: [StartupHook]) {
    let installed = registry.withLock { $0.startupTasks }
    let installedHooks = installed.compactMap(\.once).map(ObjectIdentifier.init)
    var hooks = StartupHook.inRunningOrder(hooks)
    hooks.removeAll { installedHooks.contains(ObjectIdentifier($0.once)) }
    var names = Set(installed.map(\.name))
    var previous = installed.last { task in
      task.once.map { once in installedHooks.contains(ObjectIdentifier(once)) } ?? false
    }?.name
    for hook in hooks {
      // NB: two hooks may share a name (two files' `private func setUp()`); `after:` names one.
      var name = hook.name
      if names.contains(name) { name += " (\(hook.location))" }
      names.insert(name)
      let run = hook.run
      addStartupTask(
        name, after: previous.map { [$0] } ?? [], once: hook.once, fileID: hook.location.fileID,
        line: hook.location.line, run)
      previous = name
    }
  }
}
