public import Loom

/// Registers a dependency shared while someone holds it, and made again after it was released.
///
/// A registration-DSL component that calls the core's `register` with the `weak` lifetime:
/// shared while someone else holds it, made again after it was released. Use it in
/// ``Assembly/registrations`` or in a ``Registrations`` block.
///
/// ```swift
/// Weak(ImageCache.self) { _ in ImageCache(capacity: 100) }
/// Weak(ImageCache.self, ImageCache.init)
/// ```
public struct Weak: RegistrationComponent {
  private let recipe: RegistrationRecipe

  /// Registers a factory for `type` (and `name`).
  ///
  /// The value must be a class instance; resolving a weak registration whose factory returns a
  /// struct fails with a type mismatch.
  ///
  /// ```swift
  /// Weak(ImageCache.self) { r in
  ///   ImageCache(capacity: r.resolve(Config.self).imageCacheSize)
  /// }
  /// Weak(ImageCache.self, dependencies: [DependencyKey(Config.self)]) { r in
  ///   ImageCache(capacity: r.resolve(Config.self).imageCacheSize)
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
      type, name: name, lifetime: .weak, dependencies: dependencies, fileID: fileID, line: line,
      factory: factory)
  }

  /// Registers an asynchronous factory for `type` (and `name`), resolved with `await`.
  ///
  /// ```swift
  /// Weak(ThumbnailStore.self) { r async throws in
  ///   try await ThumbnailStore.open(r.resolve(Config.self).cacheURL)
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
      type, name: name, lifetime: .weak, dependencies: dependencies, fileID: fileID, line: line,
      factory: factory)
  }

  /// Registers an initializer whose parameters are all resolved by type (auto-wiring).
  ///
  /// The parameters' types are the registration's edges in the graph, known without running it.
  ///
  /// ```swift
  /// Weak(ImageCache.self, ImageCache.init)  // init(config: Config)
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
      type, name: name, lifetime: .weak, fileID: fileID, line: line, initializer)
  }

  /// Overrides the factory of a key-path dependency.
  ///
  /// ```swift
  /// Weak(\.imageCache) { _ in ImageCache(capacity: 100) }
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
      keyPath, lifetime: .weak, fileID: fileID, line: line, factory: factory)
  }

  /// Overrides a key-path dependency with an asynchronous factory, resolved with `await`.
  ///
  /// ```swift
  /// Weak(\.thumbnails) { r async throws in try await ThumbnailStore.open(r.resolve()) }
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
      keyPath, lifetime: .weak, fileID: fileID, line: line, factory: factory)
  }

  /// Overrides a key-path dependency with an initializer whose parameters are resolved by type.
  ///
  /// ```swift
  /// Weak(\.imageCache, ImageCache.init)
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
    recipe = .keyPathInitializer(keyPath, lifetime: .weak, fileID: fileID, line: line, initializer)
  }

  /// Makes the registration in `container`.
  ///
  /// ```swift
  /// Weak(ImageCache.self, ImageCache.init).register(into: container)
  /// ```
  ///
  /// - Parameter container: The container to register into.
  public func register(into container: Container) {
    recipe.register(container)
  }
}
