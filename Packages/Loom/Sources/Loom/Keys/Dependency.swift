/// A dependency declared as a computed property of ``Container``, with its default factory and
/// lifetime.
///
/// Declare it once in an extension; resolve it by key path anywhere. A declaration that carries
/// its factory can never be "unregistered"; registering the same key path replaces the default (in
/// tests, previews, or one feature's child container). A declaration without a factory
/// (``init(_:name:fileID:line:)``) is a key that something must register. Two key paths of the same
/// value type are two different dependencies.
///
/// ```swift
/// extension Container {
///   var api: Dependency<any APIClient> {
///     Dependency(.singleton) { r in LiveAPIClient(http: try r.tryResolve()) }
///   }
///   var userService: Dependency<UserService> {
///     Dependency(UserService.init)  // auto-wired: every parameter resolved by type
///   }
/// }
///
/// let api = container.resolve(\.api)
/// container.register(\.api) { _ in MockAPIClient() }  // override
/// ```
public struct Dependency<Value>: Sendable {
  /// The declared lifetime; nil for the root container's ``Container/defaultLifetime``.
  @usableFromInline let lifetime: Lifetime?
  /// How its values may be shared: `.sendable` for a `Sendable` value, otherwise as its
  /// ``ConfinedLifetime`` says.
  @usableFromInline let sharing: ConfinedLifetime.Sharing
  @usableFromInline let name: String
  @usableFromInline let location: CodeLocation
  /// The default factory; nil for a key declared without one, which must be registered.
  @usableFromInline let factory: FactoryClosure<Value>?
  /// The keys the default factory resolves; nil when they are not declared (see
  /// ``Container/register(_:name:lifetime:dependencies:fileID:line:factory:)``).
  @usableFromInline let declaredDependencies: [DependencyKey]?
  /// What the declaration's modifiers added: context alternatives, decorators, a completion.
  @usableFromInline var extras = DeclarationExtras<Value>()

  @usableFromInline
  init(
    lifetime: Lifetime?, sharing: ConfinedLifetime.Sharing, name: String, location: CodeLocation,
    factory: FactoryClosure<Value>?, declaredDependencies: [DependencyKey]?
  ) {
    self.lifetime = lifetime
    self.sharing = sharing
    self.name = name
    self.location = location
    self.factory = factory
    self.declaredDependencies = declaredDependencies
  }

  /// The declared lifetime of a value that is not `Sendable`, nil when it declares none.
  var confinedLifetime: ConfinedLifetime? {
    lifetime.map { ConfinedLifetime($0, sharing: sharing == .sendable ? .unshared : sharing) }
  }
}

// MARK: - Declaring a Sendable value

