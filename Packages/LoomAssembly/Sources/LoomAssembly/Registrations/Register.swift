public import Loom

/// Registers a dependency with any lifetime, including one defined in another package.
///
/// The generic form of ``Singleton``, ``Transient`` and ``Weak``: it takes the `Lifetime`, so a
/// custom lifetime such as LoomSession's `.session` works without LoomAssembly knowing about it.
/// For a key path, the lifetime is optional: without one the declaration's lifetime is kept.
///
/// ```swift
/// Register(Cart.self, lifetime: .session) { _ in Cart() }
/// Register(UnitOfWork.self, lifetime: .graph, UnitOfWork.init)
/// Register(\.api) { _ in MockAPIClient() }  // keeps the lifetime declared with \.api
/// ```
public struct Register: RegistrationComponent {
  @usableFromInline let recipe: _RegistrationRecipe

  /// Registers a factory for `type` (and `name`) with `lifetime`.
  ///
  /// ```swift
  /// Register(Cart.self, lifetime: .session) { r in
  ///   Cart(owner: try r.tryResolve(User.self))
  /// }
  /// Register(Cart.self, lifetime: .session, dependencies: [DependencyKey(User.self)]) { r in
  ///   Cart(owner: try r.tryResolve(User.self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration (a protocol, to bind an implementation).
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live.
  ///   - dependencies: The keys the factory resolves, declared for the graph, so that
  ///     ``Assembly/validate()`` sees them without running the factory (`[]` when it resolves
  ///     none); when nil, they are recorded the first time it runs.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ type: Value.Type = Value.self, name: String? = nil, lifetime: Lifetime,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) {
    recipe = .factory(
      type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
      line: line, factory: factory)
  }

  /// Registers an asynchronous factory for `type` (and `name`) with `lifetime`, resolved with
  /// `await`.
  ///
  /// ```swift
  /// Register(Database.self, lifetime: .eagerSingleton) { r async throws in
  ///   try await Database.open(r.tryResolve(Config.self).databaseURL)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live.
  ///   - dependencies: The keys the factory resolves, declared for the graph, so that
  ///     ``Assembly/validate()`` sees them without running the factory (`[]` when it resolves
  ///     none); when nil, they are recorded the first time it runs.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ type: Value.Type = Value.self, name: String? = nil, lifetime: Lifetime,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) {
    recipe = .asyncFactory(
      type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
      line: line, factory: factory)
  }

  /// Registers an initializer whose parameters are all resolved by type (auto-wiring), with
  /// `lifetime`.
  ///
  /// ```swift
  /// Register(UnitOfWork.self, lifetime: .graph, UnitOfWork.init)  // init(database: Database)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  @inlinable
  public init<Value: Sendable, each Parameter>(
    _ type: Value.Type, name: String? = nil, lifetime: Lifetime, fileID: StaticString = #fileID,
    line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    recipe = .initializer(
      type, name: name, lifetime: lifetime, fileID: fileID, line: line, initializer)
  }

  /// Overrides the factory of a key-path dependency, keeping its declared lifetime unless given.
  ///
  /// ```swift
  /// Register(\.api) { _ in MockAPIClient() }
  /// Register(\.cart, lifetime: .session) { _ in Cart() }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - lifetime: How long instances live; the declaration's lifetime when `nil`.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) {
    recipe = .keyPathFactory(
      keyPath, lifetime: lifetime, fileID: fileID, line: line, factory: factory)
  }

  /// Overrides a key-path dependency with an asynchronous factory, keeping its declared lifetime
  /// unless given.
  ///
  /// ```swift
  /// Register(\.database) { r async throws in try await Database.openInMemory() }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - lifetime: How long instances live; the declaration's lifetime when `nil`.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) {
    recipe = .keyPathAsyncFactory(
      keyPath, lifetime: lifetime, fileID: fileID, line: line, factory: factory)
  }

  /// Overrides a key-path dependency with an initializer whose parameters are resolved by type,
  /// keeping its declared lifetime unless given.
  ///
  /// ```swift
  /// Register(\.api, lifetime: .session, StubAPIClient.init)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - lifetime: How long instances live; the declaration's lifetime when `nil`.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  @inlinable
  public init<Value: Sendable, each Parameter>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    recipe = .keyPathInitializer(
      keyPath, lifetime: lifetime, fileID: fileID, line: line, initializer)
  }

  // MARK: Values that are not Sendable

  /// Registers a factory for a type that is not `Sendable` (and `name`), with a lifetime that
  /// never shares its value across isolations: transient, `.graph`, or `.mainActor(...)`.
  ///
  /// Swift picks this initializer for such a type by itself, as it picks the core's `register`;
  /// the factory hands its value over (`sending`). A cached `Lifetime` does not compile with such a
  /// type (see the core's `ConfinedLifetime`). ``Transient``, ``Singleton`` and ``Weak`` take
  /// `Sendable` values only.
  ///
  /// ```swift
  /// Register(HTTPClient.self, lifetime: .transient) { _ in HTTPClient(session: .shared) }
  /// Register((any ProfileModeling).self, lifetime: .mainActor(.singleton)) { r in
  ///   ProfileModel(users: try r.tryResolve())
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live, and where they may be shared.
  ///   - dependencies: The keys the factory resolves, declared for the graph (`[]` when it
  ///     resolves none); when nil, they are recorded the first time it runs.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - isolation: The caller's actor; inferred. (It also tells this initializer apart from the
  ///     one for a `Sendable` value, which Swift prefers for such a value.)
  ///   - factory: Makes the value, which it hands over.
  public init<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, lifetime: ConfinedLifetime,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value
  ) {
    recipe = .confinedFactory(
      type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
      line: line, factory: factory)
  }

  /// Registers an asynchronous factory for a type that is not `Sendable`, resolved with `await`.
  ///
  /// ```swift
  /// Register(Connection.self, lifetime: .transient) { r async throws in
  ///   try await Connection.open(r.tryResolve(Config.self).serverURL)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live, and where they may be shared.
  ///   - dependencies: The keys the factory resolves, declared for the graph (`[]` when it
  ///     resolves none); when nil, they are recorded the first time it runs.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - isolation: The caller's actor; inferred. (It also tells this initializer apart from the
  ///     one for a `Sendable` value, which Swift prefers for such a value.)
  ///   - factory: Makes the value, which it hands over.
  public init<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, lifetime: ConfinedLifetime,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> sending Value
  ) {
    recipe = .confinedAsyncFactory(
      type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
      line: line, factory: factory)
  }

  /// Registers an initializer whose parameters are all resolved by type, for a type that is not
  /// `Sendable`; the initializer has no isolation of its own.
  ///
  /// ```swift
  /// Register(ReportBuilder.self, lifetime: .transient, ReportBuilder.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live, and where they may be shared.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - isolation: The caller's actor; inferred. (It also tells this initializer apart from the
  ///     one for a `Sendable` value, which Swift prefers for such a value.)
  ///   - initializer: Makes the value from its resolved parameters.
  @inlinable
  public init<Value, each Parameter>(
    _ type: Value.Type, name: String? = nil, lifetime: ConfinedLifetime,
    fileID: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    recipe = .confinedInitializer(
      type, name: name, lifetime: lifetime, fileID: fileID, line: line, initializer)
  }

  /// Overrides the factory of a key-path dependency whose value is not `Sendable`, keeping its
  /// declared lifetime unless given.
  ///
  /// ```swift
  /// Register(\.httpClient) { _ in HTTPClient(session: .ephemeral) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - lifetime: How long instances live, and where they may be shared; the declaration's
  ///     when `nil`.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - isolation: The caller's actor; inferred. (It also tells this initializer apart from the
  ///     one for a `Sendable` value, which Swift prefers for such a value.)
  ///   - factory: Makes the value, which it hands over.
  public init<Value>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: ConfinedLifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value
  ) {
    recipe = .confinedKeyPathFactory(
      keyPath, lifetime: lifetime, fileID: fileID, line: line, factory: factory)
  }

  /// Makes the registration in `container`.
  ///
  /// ```swift
  /// Register(Cart.self, lifetime: .session) { _ in Cart() }.register(into: container)
  /// ```
  ///
  /// - Parameter container: The container to register into.
  public func register(into container: Container) {
    recipe.register(container)
  }
}
