public import Loom

/// How a DSL component makes its registration (plumbing, not API): a call of the core's `register` with the
/// component's lifetime, kept until the component is registered into a container.
///
/// Every DSL initializer forwards its `fileID` and `line`, so `dump()` and errors point at the
/// line of the component, not at this file.
@_documentation(visibility: private)
public struct _RegistrationRecipe {
  @usableFromInline let register: (Container) -> Void

  @usableFromInline
  init(_ register: @escaping (Container) -> Void) {
    self.register = register
  }

  static func factory<Value: Sendable>(
    _ type: Value.Type, name: String?, lifetime: Lifetime, dependencies: [DependencyKey]?,
    fileID: StaticString, line: UInt,
    factory: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) -> Self {
    Self {
      $0.register(
        type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
        line: line, factory: factory)
    }
  }

  static func asyncFactory<Value: Sendable>(
    _ type: Value.Type, name: String?, lifetime: Lifetime, dependencies: [DependencyKey]?,
    fileID: StaticString, line: UInt,
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) -> Self {
    Self {
      $0.register(
        type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
        line: line, factory: factory)
    }
  }

  // NB: the two auto-wiring recipes are `@inlinable`, like the core's `register` they call and
  // the DSL initializers that make them, so the factory `autowired(_:)` builds is specialised in
  // the module that names the initializer instead of running generic code in this one.
  @inlinable
  static func initializer<Value: Sendable, each Parameter>(
    _ type: Value.Type, name: String?, lifetime: Lifetime, fileID: StaticString, line: UInt,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Self {
    Self {
      $0.register(type, name: name, lifetime: lifetime, fileID: fileID, line: line, initializer)
    }
  }

  static func keyPathFactory<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime?, fileID: StaticString, line: UInt,
    factory: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) -> Self {
    Self { $0.register(keyPath, lifetime: lifetime, fileID: fileID, line: line, factory: factory) }
  }

  static func keyPathAsyncFactory<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime?, fileID: StaticString, line: UInt,
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) -> Self {
    Self { $0.register(keyPath, lifetime: lifetime, fileID: fileID, line: line, factory: factory) }
  }

  @inlinable
  static func keyPathInitializer<Value: Sendable, each Parameter>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime?, fileID: StaticString, line: UInt,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Self {
    Self { $0.register(keyPath, lifetime: lifetime, fileID: fileID, line: line, initializer) }
  }

  // MARK: Values that are not Sendable

  static func confinedFactory<Value>(
    _ type: Value.Type, name: String?, lifetime: ConfinedLifetime,
    dependencies: [DependencyKey]?, fileID: StaticString, line: UInt,
    factory: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value
  ) -> Self {
    Self {
      $0.register(
        type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
        line: line, factory: factory)
    }
  }

  static func confinedAsyncFactory<Value>(
    _ type: Value.Type, name: String?, lifetime: ConfinedLifetime,
    dependencies: [DependencyKey]?, fileID: StaticString, line: UInt,
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> sending Value
  ) -> Self {
    Self {
      $0.register(
        type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
        line: line, factory: factory)
    }
  }

  @inlinable
  static func confinedInitializer<Value, each Parameter>(
    _ type: Value.Type, name: String?, lifetime: ConfinedLifetime, fileID: StaticString,
    line: UInt,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Self {
    Self {
      $0.register(type, name: name, lifetime: lifetime, fileID: fileID, line: line, initializer)
    }
  }

  static func confinedKeyPathFactory<Value>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: ConfinedLifetime?, fileID: StaticString,
    line: UInt, factory: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value
  ) -> Self {
    Self { $0.register(keyPath, lifetime: lifetime, fileID: fileID, line: line, factory: factory) }
  }
}