extension Dependency where Value: Sendable {
  /// Declares a key with no default: something must register it before it is resolved.
  ///
  /// Resolving it while nothing is registered fails with ``ResolutionError/Code/notRegistered``
  /// naming the key path, and ``Container/validate(_:)`` reports it as missing once the container
  /// knows of it (through ``Container/declare(_:)`` or a resolve).
  ///
  /// ```swift
  /// extension Container {
  ///   var payments: Dependency<any PaymentProcessor> { Dependency(.singleton) }
  /// }
  ///
  /// container.register(\.payments) { _ in StripeProcessor() }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long instances of what is registered for it live, unless the registration
  ///     says otherwise; the registering container's ``Container/defaultLifetime`` when nil.
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  public init(
    _ lifetime: Lifetime? = nil, name: String = #function, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(
      lifetime: lifetime, sharing: .sendable, name: name,
      location: CodeLocation(fileID: fileID, line: line), factory: nil, declaredDependencies: [])
  }

  /// Declares a dependency made by a closure that resolves what it needs from a ``Resolver``.
  ///
  /// A closure written in a `@MainActor` function, or marked `@MainActor` (or another global
  /// actor), makes the value on that actor.
  ///
  /// ```swift
  /// var database: Dependency<Database> {
  ///   Dependency(.singleton) { r in
  ///     SQLiteDatabase(path: try r.tryResolve(Config.self).databasePath)
  ///   }
  /// }
  /// var profileModel: Dependency<ProfileViewModel> {
  ///   Dependency(.singleton) { @MainActor r in ProfileViewModel(users: try r.tryResolve()) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long instances live; the root container's ``Container/defaultLifetime``
  ///     (transient unless changed) when nil.
  ///   - dependencies: The keys the factory resolves, for the graph and ``Container/validate(_:)``
  ///     (`[]` when it resolves none); when nil, they are recorded the first time it runs.
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value.
  @inlinable
  public init(
    _ lifetime: Lifetime? = nil, dependencies: [DependencyKey]? = nil,
    name: String = #function, fileID: StaticString = #fileID,
    line: UInt = #line,
    @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) {
    self.init(
      lifetime: lifetime, sharing: .sendable, name: name,
      location: CodeLocation(fileID: fileID, line: line), factory: .sync(isolated: factory),
      declaredDependencies: dependencies)
  }

  /// Declares a dependency made by an initializer (or function) whose parameters are all resolved
  /// by type.
  ///
  /// The parameters' types are the dependency's edges in the graph, known without running it.
  ///
  /// ```swift
  /// var userService: Dependency<UserService> { Dependency(.singleton, UserService.init) }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long instances live; the root container's ``Container/defaultLifetime``
  ///     (transient unless changed) when nil.
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - initializer: Makes the value from its resolved parameters.
  @inlinable
  public init<each Parameter>(
    _ lifetime: Lifetime? = nil, name: String = #function, fileID: StaticString = #fileID,
    line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    let (factory, dependencies) = autowired(initializer)
    self.init(
      lifetime: lifetime, sharing: .sendable, name: name,
      location: CodeLocation(fileID: fileID, line: line), factory: factory,
      declaredDependencies: dependencies)
  }

  /// Declares a dependency made by an asynchronous factory.
  ///
  /// Resolve it with `await` (``TopLevelResolving/resolveAsync(_:fileID:line:)``); a synchronous resolve
  /// fails with ``ResolutionError/Code/asyncRequired`` unless the instance is already cached.
  ///
  /// ```swift
  /// var database: Dependency<Database> {
  ///   Dependency(.singleton) { r async throws in try await Database.open(r.tryResolve()) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long instances live; the root container's ``Container/defaultLifetime``
  ///     (transient unless changed) when nil.
  ///   - dependencies: The keys the factory resolves, for the graph and ``Container/validate(_:)``
  ///     (`[]` when it resolves none); when nil, they are recorded the first time it runs.
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value.
  @inlinable
  public init(
    _ lifetime: Lifetime? = nil, dependencies: [DependencyKey]? = nil,
    name: String = #function, fileID: StaticString = #fileID,
    line: UInt = #line,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) {
    self.init(
      lifetime: lifetime, sharing: .sendable, name: name,
      location: CodeLocation(fileID: fileID, line: line), factory: .async(isolated: factory),
      declaredDependencies: dependencies)
  }

  /// Declares a dependency made on the main actor, for a `@MainActor` type.
  ///
  /// The same as the initializer with a factory closure written `@MainActor` (or in a `@MainActor`
  /// function), which is the simpler spelling.
  ///
  /// ```swift
  /// var profileModel: Dependency<ProfileViewModel> {
  ///   .mainActor(.singleton) { r in ProfileViewModel(users: try r.tryResolve()) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long instances live; the root container's ``Container/defaultLifetime``
  ///     (transient unless changed) when nil.
  ///   - dependencies: The keys the factory resolves, for the graph and ``Container/validate(_:)``
  ///     (`[]` when it resolves none); when nil, they are recorded the first time it runs.
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - factory: Makes the value on the main actor.
  /// - Returns: The declaration.
  @inlinable
  public static func mainActor(
    _ lifetime: Lifetime? = nil, dependencies: [DependencyKey]? = nil,
    name: String = #function, fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> Value
  ) -> Dependency {
    Dependency(
      lifetime: lifetime, sharing: .sendable, name: name,
      location: CodeLocation(fileID: fileID, line: line),
      factory: .mainActor(sendable: factory), declaredDependencies: dependencies)
  }

  /// Declares a dependency made by an initializer whose parameters are all resolved by type, with
  /// the root container's ``Container/defaultLifetime`` (transient unless changed).
  ///
  /// ```swift
  /// var userService: Dependency<UserService> { Dependency(UserService.init) }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - initializer: Makes the value from its resolved parameters.
  @inlinable
  public init<each Parameter>(
    name: String = #function, fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    self.init(nil, name: name, fileID: fileID, line: line, initializer)
  }
}

// MARK: - Declaring a value that is not Sendable

