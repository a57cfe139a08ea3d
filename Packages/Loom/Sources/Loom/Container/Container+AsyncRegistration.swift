// MARK: - Asynchronous and main-actor registrations

extension Container {
  /// Registers an asynchronous factory for `type` (and `name`).
  ///
  /// Resolve it with ``TopLevelResolving/resolveAsync(_:name:fileID:line:)`` or
  /// ``Resolving/tryResolveAsync(_:name:fileID:line:)``; a synchronous resolve fails with
  /// ``ResolutionError/Code/asyncRequired``, unless the instance is already cached (a singleton
  /// built by ``bootstrap()`` or an earlier `await`).
  ///
  /// ```swift
  /// container.register(Database.self, lifetime: .singleton) { r async throws in
  ///   try await Database.open(r.tryResolve(Config.self).databaseURL)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
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
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) -> Registered<Value> {
    addFactory(
      DependencyKey(type, name: name), lifetime: lifetime, factory: .async(isolated: factory),
      dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line))
  }

  /// Registers an asynchronous factory for a type that is not `Sendable` (and `name`): a value
  /// that is never shared.
  ///
  /// The factory hands its value over (`sending`), so it may be made on another actor than the
  /// caller's and reach the caller safely. An asynchronous factory cannot make a value shared on
  /// the main actor only (``ConfinedLifetime/mainActor(_:)``): a synchronous one can.
  ///
  /// ```swift
  /// container.register(Connection.self) { r async throws in
  ///   try await Connection.open(try r.tryResolve(Config.self).serverURL)
  /// }
  /// let connection = await container.resolveAsync(Connection.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live, and where they may be shared; transient when nil.
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
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> sending Value
  ) -> Registered<Value> {
    addFactory(
      DependencyKey(type, name: name), keyPath: nil, confinedLifetime: lifetime,
      factory: .async(isolatedSending: factory), dependencies: dependencies,
      location: CodeLocation(fileID: fileID, line: line))
  }

  /// Overrides a key-path dependency with an asynchronous factory, keeping its declared lifetime
  /// unless given.
  ///
  /// ```swift
  /// container.register(\.session) { r async throws in try await Session.restore() }
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
    @_inheritActorContext
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) -> Registered<Value> {
    add(
      keyPath, lifetime: lifetime, factory: .async(isolated: factory),
      dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line))
  }

  /// Overrides a key-path dependency whose value is not `Sendable` with an asynchronous factory,
  /// keeping its declared lifetime unless given.
  ///
  /// ```swift
  /// container.register(\.connection) { r async throws in try await Connection.openLocal() }
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
    factory: @escaping @isolated(any) @Sendable (Resolver) async throws -> sending Value
  ) -> Registered<Value> {
    add(
      keyPath, confinedLifetime: lifetime, factory: .async(isolatedSending: factory),
      dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line))
  }

  /// Registers a factory isolated to the main actor, for a `@MainActor` type such as a view
  /// model.
  ///
  /// The same as `register` with a closure written `@MainActor`, or in a `@MainActor` function:
  /// `register` reads the closure's isolation, so this second name is not needed any more.
  ///
  /// Resolve it synchronously from the main actor (`resolve`), or from anywhere with `await`
  /// (``TopLevelResolving/resolveAsync(_:name:fileID:line:)``), which runs the factory on the main actor.
  /// A synchronous resolve off the main actor fails with ``ResolutionError/Code/asyncRequired``.
  /// The type is main-actor isolated, hence `Sendable`: no isolation warnings on either side.
  ///
  /// ```swift
  /// @MainActor final class ProfileViewModel {
  ///   init(users: UserService) { ... }
  /// }
  /// container.registerMainActor(ProfileViewModel.self) { r in
  ///   ProfileViewModel(users: try r.tryResolve())
  /// }
  /// // On the main actor:
  /// let model = container.resolve(ProfileViewModel.self)
  /// // Anywhere else:
  /// let other = await container.resolveAsync(ProfileViewModel.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - lifetime: How long instances live; the container's ``defaultLifetime`` (transient unless
  ///     changed) when nil.
  ///   - dependencies: The keys the factory resolves, for ``validate(_:)`` and ``graph`` before it
  ///     runs (`[]` declares that it resolves none); when omitted, they are recorded as it runs.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  ///   - factory: Makes the value on the main actor.
  /// - Returns: The registration, to chain ``Registered/decorated(dependencies:_:)`` or
  ///   ``Registered/onCreated(dependencies:_:)`` onto; ignore it otherwise.
  @discardableResult
  public func registerMainActor<Value: Sendable>(
    _ type: Value.Type = Value.self, name: String? = nil, lifetime: Lifetime? = nil,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> Value
  ) -> Registered<Value> {
    registered(
      add(
        DependencyKey(type, name: name), keyPath: nil, lifetime: lifetime,
        factory: .mainActor(sendable: factory),
        dependencies: dependencies, location: CodeLocation(fileID: fileID, line: line)))
  }
}
