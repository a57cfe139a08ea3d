/// A registration declared on an implementation type, found when the program runs.
///
/// LoomMacros' `@Bind` macro declares one on the type it is attached to, in whatever module the
/// type lives, with no central list: the linker collects the bindings of every module linked into
/// the program, and ``Container/discoveredBindings`` lists them. ``Container/default`` installs
/// them before its first use; any other container installs them on request, with
/// ``Container/installDiscoveredBindings()``.
///
/// ```swift
/// // In a feature module:
/// @Bind(\.api, lifetime: .singleton)
/// final class LiveAPIClient: APIClient { init(http: HTTPClient) { ... } }
///
/// // Anywhere in the app:
/// let api = Container.default.resolve(\.api)  // a LiveAPIClient
/// for binding in Container.discoveredBindings { print(binding) }
/// ```
///
/// You rarely make one yourself; the initializers are what the generated code calls. A binding
/// behaves like the `register` call it stands for: installing it registers its factory with its
/// lifetime and declared dependencies, so the graph and ``Container/validate(_:)`` see its edges.
public struct DiscoveredBinding: Sendable, CustomStringConvertible {
  /// The key the binding registers.
  ///
  /// ```swift
  /// print(binding.key)  // \.api
  /// ```
  public let key: DependencyKey
  /// The type that provides the instances, such as `LiveAPIClient`.
  ///
  /// ```swift
  /// print(binding.implementation)  // LiveAPIClient
  /// ```
  public let implementation: any Any.Type
  /// The lifetime the binding asks for; `nil` for a key path that keeps its declared lifetime, or
  /// a type key that takes the installing container's ``Container/defaultLifetime``.
  ///
  /// ```swift
  /// binding.lifetime == .singleton
  /// ```
  public let lifetime: Lifetime?
  /// The keys the implementation's factory resolves, declared for the graph.
  ///
  /// ```swift
  /// print(binding.dependencies)  // [HTTPClient]
  /// ```
  public let dependencies: [DependencyKey]
  /// Where the binding is declared.
  ///
  /// ```swift
  /// print(binding.location)  // Networking/LiveAPIClient.swift:12
  /// ```
  public let location: CodeLocation
  /// Registers the binding in a container; with a failure, a registration of the same key and
  /// type whose resolves throw that failure instead (for a key bound twice).
  let register: @Sendable (Container, _ failure: (@Sendable (Resolver) -> ResolutionError)?) -> Void

  private init(
    key: DependencyKey, implementation: any Any.Type, lifetime: Lifetime?,
    dependencies: [DependencyKey], location: CodeLocation,
    register: @escaping @Sendable (Container, (@Sendable (Resolver) -> ResolutionError)?) -> Void
  ) {
    self.key = key
    self.implementation = implementation
    self.lifetime = lifetime
    self.dependencies = dependencies
    self.location = location
    self.register = register
  }

  /// `\.api → LiveAPIClient (singleton) at Networking/LiveAPIClient.swift:12`.
  ///
  /// ```swift
  /// print(binding)
  /// ```
  public var description: String {
    let lifetime = self.lifetime.map { " (\($0))" } ?? ""
    return "\(key) → \(typeName(implementation))\(lifetime) at \(location)"
  }

  /// `LiveAPIClient (Networking/LiveAPIClient.swift:12)`: how a conflict names the binding.
  var origin: String { "\(typeName(implementation)) (\(location))" }
}

// MARK: - Bindings of type keys

