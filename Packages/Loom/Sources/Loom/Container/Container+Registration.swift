// MARK: - Registering by type

extension Container {
  /// Registers a factory for `type` (and `name`); a later registration of the same key replaces it.
  ///
  /// The factory receives a ``Resolver`` for the dependencies it needs. It may throw; resolving
  /// then fails with ``ResolutionError/Code/factoryFailed`` wrapping what it threw.
  ///
  /// > Important: In a container made with ``OverridePolicy/forbid``, registering a key twice
  /// > traps with a ``ResolutionError/Code/duplicateRegistration`` message naming both places.
  ///
  /// ```swift
  /// container.register(Database.self, lifetime: .singleton) { r in
  ///   try SQLiteDatabase(path: r.tryResolve(Config.self).databasePath)
  /// }
  /// container.register((any APIClient).self, name: "primary") { _ in LiveAPIClient() }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration (a protocol, to bind an implementation).
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live; the container's ``defaultLifetime`` (transient unless
  ///     changed) when nil.
  ///   - dependencies: The keys the factory resolves, declared for the graph, ``validate(_:)``
  ///     and ``bootstrap()``'s order; `[]` declares that it resolves none. When nil, the keys
  ///     are recorded the first time the factory runs, and validation cannot see them before.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @inlinable @discardableResult
  public func register<Value: Sendable>(
    _ type: Value.Type = Value.self, name: String? = nil, lifetime: Lifetime? = nil,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) -> Registered<Value> {
    addFactory(
      DependencyKey(type, name: name), lifetime: lifetime, factory: .sync(isolated: factory),
      dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line))
  }

  /// Registers a factory for a type that is not `Sendable` (and `name`): a value that is never
  /// shared, or shared on the main actor only.
  ///
  /// Swift picks this `register` for such a type by itself; it differs from the one that takes a
  /// ``Lifetime`` in what it may share. A ``ConfinedLifetime`` says how: transient (the default), `.graph`, or
  /// a cached lifetime on the main actor (``ConfinedLifetime/mainActor(_:)``). Each resolve hands
  /// its value over to the caller, as `sending`: the factory returns a value nothing else holds,
  /// which the compiler checks. A cached ``Lifetime`` (`.singleton`) does not compile with such a
  /// type: see ``ConfinedLifetime`` for the ways out.
  ///
  /// A factory written in a `@MainActor` function, or marked `@MainActor`, runs on the main actor
  /// (and likewise for another global actor).
  ///
  /// ```swift
  /// final class HTTPClient { let session: URLSession }  // not Sendable
  ///
  /// container.register(HTTPClient.self) { _ in HTTPClient(session: .shared) }
  /// let client = container.resolve(HTTPClient.self)  // a new one, the caller's own
  /// ```
  ///
  /// A registration that names no lifetime is transient even when the container's
  /// ``defaultLifetime`` is a cached one (a setting cannot make a value safe to share); in debug
  /// builds, Loom says so at the registration.
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live, and where they may be shared; transient when nil
  ///     (or `.graph` when that is the container's ``defaultLifetime``).
  ///   - dependencies: The keys the factory resolves, declared for the graph, ``validate(_:)``
  ///     and ``bootstrap()``'s order; `[]` declares that it resolves none. When nil, the keys
  ///     are recorded the first time the factory runs, and validation cannot see them before.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value, which it hands over.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @inlinable @discardableResult
  public func register<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, lifetime: ConfinedLifetime? = nil,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value
  ) -> Registered<Value> {
    addFactory(
      DependencyKey(type, name: name), keyPath: nil, confinedLifetime: lifetime,
      factory: .sync(isolatedSending: factory), dependencies: dependencies,
      location: CodeLocation(fileID: fileID, line: line))
  }

  /// Registers an initializer whose parameters are all resolved by type (auto-wiring).
  ///
  /// The parameters' types are the registration's edges in the graph, known without running it.
  /// A parameter of type ``Lazy`` or ``Provider`` defers its resolve.
  ///
  /// ```swift
  /// // final class UserService { init(api: any APIClient, database: Database) }
  /// container.register((any UserServicing).self, lifetime: .singleton, UserService.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live; the container's ``defaultLifetime`` (transient unless
  ///     changed) when nil.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @inlinable @discardableResult
  public func register<Value: Sendable, each Parameter>(
    _ type: Value.Type, name: String? = nil, lifetime: Lifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Registered<Value> {
    let (factory, dependencies) = autowired(initializer)
    return addAutowired(
      DependencyKey(type, name: name), keyPath: nil, lifetime: lifetime, factory: factory,
      dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line))
  }

  /// Registers an initializer whose parameters are all resolved by type (auto-wiring), for a
  /// type that is not `Sendable`: a value that is never shared, or shared on the main actor only.
  ///
  /// Such a registration accepts what the closure form for a type that is not `Sendable` accepts
  /// (see ``ConfinedLifetime``). The initializer has no isolation of its own.
  ///
  /// ```swift
  /// // final class ReportBuilder { init(client: HTTPClient, clock: any Clock<Duration>) }
  /// container.register(ReportBuilder.self, ReportBuilder.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live, and where they may be shared; transient when nil.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @inlinable @discardableResult
  public func register<Value, each Parameter>(
    _ type: Value.Type, name: String? = nil, lifetime: ConfinedLifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Registered<Value> {
    let (factory, dependencies) = autowired(initializer)
    return addAutowired(
      DependencyKey(type, name: name), keyPath: nil, confinedLifetime: lifetime,
      factory: factory, dependencies: dependencies,
      location: CodeLocation(fileID: fileID, line: line))
  }

  /// Registers an initializer for the type it returns, every parameter resolved by type.
  ///
  /// ```swift
  /// container.register(UserService.init)
  /// container.register(lifetime: .singleton, HTTPClient.init)
  /// ```
  ///
  /// - Parameters:
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live; the container's ``defaultLifetime`` (transient unless
  ///     changed) when nil.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @inlinable @discardableResult
  public func register<Value: Sendable, each Parameter>(
    name: String? = nil, lifetime: Lifetime? = nil, fileID: StaticString = #fileID,
    line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Registered<Value> {
    register(
      Value.self, name: name, lifetime: lifetime, fileID: fileID, line: line, initializer)
  }

  /// Registers an initializer for the type it returns, a type that is not `Sendable`, every
  /// parameter resolved by type.
  ///
  /// ```swift
  /// container.register(ReportBuilder.init)  // transient
  /// ```
  ///
  /// - Parameters:
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live, and where they may be shared; transient when nil.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @inlinable @discardableResult
  public func register<Value, each Parameter>(
    name: String? = nil, lifetime: ConfinedLifetime? = nil, fileID: StaticString = #fileID,
    line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Registered<Value> {
    register(
      Value.self, name: name, lifetime: lifetime, fileID: fileID, line: line, initializer)
  }

  /// Registers a ready instance: a singleton that already exists.
  ///
  /// ```swift
  /// container.register(Config.self, instance: Config(baseURL: "https://api.example.com"))
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - instance: The value every resolve returns.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  public func register<Value: Sendable>(
    _ type: Value.Type = Value.self, name: String? = nil, instance: Value,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let entry = add(
      DependencyKey(type, name: name), keyPath: nil, lifetime: .singleton,
      factory: .sync(sendable: { _ in instance }), dependencies: [],
      location: CodeLocation(fileID: fileID, line: line))
    entry.keep(instance: instance)
  }

  /// Registers a factory that takes runtime arguments after the resolver; every resolve makes a
  /// new instance.
  ///
  /// Resolve it with ``TopLevelResolving/resolve(_:name:arguments:_:fileID:line:)`` and arguments of the same
  /// types, in the same order; other types fail with ``ResolutionError/Code/argumentMismatch``.
  /// The argument types are part of the registration's key (see
  /// ``DependencyKey/init(_:name:arguments:_:)``): registrations of one type with different
  /// argument types, or with none, live side by side, and each resolve picks the one whose
  /// argument types match the arguments it passes.
  /// Neither the value nor the arguments need be `Sendable`: each resolve makes a new value from
  /// the arguments it is given, in one synchronous call, and keeps neither.
  ///
  /// ```swift
  /// container.register(UserViewModel.self) { (r, userID: String) in
  ///   UserViewModel(id: userID, api: try r.tryResolve())
  /// }
  /// let model = container.resolve(UserViewModel.self, arguments: "42")
  ///
  /// // Another arity of the same type: both registrations stay.
  /// container.register(UserViewModel.self) { (r, userID: String, tab: Int) in
  ///   UserViewModel(id: userID, tab: tab, api: try r.tryResolve())
  /// }
  /// let onTab = container.resolve(UserViewModel.self, arguments: "42", 2)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value from the resolver and the arguments.
  public func register<Value, FirstArgument, each Argument>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line,
    factory: @escaping @Sendable (Resolver, FirstArgument, repeat each Argument) throws -> Value
  ) {
    // NB: at least one argument, so a plain `{ r in ... }` closure never selects this overload.
    var names = [typeName(FirstArgument.self)]
    for argument in repeat (each Argument).self { names.append(typeName(argument)) }
    // NB: the argument types are part of the key, so registrations of one type with other
    // arguments (or none) live side by side; only the same types, in order, replace this one.
    let key = DependencyKey(
      type, name: name, argumentList: ArgumentList<Value, FirstArgument, repeat each Argument>.self)
    add(
      key, keyPath: nil, lifetime: .transient,
      factory: FactoryClosure<Value>.withArguments(
        ArgumentFactory<Value, FirstArgument, repeat each Argument>(make: factory),
        "(\(names.joined(separator: ", ")))"),
      dependencies: [], location: CodeLocation(fileID: fileID, line: line))
  }

  /// Registers `type` as another registration seen through a protocol: resolving `type` resolves
  /// `implementation` (with its lifetime and its instance) and returns it as `type`.
  ///
  /// If the implementation does not conform, resolving fails with
  /// ``ResolutionError/Code/typeMismatch``. Neither type need be `Sendable`: the binding keeps
  /// nothing, and shares the implementation's instance exactly as the implementation's
  /// registration does.
  ///
  /// ```swift
  /// container.register(lifetime: .singleton, LiveAPIClient.init)
  /// container.bind((any APIClient).self, to: LiveAPIClient.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The protocol (or superclass) to resolve.
  ///   - name: A name for the binding.
  ///   - implementation: The registered type that provides the instance.
  ///   - implementationName: The name the implementation is registered with, if any.
  ///   - fileID: Where the binding is made, for ``dump()`` and errors.
  ///   - line: The line of the binding.
  public func bind<Value, Implementation>(
    _ type: Value.Type, name: String? = nil, to implementation: Implementation.Type,
    implementationName: String? = nil, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let target = DependencyKey(implementation, name: implementationName)
    let key = DependencyKey(type, name: name)
    let location = CodeLocation(fileID: fileID, line: line)
    let mismatch = Self.bindingMismatch(Value.self, to: implementation, key: key, target: target)
    if let mismatch { reportAtRegistration(mismatch, at: location) }
    add(
      key, keyPath: nil, lifetime: .transient,
      factory: .sync({ resolver in
        let instance = try resolver.tryResolve(implementation, name: implementationName)
        guard let value = instance as? Value else {
          throw resolver.bindingMismatch(key, target: target, expected: Value.self)
        }
        // NB: the implementation's instance, as its registration shares it (the binding is
        // transient and keeps nothing): the binding adds no sharing.
        return handedOver(value)
      }),
      dependencies: [target], location: location, bindingTarget: target, defect: mismatch)
  }

  /// Binds `type` to a registration that takes runtime arguments: resolving `type` with arguments
  /// of those types resolves `implementation` with the same arguments and returns it as `type`.
  ///
  /// Swinject's `.implements(Animal.self)` on a registration with arguments. Like the registration
  /// it forwards to, the binding is known by its argument types too (its key is
  /// `any Animal (arguments: String)`), so it adds a node and an edge to the graph, and bindings of
  /// one type with other argument types live side by side. If the implementation does not
  /// conform, resolving fails with ``ResolutionError/Code/typeMismatch``.
  ///
  /// ```swift
  /// container.register(Dog.self) { (_, name: String) in Dog(name: name) }
  /// container.bind((any Animal).self, to: Dog.self, arguments: String.self)
  /// let animal = container.resolve((any Animal).self, arguments: "Rex")  // a Dog named Rex
  /// ```
  ///
  /// - Parameters:
  ///   - type: The protocol (or superclass) to resolve.
  ///   - name: A name for the binding.
  ///   - implementation: The registered type that provides the instance.
  ///   - implementationName: The name the implementation is registered with, if any.
  ///   - first: The type of the first runtime argument of the implementation's registration.
  ///   - rest: The types of its other runtime arguments, in order.
  ///   - fileID: Where the binding is made, for ``dump()`` and errors.
  ///   - line: The line of the binding.
  public func bind<Value, Implementation, FirstArgument, each Argument>(
    _ type: Value.Type, name: String? = nil, to implementation: Implementation.Type,
    implementationName: String? = nil, arguments first: FirstArgument.Type,
    _ rest: repeat (each Argument).Type, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let target = DependencyKey(
      implementation, name: implementationName,
      argumentList: ArgumentList<Implementation, FirstArgument, repeat each Argument>.self)
    let key = DependencyKey(
      type, name: name, argumentList: ArgumentList<Value, FirstArgument, repeat each Argument>.self)
    let location = CodeLocation(fileID: fileID, line: line)
    let mismatch = Self.bindingMismatch(Value.self, to: implementation, key: key, target: target)
    if let mismatch { reportAtRegistration(mismatch, at: location) }
    add(
      key, keyPath: nil, lifetime: .transient,
      factory: FactoryClosure<Value>.withArguments(
        ArgumentBinding<Implementation>(name: implementationName, key: key, target: target),
        target.argumentsDescription ?? ""),
      dependencies: [target], location: location, bindingTarget: target, defect: mismatch)
  }

  /// Why a binding of `Value` to `Implementation` can never resolve, when that is known without
  /// an instance: a class or a concrete type that the implementation is not. (Whether a type
  /// conforms to a protocol cannot be asked of the type alone; that is found on first resolve.)
  static func bindingMismatch<Value, Implementation>(
    _ type: Value.Type, to implementation: Implementation.Type, key: DependencyKey,
    target: DependencyKey
  ) -> RegistrationDefect? {
    guard !isExistential(type), !(implementation is Value.Type) else { return nil }
    let what = Value.self is AnyObject.Type ? "a subclass of" : "the same type as"
    return RegistrationDefect(
      code: .bindingMismatch,
      summary: "\(key) is bound to \(target), which is not \(what) \(typeName(type))",
      hint: "bind \(key) to a type that is \(what) \(typeName(type)), or register \(key) with a"
        + " factory.")
  }

  /// Why `lifetime` can never keep what a registration of `Value` makes, when the type tells:
  /// the weak lifetime for a type that is neither a class nor a protocol a class may conform to.
  static func lifetimeMismatch<Value>(_ type: Value.Type, key: DependencyKey, lifetime: Lifetime)
    -> RegistrationDefect?
  {
    guard case .weak = lifetime.kind else { return nil }
    guard !isExistential(type), !(Value.self is AnyObject.Type) else { return nil }
    if let wrapped = (Value.self as? any OptionalValue.Type)?.wrappedType,
      isExistential(wrapped) || wrapped is AnyObject.Type
    {
      // An optional of a class is a value type too; the class itself can be weak.
      let name = typeName(wrapped)
      return RegistrationDefect(
        code: .lifetimeMismatch,
        summary: "\(key) has the weak lifetime, but is an Optional, a value type",
        hint: "register \(name) itself with the weak lifetime and read it as an optional with"
          + " `resolveIfRegistered(\(name).self)`, or register \(key) with another lifetime.")
    }
    return RegistrationDefect(
      code: .lifetimeMismatch,
      summary: "\(key) has the weak lifetime, but is a value type, not a class",
      hint: "register \(key) with another lifetime (a weak reference can only hold an object), or"
        + " make \(typeName(type)) a class.")
  }

  // MARK: Registering by key path

  /// Overrides the factory of a key-path dependency, keeping its declared lifetime unless given.
  ///
  /// ```swift
  /// container.register(\.api) { _ in MockAPIClient() }
  /// container.register(\.clock, lifetime: .singleton) { _ in TestClock() }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - lifetime: How long instances live; the declaration's lifetime when `nil`.
  ///   - dependencies: The keys the factory resolves, declared for the graph, ``validate(_:)``
  ///     and ``bootstrap()``'s order; `[]` declares that it resolves none. When nil, the keys
  ///     are recorded the first time the factory runs, and validation cannot see them before.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @discardableResult
  public func register<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime? = nil,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) -> Registered<Value> {
    add(
      keyPath, lifetime: lifetime, factory: .sync(isolated: factory), dependencies: dependencies,
      location: CodeLocation(fileID: fileID, line: line))
  }

  /// Overrides the factory of a key-path dependency whose value is not `Sendable`, keeping its
  /// declared lifetime unless given.
  ///
  /// ```swift
  /// container.register(\.httpClient) { _ in HTTPClient(session: .ephemeral) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - lifetime: How long instances live, and where they may be shared; the declaration's
  ///     when `nil`.
  ///   - dependencies: The keys the factory resolves, declared for the graph, ``validate(_:)``
  ///     and ``bootstrap()``'s order; `[]` declares that it resolves none. When nil, the keys
  ///     are recorded the first time the factory runs, and validation cannot see them before.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value, which it hands over.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @discardableResult
  public func register<Value>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: ConfinedLifetime? = nil,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value
  ) -> Registered<Value> {
    add(
      keyPath, confinedLifetime: lifetime, factory: .sync(isolatedSending: factory),
      dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line))
  }

  /// Binds a ready instance to a key-path dependency: a singleton that already exists.
  ///
  /// ```swift
  /// container.register(\.config, instance: Config(baseURL: "https://staging.example.com"))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - instance: The value every resolve returns.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  public func register<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, instance: Value, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    let declaration = self[keyPath: keyPath]
    let entry = add(
      DependencyKey(keyPath, propertyName: declaration.name), keyPath: keyPath,
      lifetime: .singleton, factory: .sync(sendable: { _ in instance }), dependencies: [],
      location: CodeLocation(fileID: fileID, line: line))
    // NB: with context alternatives added here, the first resolve chooses between them and the
    // instance (which its factory returns), so it is not kept before.
    guard entry.registration.extras?.alternatives.isEmpty ?? true else { return }
    entry.keep(instance: instance)
  }

  /// Overrides a key-path dependency with an initializer whose parameters are resolved by type.
  ///
  /// ```swift
  /// container.register(\.api, lifetime: .singleton, StubAPIClient.init)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - lifetime: How long instances live; the declaration's lifetime when `nil`.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @inlinable @discardableResult
  public func register<Value: Sendable, each Parameter>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Registered<Value> {
    let (factory, dependencies) = autowired(initializer)
    return addAutowired(
      keyPath, lifetime: lifetime, factory: factory, dependencies: dependencies,
      location: CodeLocation(fileID: fileID, line: line))
  }

  /// Overrides a key-path dependency whose value is not `Sendable` with an initializer whose
  /// parameters are resolved by type.
  ///
  /// ```swift
  /// container.register(\.reportBuilder, ReportBuilder.init)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - lifetime: How long instances live, and where they may be shared; the declaration's
  ///     when `nil`.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - initializer: Makes the value from its resolved parameters.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @inlinable @discardableResult
  public func register<Value, each Parameter>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: ConfinedLifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Registered<Value> {
    let (factory, dependencies) = autowired(initializer)
    return addAutowired(
      keyPath, confinedLifetime: lifetime, factory: factory, dependencies: dependencies,
      location: CodeLocation(fileID: fileID, line: line))
  }
}

