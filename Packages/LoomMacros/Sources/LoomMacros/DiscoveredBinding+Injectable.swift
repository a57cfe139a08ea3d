extension DiscoveredBinding {
  /// The binding of an `@Bind` type to a type key: plumbing for the link-time record `@Bind`
  /// writes.
  ///
  /// ```swift
  /// DiscoveredBinding._injectable(
  ///   LiveAPIClient.self, as: (any APIClient).self, lifetime: .singleton) { $0 }
  /// ```
  ///
  /// - Parameters:
  ///   - implementation: The `Injectable` type that provides the instances.
  ///   - key: The type the binding registers.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live; the installing container's `defaultLifetime` when
  ///     nil.
  ///   - fileID: Where the binding is declared.
  ///   - line: The line of the declaration.
  ///   - cast: Converts an implementation to the key's type (`{ $0 }`, checked by the compiler).
  /// - Returns: The binding.
  @_documentation(visibility: private) @inlinable
  public static func _injectable<Key: Sendable, Implementation: Injectable>(
    _ implementation: Implementation.Type, as key: Key.Type, name: String? = nil,
    lifetime: Lifetime? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    cast: @escaping @Sendable (Implementation) -> Key
  ) -> DiscoveredBinding {
    let injection = Implementation._injection
    let dependencies = injection.dependencies
    switch injection.factory {
    case .sync(let make):
      let factory: @Sendable (Resolver) throws -> Key = { r in cast(try make(r)) }
      return DiscoveredBinding(
        key, name: name, implementation: implementation, lifetime: lifetime,
        dependencies: dependencies, fileID: fileID, line: line, factory: factory)
    case .async(let make):
      let factory: @Sendable (Resolver) async throws -> Key = { r in cast(try await make(r)) }
      return DiscoveredBinding(
        key, name: name, implementation: implementation, lifetime: lifetime,
        dependencies: dependencies, fileID: fileID, line: line, factory: factory)
    case .mainActor(let make):
      return .mainActor(
        key, name: name, implementation: implementation, lifetime: lifetime,
        dependencies: dependencies, fileID: fileID, line: line
      ) { r in cast(try make(r)) }
    }
  }

  /// The binding of an `@Bind` type to a key-path dependency: plumbing for the link-time record
  /// `@Bind` writes.
  ///
  /// ```swift
  /// DiscoveredBinding._injectable(LiveAPIClient.self, as: \.api, lifetime: .singleton) { $0 }
  /// ```
  ///
  /// - Parameters:
  ///   - implementation: The `Injectable` type that provides the instances.
  ///   - keyPath: The key path to the `Dependency` the binding registers.
  ///   - lifetime: How long instances live; the declaration's lifetime when `nil`.
  ///   - fileID: Where the binding is declared.
  ///   - line: The line of the declaration.
  ///   - cast: Converts an implementation to the key's type (`{ $0 }`, checked by the compiler).
  /// - Returns: The binding.
  @_documentation(visibility: private) @inlinable
  public static func _injectable<Key: Sendable, Implementation: Injectable>(
    _ implementation: Implementation.Type, as keyPath: DependencyKeyPath<Key>,
    lifetime: Lifetime? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    cast: @escaping @Sendable (Implementation) -> Key
  ) -> DiscoveredBinding {
    let injection = Implementation._injection
    let dependencies = injection.dependencies
    switch injection.factory {
    case .sync(let make):
      let factory: @Sendable (Resolver) throws -> Key = { r in cast(try make(r)) }
      return DiscoveredBinding(
        keyPath, implementation: implementation, lifetime: lifetime, dependencies: dependencies,
        fileID: fileID, line: line, factory: factory)
    case .async(let make):
      let factory: @Sendable (Resolver) async throws -> Key = { r in cast(try await make(r)) }
      return DiscoveredBinding(
        keyPath, implementation: implementation, lifetime: lifetime, dependencies: dependencies,
        fileID: fileID, line: line, factory: factory)
    case .mainActor(let make):
      return .mainActor(
        keyPath, implementation: implementation, lifetime: lifetime, dependencies: dependencies,
        fileID: fileID, line: line
      ) { r in cast(try make(r)) }
    }
  }
}