extension DiscoveredBinding {
  /// A binding of `type` (and `name`) to a synchronous factory.
  ///
  /// ```swift
  /// let binding = DiscoveredBinding(
  ///   (any APIClient).self, implementation: LiveAPIClient.self, lifetime: .singleton,
  ///   dependencies: [DependencyKey(HTTPClient.self)]
  /// ) { r in LiveAPIClient(http: try r.tryResolve()) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type the binding registers.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - implementation: The type that provides the instances.
  ///   - lifetime: How long instances live; the installing container's
  ///     ``Container/defaultLifetime`` (transient unless changed) when nil.
  ///   - dependencies: The keys the factory resolves, declared for the graph.
  ///   - fileID: Where the binding is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ type: Value.Type, name: String? = nil, implementation: any Any.Type,
    lifetime: Lifetime? = nil, dependencies: [DependencyKey] = [],
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) {
    self.init(
      type, name: name, implementation: implementation, lifetime: lifetime,
      dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line),
      factory: .sync(sendable: factory))
  }

  /// A binding of `type` (and `name`) to an asynchronous factory.
  ///
  /// ```swift
  /// let binding = DiscoveredBinding(Database.self, implementation: SQLiteDatabase.self) { r in
  ///   try await SQLiteDatabase.open(r.tryResolveAsync(Config.self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type the binding registers.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - implementation: The type that provides the instances.
  ///   - lifetime: How long instances live; the installing container's
  ///     ``Container/defaultLifetime`` (transient unless changed) when nil.
  ///   - dependencies: The keys the factory resolves, declared for the graph.
  ///   - fileID: Where the binding is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ type: Value.Type, name: String? = nil, implementation: any Any.Type,
    lifetime: Lifetime? = nil, dependencies: [DependencyKey] = [],
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) async throws -> Value
  ) {
    self.init(
      type, name: name, implementation: implementation, lifetime: lifetime,
      dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line),
      factory: .async(sendable: factory))
  }

  /// A binding of `type` (and `name`) to a factory that runs on the main actor.
  ///
  /// ```swift
  /// let binding = DiscoveredBinding.mainActor(
  ///   ProfileViewModel.self, implementation: ProfileViewModel.self,
  ///   dependencies: [DependencyKey(UserService.self)]
  /// ) { r in ProfileViewModel(users: try r.tryResolve()) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type the binding registers.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - implementation: The type that provides the instances.
  ///   - lifetime: How long instances live; the installing container's
  ///     ``Container/defaultLifetime`` (transient unless changed) when nil.
  ///   - dependencies: The keys the factory resolves, declared for the graph.
  ///   - fileID: Where the binding is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value on the main actor.
  /// - Returns: The binding.
  public static func mainActor<Value: Sendable>(
    _ type: Value.Type, name: String? = nil, implementation: any Any.Type,
    lifetime: Lifetime? = nil, dependencies: [DependencyKey] = [],
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> Value
  ) -> DiscoveredBinding {
    DiscoveredBinding(
      type, name: name, implementation: implementation, lifetime: lifetime,
      dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line),
      factory: .mainActor(sendable: factory))
  }

  private init<Value: Sendable>(
    _ type: Value.Type, name: String?, implementation: any Any.Type, lifetime: Lifetime?,
    dependencies: [DependencyKey], location: CodeLocation,
    factory: FactoryClosure<Value>
  ) {
    self.init(
      key: DependencyKey(type, name: name), keyPath: nil, implementation: implementation,
      lifetime: lifetime, dependencies: dependencies, location: location, factory: factory)
  }

  /// A binding of `key` (made from `keyPath` for a key-path dependency, whose declared lifetime
  /// is the default) to `factory`.
  private init<Value: Sendable>(
    key: DependencyKey, keyPath: DependencyKeyPath<Value>?, implementation: any Any.Type,
    lifetime: Lifetime?, dependencies: [DependencyKey], location: CodeLocation,
    factory: FactoryClosure<Value>
  ) {
    self.init(
      key: key, implementation: implementation, lifetime: lifetime, dependencies: dependencies,
      location: location
    ) { container, failure in
      if let failure {
        container.add(
          key, keyPath: keyPath, lifetime: .transient,
          factory: FactoryClosure<Value>.failing(failure), dependencies: [], location: location)
      } else {
        container.add(
          key, keyPath: keyPath,
          lifetime: lifetime ?? keyPath.flatMap { container[keyPath: $0].lifetime },
          factory: factory, dependencies: dependencies, location: location)
      }
    }
  }
}

