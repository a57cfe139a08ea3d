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
  ///   Cart(owner: try r.resolve(User.self))
  /// }
  /// Register(Cart.self, lifetime: .session, dependencies: [DependencyKey(User.self)]) { r in
  ///   Cart(owner: try r.resolve(User.self))
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
    factory: @escaping @Sendable (Resolver) throws -> Value
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
  ///   try await Database.open(r.resolve(Config.self).databaseURL)
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
    factory: @escaping @Sendable (Resolver) async throws -> Value
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
  public init<Value: Sendable, each Parameter: Sendable>(
    _ type: Value.Type, name: String? = nil, lifetime: Lifetime, fileID: StaticString = #fileID,
    line: UInt = #line, _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
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
    factory: @escaping @Sendable (Resolver) throws -> Value
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
    factory: @escaping @Sendable (Resolver) async throws -> Value
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
  public init<Value: Sendable, each Parameter: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    recipe = .keyPathInitializer(
      keyPath, lifetime: lifetime, fileID: fileID, line: line, initializer)
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