// MARK: - Internals

extension Container {
  /// Installs an auto-wired registration of `key`. (The auto-wiring `register` functions are
  /// inlinable, so that the factory `autowired(_:)` makes is specialised for the initializer's
  /// parameter types in the caller's module: a generic one resolves each parameter through
  /// unspecialised code on every resolve.)
  @usableFromInline
  func addAutowired<Value: Sendable>(
    _ key: DependencyKey, keyPath: (any AnyKeyPath & Sendable)?, lifetime: Lifetime?,
    factory: FactoryClosure<Value>, dependencies: [DependencyKey], location: CodeLocation
  ) -> Registered<Value> {
    registered(
      add(
        key, keyPath: keyPath, lifetime: lifetime, factory: factory,
        dependencies: dependencies, location: location))
  }

  /// ``addAutowired(_:keyPath:lifetime:factory:dependencies:location:)`` for a value that is not
  /// `Sendable`.
  @usableFromInline
  func addAutowired<Value>(
    _ key: DependencyKey, keyPath: (any AnyKeyPath & Sendable)?,
    confinedLifetime: ConfinedLifetime?, factory: FactoryClosure<Value>,
    dependencies: [DependencyKey], location: CodeLocation
  ) -> Registered<Value> {
    addFactory(
      key, keyPath: keyPath, confinedLifetime: confinedLifetime, factory: factory,
      dependencies: dependencies, location: location)
  }

