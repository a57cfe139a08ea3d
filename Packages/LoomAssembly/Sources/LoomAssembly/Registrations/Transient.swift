public import Loom

/// Registers a dependency made anew for every resolve.
///
/// A registration-DSL component that calls the core's `register` with the `transient` lifetime:
/// a new instance for every resolve. Use it in ``Assembly/registrations`` or in a
/// ``Registrations`` block.
///
/// ```swift
/// Transient(Request.self) { r in Request(client: r.resolve()) }
/// Transient(Request.self, Request.init)
/// ```
public struct Transient: RegistrationComponent {
  private let recipe: RegistrationRecipe

  /// Registers a factory for `type` (and `name`).
  ///
  /// Every resolve runs the factory; nothing is cached.
  ///
  /// ```swift
  /// Transient(Request.self) { r in
  ///   Request(client: r.resolve(), clock: r.resolve())
  /// }
  /// Transient(Request.self, dependencies: [DependencyKey(HTTPClient.self)]) { r in
  ///   Request(client: r.resolve())
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
      type, name: name, lifetime: .transient, dependencies: dependencies, fileID: fileID,
      line: line,
      factory: factory)
  }

  /// Registers an asynchronous factory for `type` (and `name`), resolved with `await`.
  ///
  /// ```swift
  /// Transient(Snapshot.self) { r async throws in
  ///   try await Snapshot.capture(r.resolve(Database.self))
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
      type, name: name, lifetime: .transient, dependencies: dependencies, fileID: fileID,
      line: line,
      factory: factory)
  }

  /// Registers an initializer whose parameters are all resolved by type (auto-wiring).
  ///
  /// The parameters' types are the registration's edges in the graph, known without running it.
  ///
  /// ```swift
  /// Transient(Request.self, Request.init)  // init(client: HTTPClient, clock: Clock)
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
      type, name: name, lifetime: .transient, fileID: fileID, line: line, initializer)
  }

  /// Overrides the factory of a key-path dependency.
  ///
  /// ```swift
  /// Transient(\.request) { r in Request(client: r.resolve()) }
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
      keyPath, lifetime: .transient, fileID: fileID, line: line, factory: factory)
  }

  /// Overrides a key-path dependency with an asynchronous factory, resolved with `await`.
  ///
  /// ```swift
  /// Transient(\.snapshot) { r async throws in try await Snapshot.capture(r.resolve()) }
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
      keyPath, lifetime: .transient, fileID: fileID, line: line, factory: factory)
  }

  /// Overrides a key-path dependency with an initializer whose parameters are resolved by type.
  ///
  /// ```swift
  /// Transient(\.request, Request.init)
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
      keyPath, lifetime: .transient, fileID: fileID, line: line, initializer)
  }

  /// Makes the registration in `container`.
  ///
  /// ```swift
  /// Transient(Request.self, Request.init).register(into: container)
  /// ```
  ///
  /// - Parameter container: The container to register into.
  public func register(into container: Container) {
    recipe.register(container)
  }
}