extension Dependency {
  /// Declares a key with no default for a value that is not `Sendable`.
  ///
  /// ```swift
  /// extension Container {
  ///   var httpClient: Dependency<HTTPClient> { Dependency(.transient) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long instances of what is registered for it live, and where they may be
  ///     shared, unless the registration says otherwise; transient when nil.
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - isolation: The caller's actor; inferred. (It also tells these initializers apart from
  ///     those of a `Sendable` value, which Swift prefers for such a value.)
  public init(
    _ lifetime: ConfinedLifetime? = nil, name: String = #function, fileID: StaticString = #fileID,
    line: UInt = #line, isolation: isolated (any Actor)? = #isolation
  ) {
    self.init(
      lifetime: lifetime?.lifetime, sharing: lifetime?.sharing ?? .unshared, name: name,
      location: CodeLocation(fileID: fileID, line: line), factory: nil, declaredDependencies: [])
  }

  /// Declares a dependency whose value is not `Sendable`, made by a closure: a value that is never
  /// shared, or shared on the main actor only (see ``ConfinedLifetime``).
  ///
  /// ```swift
  /// extension Container {
  ///   var httpClient: Dependency<HTTPClient> { Dependency { _ in HTTPClient(session: .shared) } }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long instances live, and where they may be shared; transient when nil.
  ///   - dependencies: The keys the factory resolves, for the graph and ``Container/validate(_:)``
  ///     (`[]` when it resolves none); when nil, they are recorded the first time it runs.
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - isolation: The caller's actor; inferred. (It also tells these initializers apart from
  ///     those of a `Sendable` value, which Swift prefers for such a value.)
  ///   - factory: Makes the value, which it hands over.
  @inlinable
  public init(
    _ lifetime: ConfinedLifetime? = nil, dependencies: [DependencyKey]? = nil,
    name: String = #function, fileID: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value
  ) {
    self.init(
      lifetime: lifetime?.lifetime, sharing: lifetime?.sharing ?? .unshared, name: name,
      location: CodeLocation(fileID: fileID, line: line),
      factory: .sync(isolatedSending: factory), declaredDependencies: dependencies)
  }

  /// Declares a dependency whose value is not `Sendable`, made by an initializer whose parameters
  /// are all resolved by type.
  ///
  /// ```swift
  /// var reportBuilder: Dependency<ReportBuilder> { Dependency(.transient, ReportBuilder.init) }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long instances live, and where they may be shared; transient when nil.
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - isolation: The caller's actor; inferred. (It also tells these initializers apart from
  ///     those of a `Sendable` value, which Swift prefers for such a value.)
  ///   - initializer: Makes the value from its resolved parameters.
  @inlinable
  public init<each Parameter>(
    _ lifetime: ConfinedLifetime?, name: String = #function, fileID: StaticString = #fileID,
    line: UInt = #line, isolation: isolated (any Actor)? = #isolation,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    let (factory, dependencies) = autowired(initializer)
    self.init(
      lifetime: lifetime?.lifetime, sharing: lifetime?.sharing ?? .unshared, name: name,
      location: CodeLocation(fileID: fileID, line: line), factory: factory,
      declaredDependencies: dependencies)
  }

  /// Declares a transient dependency whose value is not `Sendable`, made by an initializer whose
  /// parameters are all resolved by type.
  ///
  /// ```swift
  /// var reportBuilder: Dependency<ReportBuilder> { Dependency(ReportBuilder.init) }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - isolation: The caller's actor; inferred. (It also tells these initializers apart from
  ///     those of a `Sendable` value, which Swift prefers for such a value.)
  ///   - initializer: Makes the value from its resolved parameters.
  @inlinable
  public init<each Parameter>(
    name: String = #function, fileID: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    self.init(
      .transient, name: name, fileID: fileID, line: line, isolation: isolation, initializer)
  }

  /// Declares a dependency whose value is not `Sendable`, made by an asynchronous factory.
  ///
  /// ```swift
  /// var session: Dependency<Session> {
  ///   Dependency { r async throws in try await Session.open(r.tryResolve()) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: How long instances live, and where they may be shared; transient when nil.
  ///   - dependencies: The keys the factory resolves, for the graph and ``Container/validate(_:)``
  ///     (`[]` when it resolves none); when nil, they are recorded the first time it runs.
  ///   - name: The property's name, captured automatically; shown in messages as `\.name`.
  ///   - fileID: Where the dependency is declared.
  ///   - line: The line of the declaration.
  ///   - isolation: The caller's actor; inferred. (It also tells these initializers apart from
  ///     those of a `Sendable` value, which Swift prefers for such a value.)
  ///   - factory: Makes the value, which it hands over.
  @inlinable
  public init(
    _ lifetime: ConfinedLifetime? = nil, dependencies: [DependencyKey]? = nil,
    name: String = #function, fileID: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> sending Value
  ) {
    self.init(
      lifetime: lifetime?.lifetime, sharing: lifetime?.sharing ?? .unshared, name: name,
      location: CodeLocation(fileID: fileID, line: line),
      factory: .async(isolatedSending: factory), declaredDependencies: dependencies)
  }
}

