public import Loom

/// A registration-DSL component whose lifetime is fixed by its type: ``Singleton``,
/// ``Transient`` and ``Weak``.
///
/// Every such component offers the same six forms (a factory, an asynchronous factory or an
/// auto-wired initializer, for a type or for a key path), defined once here; ``Register`` takes the
/// lifetime as a parameter instead.
///
/// ```swift
/// var registrations: Registrations {
///   Singleton((any APIClient).self, LiveAPIClient.init)
///   Transient(Request.self) { r in Request(client: try r.tryResolve()) }
///   Weak(\.imageCache) { _ in ImageCache() }
/// }
/// ```
public protocol LifetimeComponent: RegistrationComponent {
  /// The lifetime of the registrations this component makes.
  ///
  /// ```swift
  /// Singleton.lifetime  // .singleton
  /// ```
  static var lifetime: Lifetime { get }

  /// Makes a component from a recipe. Use the public initializers instead.
  @_documentation(visibility: private)
  init(_recipe: _RegistrationRecipe)

  /// The component's recipe. Plumbing; not API.
  @_documentation(visibility: private)
  var _recipe: _RegistrationRecipe { get }
}

extension LifetimeComponent {
  /// Registers a factory for `type` (and `name`).
  ///
  /// ```swift
  /// Singleton(Database.self) { r in
  ///   try SQLiteDatabase(path: r.tryResolve(Config.self).databasePath)
  /// }
  /// Singleton(Database.self, dependencies: [DependencyKey(Config.self)]) { r in
  ///   try SQLiteDatabase(path: r.tryResolve(Config.self).databasePath)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration (a protocol, to bind an implementation).
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - dependencies: The keys the factory resolves, declared for the graph, so that
  ///     ``Assembly/validate()`` sees them without running the factory (`[]` when it resolves
  ///     none); when nil, they are recorded the first time it runs.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ type: Value.Type = Value.self, name: String? = nil, dependencies: [DependencyKey]? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) {
    self.init(
      _recipe: .factory(
        type, name: name, lifetime: Self.lifetime, dependencies: dependencies, fileID: fileID,
        line: line,
        factory: factory))
  }

  /// Registers an asynchronous factory for `type` (and `name`), resolved with `await`.
  ///
  /// ```swift
  /// Singleton(Database.self) { r async throws in
  ///   try await Database.open(r.tryResolve(Config.self).databaseURL)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - dependencies: The keys the factory resolves, declared for the graph, so that
  ///     ``Assembly/validate()`` sees them without running the factory (`[]` when it resolves
  ///     none); when nil, they are recorded the first time it runs.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ type: Value.Type = Value.self, name: String? = nil, dependencies: [DependencyKey]? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) {
    self.init(
      _recipe: .asyncFactory(
        type, name: name, lifetime: Self.lifetime, dependencies: dependencies, fileID: fileID,
        line: line,
        factory: factory))
  }

  /// Registers an initializer whose parameters are all resolved by type (auto-wiring).
  ///
  /// The parameters' types are the registration's edges in the graph, known without running it.
  ///
  /// ```swift
  /// Singleton((any APIClient).self, LiveAPIClient.init)  // init(http: HTTPClient)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  @inlinable
  public init<Value: Sendable, each Parameter>(
    _ type: Value.Type, name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    self.init(
      _recipe: .initializer(
        type, name: name, lifetime: Self.lifetime, fileID: fileID, line: line, initializer))
  }

  /// Overrides the factory of a key-path dependency.
  ///
  /// ```swift
  /// Singleton(\.api) { r in LiveAPIClient(http: try r.tryResolve()) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) {
    self.init(
      _recipe: .keyPathFactory(
        keyPath, lifetime: Self.lifetime, fileID: fileID, line: line, factory: factory))
  }

  /// Overrides a key-path dependency with an asynchronous factory, resolved with `await`.
  ///
  /// ```swift
  /// Singleton(\.database) { r async throws in try await Database.open(r.tryResolve()) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) {
    self.init(
      _recipe: .keyPathAsyncFactory(
        keyPath, lifetime: Self.lifetime, fileID: fileID, line: line, factory: factory))
  }

  /// Overrides a key-path dependency with an initializer whose parameters are resolved by type.
  ///
  /// ```swift
  /// Singleton(\.api, LiveAPIClient.init)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  @inlinable
  public init<Value: Sendable, each Parameter>(
    _ keyPath: DependencyKeyPath<Value>, fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    self.init(
      _recipe: .keyPathInitializer(
        keyPath, lifetime: Self.lifetime, fileID: fileID, line: line, initializer))
  }

  /// Makes the registration in `container`.
  ///
  /// ```swift
  /// Singleton(Clock.self) { _ in SystemClock() }.register(into: container)
  /// ```
  ///
  /// - Parameter container: The container to register into.
  public func register(into container: Container) {
    _recipe.register(container)
  }
}