  /// Installs a registration of `key` made by a closure. (The closure `register` functions are
  /// inlinable, so that the factory's form is worked out for the value's type in the caller's
  /// module, where no generic metadata has to be looked up to do it.)
  @usableFromInline
  func addFactory<Value: Sendable>(
    _ key: DependencyKey, lifetime: Lifetime?, factory: FactoryClosure<Value>,
    dependencies: [DependencyKey]?, location: CodeLocation
  ) -> Registered<Value> {
    registered(
      add(
        key, keyPath: nil, lifetime: lifetime, factory: factory, dependencies: dependencies,
        location: location))
  }

  /// ``addFactory(_:lifetime:factory:dependencies:location:)`` for a value that is not `Sendable`.
  @usableFromInline
  func addFactory<Value>(
    _ key: DependencyKey, keyPath: (any AnyKeyPath & Sendable)?,
    confinedLifetime: ConfinedLifetime?, factory: FactoryClosure<Value>,
    dependencies: [DependencyKey]?, location: CodeLocation
  ) -> Registered<Value> {
    let (lifetime, defect) = self.confinedLifetime(confinedLifetime, of: key, at: location)
    return registered(
      add(
        key, keyPath: keyPath, lifetime: lifetime.lifetime,
        factory: factory.confined(lifetime, of: key), dependencies: dependencies,
        location: location, defect: defect, sharing: lifetime.sharing))
  }

