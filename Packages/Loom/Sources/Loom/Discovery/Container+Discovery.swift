extension Container {
  /// Every binding declared with LoomMacros' `@Bind` in the modules loaded into this program.
  ///
  /// The list holds the bindings of the executable and of everything it links, found when the
  /// program starts (Linux and, untested, Darwin). A dynamic library loaded later adds its own
  /// bindings when it loads.
  ///
  /// ```swift
  /// for binding in Container.discoveredBindings {
  ///   print(binding)  // \.api → LiveAPIClient (singleton) at Networking/LiveAPIClient.swift:12
  /// }
  /// ```
  public static var discoveredBindings: [DiscoveredBinding] {
    DiscoveryRegistry.shared.bindings
  }

  /// Installs every discovered binding (``discoveredBindings``) and start-up task
  /// (``discoveredStartupTasks``) into this container.
  ///
  /// ``Container/default`` does this by itself before its first use; call it for any other
  /// container that should hold them, such as a test's own container. The bindings are
  /// registered like `register` calls, attributed to the origin `@Bind` in ``dump()``, where
  /// they are needed: a key this container registers already (before, or since an earlier
  /// install) keeps its registration, and registrations made afterwards replace them. So
  /// installing twice changes nothing, and never drops an instance made since. The tasks are added
  /// as ``install(_:)-([StartupTask])`` adds them: ``bootstrap()`` runs them in
  /// their order, each once per process.
  ///
  /// ```swift
  /// let container = Container()
  /// try container.installDiscoveredBindings()
  /// container.register(\.api) { _ in StubAPIClient() }  // replaces the discovered binding
  /// try await container.bootstrap()                      // runs the @Startup tasks
  /// ```
  ///
  /// - Throws: A ``DiscoveryError`` naming every key bound more than once, with each
  ///   implementation and where it is declared; nothing is installed then.
  public func installDiscoveredBindings() throws(DiscoveryError) {
    let (bindings, conflicts) = DiscoveryRegistry.shared.checkedBindings
    if let conflicts { throw conflicts }
    register(bindings)
    install(Container.discoveredStartupTasks)
  }

  /// Whether a binding of `key` is needed here: this container has no registration of it of its
  /// own, or only a key path's declared default.
  private func needsBinding(of key: DependencyKey) -> Bool {
    guard let entry = localEntry(for: key) else { return true }
    return entry.registration.isDeclaredDefault
  }

  /// Installs `bindings` into this container, refusing keys bound more than once.
  ///
  /// As ``installDiscoveredBindings()`` does, a key this container registers already keeps its
  /// registration. Use it to install part of the discovered bindings, such as one feature's:
  ///
  /// ```swift
  /// let checkout = Container.discoveredBindings.filter {
  ///   $0.location.fileID.description.hasPrefix("Checkout/")
  /// }
  /// try container.install(checkout)
  /// ```
  ///
  /// - Parameter bindings: The bindings to register.
  /// - Throws: A ``DiscoveryError`` naming every key bound more than once in `bindings`, with each
  ///   implementation and where it is declared; nothing is installed then.
  public func install(_ bindings: [DiscoveredBinding]) throws(DiscoveryError) {
    if let error = DiscoveryError.conflicts(in: bindings) { throw error }
    register(bindings)
  }

  /// Registers those of `bindings`, which were checked for conflicts, whose keys this container
  /// does not register yet.
  private func register(_ bindings: [DiscoveredBinding]) {
    withDiscoveryOrigin {
      for binding in bindings where needsBinding(of: binding.key) { binding.register(self, nil) }
    }
  }

  /// Installs one binding: registers it like the `register` call it stands for.
  ///
  /// One binding cannot conflict with itself, so this does not throw; a registration of the same
  /// key already in the container is replaced, as by `register`.
  ///
  /// ```swift
  /// container.install(
  ///   .mainActor(
  ///     ProfileModel.self, implementation: ProfileModel.self,
  ///     dependencies: [DependencyKey(UserService.self)]
  ///   ) { r in ProfileModel(users: try r.tryResolve()) })
  /// ```
  ///
  /// - Parameter binding: The binding to register.
  public func install(_ binding: DiscoveredBinding) {
    binding.register(self, nil)
  }

  /// What ``Container/default`` installs when it is made: every discovered start-up task, and every
  /// discovered binding, except that a key bound more than once is registered so that resolving it
  /// throws a ``ResolutionError/Code/duplicateRegistration`` error naming each implementation and
  /// file.
  ///
  /// NB: not a trap at start-up: the first use of `Container.default` may be anywhere (a task-local
  /// read, a library), so the error surfaces where the key is resolved, with its chain, and only
  /// for the programs (and tests) that resolve it.
  func installDiscoveredBindingsForDefault() {
    install(Container.discoveredStartupTasks)
    let (bindings, conflicts) = DiscoveryRegistry.shared.checkedBindings
    guard let error = conflicts else { return register(bindings) }
    let conflicted = Set(error.conflicts.map(\.key))
    withDiscoveryOrigin {
      for binding in bindings
      where !conflicted.contains(binding.key) && needsBinding(of: binding.key) {
        binding.register(self, nil)
      }
      for conflict in error.conflicts {
        let summary =
          "\(conflict.key) is bound by \(conflict.bindings.count) implementations: "
          + conflict.bindings.map(\.origin).joined(separator: ", ")
        let hint = error.hint
        let key = conflict.key
        conflict.bindings[0].register(self) { resolver in
          ResolutionError(
            .duplicateRegistration, key: key, chain: resolver.context.keys, summary: summary,
            hint: hint, location: resolver.context.location)
        }
      }
    }
  }

  /// Runs `body` with `@Bind` as the registration origin, unless an assembly's origin is current.
  private func withDiscoveryOrigin(_ body: () -> Void) {
    if RegistrationOrigin.current != nil { return body() }
    Container.withRegistrationOrigin("@Bind", body)
  }
}