/// A factory that resolves every parameter of `initializer` by type, and the keys it will resolve.
///
/// NB: `@inline(__always)`, here and on ``autowiredClosure(_:)``: only when both are inlined into
/// the caller's `register`, where `initializer` is a known function (`Top.init`), does the
/// optimizer specialise the factory for it and call the initializer directly. Left to its own
/// judgement it stopped inlining them once the factory became a `FactoryClosure`, and every
/// auto-wired resolve paid a context load, a thunk and a retain and release (transient.chain3:
/// 3,527 instructions instead of 3,286 in the release probe).
@inlinable @inline(__always)
func autowired<Value, each Parameter>(
  _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
) -> (factory: FactoryClosure<Value>, dependencies: [DependencyKey]) {
  let (factory, dependencies) = autowiredClosure(initializer)
  return (.sync(factory), dependencies)
}

/// ``autowired(_:)``'s factory as a closure.
@inlinable @inline(__always)
func autowiredClosure<Value, each Parameter>(
  _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
) -> (factory: @Sendable (Resolver) throws -> sending Value, dependencies: [DependencyKey]) {
  var dependencies: [DependencyKey] = []
  for type in repeat (each Parameter).self { dependencies.append(DependencyKey(type)) }
  // NB: `_resolveParameter` on the resolver itself, not the `Resolving` extension's `tryResolve`:
  // the parameter resolves are not specialised (they run inside a pack expansion), and going
  // through the protocol extension would add a generic call and its witness-table dispatch to each
  // one; `_resolveParameter` reads a published singleton through code that is mostly not generic.
  let factory: @Sendable (Resolver) throws -> sending Value = { resolver in
    try initializer(repeat resolver._resolveParameter((each Parameter).self))
  }
  return (factory, dependencies)
}

/// A key path to a ``Dependency`` declared in an extension of ``Container``: the key-path key.
///
/// Write it as a key-path literal; its root and value are inferred.
///
/// ```swift
/// let api = container.resolve(\.api)  // \.api is a DependencyKeyPath<any APIClient>
/// ```
public typealias DependencyKeyPath<Value> =
  any KeyPath<Container, Dependency<Value>> & Sendable

// MARK: - Declared defaults

/// A key path to a ``Dependency``, seen without its value's type: it can make the registration of
/// its declared default.
protocol DependencyDeclaration {
  /// The declaration of this key path, read from `root`.
  func declaration(in root: Container) -> any DeclaredDependency
}

/// A ``Dependency``, seen without its value's type.
protocol DeclaredDependency {
  /// Where the dependency is declared.
  var location: CodeLocation { get }
  /// The name of the property that declares it (`api` for `\.api`).
  var name: String { get }

  /// The key of this declaration, declared by `keyPath`.
  func key(for keyPath: any AnyKeyPath & Sendable) -> DependencyKey

  /// The registration of this declaration's default for the key path that declares it, or nil
  /// when it has none; `container` (where the default is installed) gives the lifetime of a
  /// declaration that names none.
  func registration(for keyPath: any AnyKeyPath & Sendable, in container: Container)
    -> Registration?
}

extension Dependency: DeclaredDependency {
  func key(for keyPath: any AnyKeyPath & Sendable) -> DependencyKey {
    DependencyKey(erasedKeyPath: keyPath, valueType: Value.self, propertyName: name)
  }

  func registration(for keyPath: any AnyKeyPath & Sendable, in container: Container)
    -> Registration?
  {
    guard let factory else { return nil }
    let key = key(for: keyPath)
    guard sharing != .sendable else {
      return extras.registration(
        key: key, lifetime: lifetime ?? container.defaultLifetime, factory: factory,
        declaredDependencies: declaredDependencies, location: location)
    }
    let (lifetime, defect) = container.confinedLifetime(confinedLifetime, of: key, at: location)
    return extras.registration(
      key: key, lifetime: lifetime.lifetime, factory: factory.confined(lifetime, of: key),
      declaredDependencies: declaredDependencies, location: location, defect: defect,
      sharing: lifetime.sharing)
  }
}

extension KeyPath: DependencyDeclaration where Root == Container, Value: DeclaredDependency {
  func declaration(in root: Container) -> any DeclaredDependency {
    root[keyPath: self]
  }
}