// MARK: - Bindings of key paths

extension DiscoveredBinding {
  /// A binding of a key-path dependency to a synchronous factory.
  ///
  /// ```swift
  /// let binding = DiscoveredBinding(\.api, implementation: LiveAPIClient.self) { r in
  ///   LiveAPIClient(http: try r.tryResolve())
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - implementation: The type that provides the instances.
  ///   - lifetime: How long instances live; the declaration's lifetime when `nil`.
  ///   - dependencies: The keys the factory resolves, declared for the graph.
  ///   - fileID: Where the binding is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, implementation: any Any.Type, lifetime: Lifetime? = nil,
    dependencies: [DependencyKey] = [], fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) {
    self.init(
      keyPath, implementation: implementation, lifetime: lifetime, dependencies: dependencies,
      location: CodeLocation(fileID: fileID, line: line), factory: .sync(sendable: factory))
  }

  /// A binding of a key-path dependency to an asynchronous factory.
  ///
  /// ```swift
  /// let binding = DiscoveredBinding(\.database, implementation: SQLiteDatabase.self) { r in
  ///   try await SQLiteDatabase.open(r.tryResolveAsync(Config.self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - implementation: The type that provides the instances.
  ///   - lifetime: How long instances live; the declaration's lifetime when `nil`.
  ///   - dependencies: The keys the factory resolves, declared for the graph.
  ///   - fileID: Where the binding is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value.
  public init<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, implementation: any Any.Type, lifetime: Lifetime? = nil,
    dependencies: [DependencyKey] = [], fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) async throws -> Value
  ) {
    self.init(
      keyPath, implementation: implementation, lifetime: lifetime, dependencies: dependencies,
      location: CodeLocation(fileID: fileID, line: line), factory: .async(sendable: factory))
  }

  /// A binding of a key-path dependency to a factory that runs on the main actor.
  ///
  /// ```swift
  /// let binding = DiscoveredBinding.mainActor(\.profileModel, implementation: ProfileModel.self) {
  ///   r in ProfileModel(users: try r.tryResolve())
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - implementation: The type that provides the instances.
  ///   - lifetime: How long instances live; the declaration's lifetime when `nil`.
  ///   - dependencies: The keys the factory resolves, declared for the graph.
  ///   - fileID: Where the binding is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value on the main actor.
  /// - Returns: The binding.
  public static func mainActor<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, implementation: any Any.Type, lifetime: Lifetime? = nil,
    dependencies: [DependencyKey] = [], fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> Value
  ) -> DiscoveredBinding {
    DiscoveredBinding(
      keyPath, implementation: implementation, lifetime: lifetime, dependencies: dependencies,
      location: CodeLocation(fileID: fileID, line: line),
      factory: .mainActor(sendable: factory))
  }

  private init<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, implementation: any Any.Type, lifetime: Lifetime?,
    dependencies: [DependencyKey], location: CodeLocation,
    factory: FactoryClosure<Value>
  ) {
    // NB: the declaration only names the property (for messages, `\.api`); reading it from a
    // container of its own runs no factory and cannot reach Container.default, which may be the
    // container being made right now.
    let declaration = DiscoveryProbe.container[keyPath: keyPath]
    self.init(
      key: DependencyKey(keyPath, propertyName: declaration.name), keyPath: keyPath,
      implementation: implementation, lifetime: lifetime, dependencies: dependencies,
      location: location, factory: factory)
  }
}

extension FactoryClosure {
  /// A factory that throws `failure` for every resolve.
  static func failing(_ failure: @escaping @Sendable (Resolver) -> ResolutionError) -> Self {
    .sync { resolver in throw failure(resolver) }
  }
}

/// The container that key-path declarations are read from for their names, while bindings are made
/// and when a key made from a key path alone is described: reading a declaration runs no factory,
/// and this container is never one the app uses (nor `Container.default`, which may be the one
/// being made).
enum DiscoveryProbe {
  static let container = Container()
}