  /// ``addAutowired(_:keyPath:lifetime:factory:dependencies:location:)`` for a key path: its
  /// declaration names the key and, unless `lifetime` is given, the lifetime.
  @usableFromInline
  func addAutowired<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime?, factory: FactoryClosure<Value>,
    dependencies: [DependencyKey], location: CodeLocation
  ) -> Registered<Value> {
    add(
      keyPath, lifetime: lifetime, factory: factory, dependencies: dependencies,
      location: location)
  }

  /// ``addAutowired(_:lifetime:factory:dependencies:location:)`` for a value that is not
  /// `Sendable`.
  @usableFromInline
  func addAutowired<Value>(
    _ keyPath: DependencyKeyPath<Value>, confinedLifetime: ConfinedLifetime?,
    factory: FactoryClosure<Value>, dependencies: [DependencyKey], location: CodeLocation
  ) -> Registered<Value> {
    add(
      keyPath, confinedLifetime: confinedLifetime, factory: factory,
      dependencies: dependencies, location: location)
  }

  /// Installs a new registration of a key path: its declaration names the key and, unless
  /// `lifetime` is given, the lifetime (the container's default when it declares none).
  func add<Value: Sendable>(
    _ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime?, factory: FactoryClosure<Value>,
    dependencies: [DependencyKey]?, location: CodeLocation
  ) -> Registered<Value> {
    let declaration = self[keyPath: keyPath]
    return registered(
      add(
        DependencyKey(keyPath, propertyName: declaration.name), keyPath: keyPath,
        lifetime: lifetime ?? declaration.lifetime, factory: factory,
        dependencies: dependencies, location: location))
  }

  /// ``add(_:lifetime:factory:dependencies:location:)`` for a value that is not `Sendable`: the
  /// declaration's confined lifetime unless `confinedLifetime` is given.
  func add<Value>(
    _ keyPath: DependencyKeyPath<Value>, confinedLifetime: ConfinedLifetime?,
    factory: FactoryClosure<Value>, dependencies: [DependencyKey]?, location: CodeLocation
  ) -> Registered<Value> {
    let declaration = self[keyPath: keyPath]
    let key = DependencyKey(keyPath, propertyName: declaration.name)
    let (lifetime, defect) = self.confinedLifetime(
      confinedLifetime ?? declaration.confinedLifetime, of: key, at: location)
    return registered(
      add(
        key, keyPath: keyPath, lifetime: lifetime.lifetime,
        factory: factory.confined(lifetime, of: key), dependencies: dependencies,
        location: location, defect: defect, sharing: lifetime.sharing))
  }

  /// The lifetime of a registration of a value that is not `Sendable`: `lifetime`, or when nil
  /// the container's ``defaultLifetime`` if it shares nothing (transient, `.graph`), transient
  /// otherwise, with the defect that says so (a setting cannot make such a value safe to share;
  /// `add` reports it at once in debug builds).
  func confinedLifetime(
    _ lifetime: ConfinedLifetime?, of key: DependencyKey, at location: CodeLocation
  ) -> (lifetime: ConfinedLifetime, defect: RegistrationDefect?) {
    if let lifetime { return (lifetime, nil) }
    let fallback = defaultLifetime
    guard fallback.isCached else { return (ConfinedLifetime(fallback, sharing: .unshared), nil) }
    let defect = RegistrationDefect(
      code: .lifetimeMismatch,
      summary: "\(key) is not Sendable, so it is transient, not \(fallback) as the container's"
        + " default lifetime says",
      hint: "name its lifetime: `.transient`, `.mainActor(.\(fallback))` to share it on the main"
        + " actor, or make \(typeName(key.valueType)) Sendable.")
    return (.transient, defect)
  }

  /// Installs a new registration of `key`.
  @discardableResult
  func add<Value>(
    _ key: DependencyKey, keyPath: (any AnyKeyPath & Sendable)?, lifetime: Lifetime?,
    factory: FactoryClosure<Value>, dependencies: [DependencyKey]?, location: CodeLocation,
    bindingTarget: DependencyKey? = nil, defect: RegistrationDefect? = nil,
    extras: RegistrationExtras? = nil, sharing: ConfinedLifetime.Sharing = .sendable
  ) -> Entry {
    let lifetime = lifetime ?? defaultLifetime
    let defect = defect ?? Self.lifetimeMismatch(Value.self, key: key, lifetime: lifetime)
    if let defect, defect.code == .lifetimeMismatch { reportAtRegistration(defect, at: location) }
    let factory = Factory(factory)
    return install(key, keyPath: keyPath, location: location) { replaced in
      Registration(
        key: key, lifetime: lifetime, factory: factory,
        declaredDependencies: dependencies,
        location: location, replaced: replaced.map { ($0.location, $0.origin) },
        bindingTarget: bindingTarget, defect: defect, extras: extras, sharing: sharing)
    }
  }

  /// The handle of what `entry` installs.
  func registered<Value>(_ entry: Entry) -> Registered<Value> {
    Registered(container: self, registration: entry.registration)
  }
}

/// An `Optional`, seen without its wrapped type (for the weak lifetime's hint).
private protocol OptionalValue {
  static var wrappedType: any Any.Type { get }
}

extension Optional: OptionalValue {
  fileprivate static var wrappedType: any Any.Type { Wrapped.self }
}
