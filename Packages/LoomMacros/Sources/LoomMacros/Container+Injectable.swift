extension Container {
  /// Registers an `@Injectable` type with no factory closure: the container calls the initializer
  /// the macro chose, resolving each parameter.
  ///
  /// The registration declares the initializer's parameters as its dependencies, so the graph and
  /// `validate()` see its edges before anything is resolved. An `async` initializer registers an
  /// asynchronous factory (resolve it with `await`), and a `@MainActor` type a main-actor one.
  ///
  /// ```swift
  /// container.register(UserService.self, lifetime: .singleton)
  /// container.register(Database.self, name: "archive")
  /// ```
  ///
  /// > Important: In a container made with `overridePolicy: .forbid`, registering a key twice
  /// > traps with a `duplicateRegistration` message naming both places.
  ///
  /// - Parameters:
  ///   - type: The `@Injectable` type to register.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live; the container's `defaultLifetime` (transient unless
  ///     changed) when nil.
  ///   - fileID: Where the registration is made, for `dump()` and errors.
  ///   - line: The line of the registration.
  @inlinable
  public func register<Value: Injectable & Sendable>(
    _ type: Value.Type, name: String? = nil, lifetime: Lifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let injection = Value._injection
    switch injection.factory {
    case .sync(let make):
      register(
        type, name: name, lifetime: lifetime, dependencies: injection.dependencies,
        fileID: fileID, line: line, factory: make)
    case .async(let make):
      register(
        type, name: name, lifetime: lifetime, dependencies: injection.dependencies,
        fileID: fileID, line: line, factory: make)
    case .mainActor(let make):
      _registerMainActor(
        type, name: name, lifetime: lifetime, dependencies: injection.dependencies,
        fileID: fileID, line: line, factory: make)
    }
  }

  /// Registers an `@Injectable` type that is not `Sendable`, with no factory closure: each
  /// instance is made for one caller and handed over (transient unless stated), so the type needs
  /// no change.
  ///
  /// A cached lifetime is refused at compile time for such a type (it would share one instance
  /// between isolation domains): make the type `Sendable`, isolate it to a global actor, or keep it
  /// transient; `ConfinedLifetime` says what else it takes. A `@MainActor` initializer makes a
  /// main-actor factory, as for a `Sendable` type.
  ///
  /// ```swift
  /// @Injectable
  /// final class ReportBuilder {  // not Sendable: it keeps mutable state
  ///   var lines: [String] = []
  ///   init(api: any APIClient) {}
  /// }
  ///
  /// container.register(ReportBuilder.self)
  /// container.register(ReportBuilder.self, name: "pass", lifetime: .graph)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The `@Injectable` type to register.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live, among the lifetimes that never share an instance
  ///     across isolation domains; transient when nil.
  ///   - fileID: Where the registration is made, for `dump()` and errors.
  ///   - line: The line of the registration.
  @inlinable
  public func register<Value: Injectable>(
    _ type: Value.Type, name: String? = nil, lifetime: ConfinedLifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let injection = Value._injection
    switch injection.factory {
    case .sync(let make):
      register(
        type, name: name, lifetime: lifetime, dependencies: injection.dependencies,
        fileID: fileID, line: line, factory: make)
    case .async(let make):
      register(
        type, name: name, lifetime: lifetime, dependencies: injection.dependencies,
        fileID: fileID, line: line, factory: make)
    case .mainActor(let make):
      // A main-actor function is an `@isolated(any)` factory of the main actor.
      register(
        type, name: name, lifetime: lifetime, dependencies: injection.dependencies,
        fileID: fileID, line: line, factory: make)
    }
  }

  /// Registers an `@Injectable` implementation for `type`, a protocol say, in one call: the
  /// container makes the implementation with the initializer the macro chose, resolving each
  /// parameter, and returns it as `type`.
  ///
  /// The implementation itself is not registered under its own key. The registration declares the
  /// initializer's parameters as its dependencies, so the graph and `validate()` see its edges
  /// before anything is resolved; an `async` initializer registers an asynchronous factory, and a
  /// `@MainActor` type a main-actor one. The core's `register(_:name:implementedBy:lifetime:)`
  /// does the same with an initializer (`implementedBy: LiveAPIClient.init`) for a type without
  /// `@Injectable`.
  ///
  /// ```swift
  /// @Injectable
  /// final class LiveAPIClient: APIClient {
  ///   init(http: HTTPClient, @Named("api") baseURL: URL) { ... }
  /// }
  ///
  /// container.register((any APIClient).self, implementedBy: LiveAPIClient.self, lifetime: .singleton)
  /// let api = container.resolve((any APIClient).self)  // a LiveAPIClient
  /// ```
  ///
  /// > Important: Swift cannot check at compile time that a type given this way conforms to a
  /// > generic key type, so the conversion is checked when the first instance is made: if the
  /// > implementation is not a `type`, resolving fails with a `typeMismatch` error naming both.
  /// > In a container made with `overridePolicy: .forbid`, registering a key twice traps with a
  /// > `duplicateRegistration` message naming both places.
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration, such as `(any APIClient).self`.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - implementation: The `@Injectable` type that provides the instances.
  ///   - lifetime: How long instances live; the container's `defaultLifetime` (transient unless
  ///     changed) when nil.
  ///   - fileID: Where the registration is made, for `dump()` and errors.
  ///   - line: The line of the registration.
  @inlinable
  public func register<Value: Sendable, Implementation: Injectable>(
    _ type: Value.Type, name: String? = nil, implementedBy implementation: Implementation.Type,
    lifetime: Lifetime? = nil, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let injection = Implementation._injection
    let dependencies = injection.dependencies
    switch injection.factory {
    case .sync(let make):
      register(
        type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
        line: line
      ) { r in try r._implementation(make(r), as: Value.self) }
    case .async(let make):
      register(
        type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
        line: line
      ) { r async throws in try r._implementation(await make(r), as: Value.self) }
    case .mainActor(let make):
      _registerMainActor(
        type, name: name, lifetime: lifetime, dependencies: dependencies, fileID: fileID,
        line: line
      ) { r in try r._implementation(make(r), as: Value.self) }
    }
  }

  /// Registers a main-actor factory that declares its dependencies.
  ///
  /// Plumbing for the code `@Module` writes for a `@MainActor` `@Provides` method. The core's
  /// `registerMainActor` declares no dependencies; this registers through a
  /// `DiscoveredBinding`, which does.
  ///
  /// ```swift
  /// container._registerMainActor(
  ///   ProfileModel.self, dependencies: [DependencyKey(UserService.self)]
  /// ) { r in ProfileModel(users: try r.tryResolve(UserService.self)) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live; the container's `defaultLifetime` when nil.
  ///   - dependencies: The keys the factory resolves.
  ///   - fileID: Where the registration is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value on the main actor.
  @_documentation(visibility: private) @inlinable
  public func _registerMainActor<Value: Sendable>(
    _ type: Value.Type, name: String? = nil, lifetime: Lifetime? = nil,
    dependencies: [DependencyKey], fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> Value
  ) {
    install(
      .mainActor(
        type, name: name, implementation: type, lifetime: lifetime, dependencies: dependencies,
        fileID: fileID, line: line, factory: factory))
  }
}
