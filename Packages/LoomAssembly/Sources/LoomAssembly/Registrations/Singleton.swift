public import Loom

/// Registers a dependency with one instance per container, made on first use.
///
/// A registration-DSL component that calls the core's `register` with the `singleton` lifetime:
/// one instance per container that holds it, made on first use. Use it in
/// ``Assembly/registrations`` or in a ``Registrations`` block.
///
/// ```swift
/// Singleton((any APIClient).self, LiveAPIClient.init)
/// Singleton(Config.self) { _ in Config(baseURL: baseURL) }
/// ```
public struct Singleton: RegistrationComponent {
  private let recipe: RegistrationRecipe

  /// Registers a factory for `type` (and `name`).
  ///
  /// The factory runs exactly once per container, however many threads race for the first
  /// instance. A singleton registered in a parent is shared with the parent's children.
  ///
  /// ```swift
  /// Singleton(Database.self) { r in
  ///   try SQLiteDatabase(path: r.resolve(Config.self).databasePath)
  /// }
  /// Singleton(Database.self, dependencies: [DependencyKey(Config.self)]) { r in
  ///   try SQLiteDatabase(path: r.resolve(Config.self).databasePath)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration (a protocol, to bind an implementation).
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - dependencies: The keys the factory resolves, declared for the graph, so that
  ///     ``Assembly/validate()`` sees them without running the factory.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ type: Value.Type = Value.self, name: String? = nil, dependencies: [DependencyKey] = [],
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) {
    recipe = .factory(
      type, name: name, lifetime: .singleton, dependencies: dependencies, fileID: fileID,
      line: line,
      factory: factory)
  }

  /// Registers an asynchronous factory for `type` (and `name`), resolved with `await`.
  ///
  /// ```swift
  /// Singleton(Database.self) { r async throws in
  ///   try await Database.open(r.resolve(Config.self).databaseURL)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - dependencies: The keys the factory resolves, declared for the graph, so that
  ///     ``Assembly/validate()`` sees them without running the factory.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ type: Value.Type = Value.self, name: String? = nil, dependencies: [DependencyKey] = [],
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) async throws -> Value
  ) {
    recipe = .asyncFactory(
      type, name: name, lifetime: .singleton, dependencies: dependencies, fileID: fileID,
      line: line,
      factory: factory)
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
  public init<Value: Sendable, each Parameter: Sendable>(
    _ type: Value.Type, name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    recipe = .initializer(
      type, name: name, lifetime: .singleton, fileID: fileID, line: line, initializer)
  }

  /// Overrides the factory of a key-path dependency.
  ///
  /// ```swift
  /// Singleton(\.api) { r in LiveAPIClient(http: r.resolve()) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) {
    recipe = .keyPathFactory(
      keyPath, lifetime: .singleton, fileID: fileID, line: line, factory: factory)
  }

  /// Overrides a key-path dependency with an asynchronous factory, resolved with `await`.
  ///
  /// ```swift
  /// Singleton(\.database) { r async throws in try await Database.open(r.resolve()) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - fileID: Where the registration is written, for `dump()` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) async throws -> Value
  ) {
    recipe = .keyPathAsyncFactory(
      keyPath, lifetime: .singleton, fileID: fileID, line: line, factory: factory)
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
  public init<Value: Sendable, each Parameter: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    recipe = .keyPathInitializer(
      keyPath, lifetime: .singleton, fileID: fileID, line: line, initializer)
  }

  /// Makes the registration in `container`.
  ///
  /// ```swift
  /// Singleton(Clock.self) { _ in SystemClock() }.register(into: container)
  /// ```
  ///
  /// - Parameter container: The container to register into.
  public func register(into container: Container) {
    recipe.register(container)
  }
}
