/// What a factory receives: resolves the dependencies of the instance being built.
///
/// A resolver is ``Resolving`` but not ``TopLevelResolving``: it has only the throwing
/// `tryResolve` and `tryResolveAsync`, never the trapping `resolve`. So a failure anywhere below a
/// resolve (a missing registration two factories down, a cycle, a factory that threw) reaches
/// whoever started it: `tryResolve` throws it, ``Container/validateByResolving(isolation:)`` and
/// `bootstrap()` report it, and only a top-level non-throwing `resolve` stops the program with its
/// message.
///
/// A resolver carries the resolution chain (for errors and cycle detection) and the `.graph`
/// instances of the current top-level resolve. It is only valid while the factory runs: to resolve
/// later, take a ``Lazy`` or ``Provider`` instead, or keep the ``container``.
///
/// ```swift
/// container.register(UserService.self) { r in
///   UserService(api: try r.tryResolve(), database: try r.tryResolve(Database.self, name: "users"))
/// }
/// ```
public struct Resolver: Resolving {
  /// The container this resolver resolves in.
  ///
  /// ```swift
  /// container.register(Router.self) { r in Router(container: r.container) }
  /// ```
  public let container: Container
  /// The resolve this resolver belongs to.
  @usableFromInline let context: ResolutionContext

  init(container: Container, context: ResolutionContext) {
    self.container = container
    self.context = context
  }

  /// Resolves inside the current resolution. Use ``Resolving/tryResolve(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try r._resolve(Database.self, _ResolutionRequest(Database.self, name: nil))
  /// ```
  @inlinable
  public func _resolve<Value>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> sending Value
  {
    // A resolver kept past its factory resolves as its container would.
    guard context.isOpen else { return try container._resolve(type, request) }
    context.noteResolve(request, valueType: type)
    switch context.section {
    case .some(let section):
      // A synchronous resolve holds a read section until it ends.
      return handedOver(try container.resolve(request, as: type, context: context, in: section))
    case .none:
      // An asynchronous resolve reads the index in a section per lookup.
      return handedOver(
        try container.resolve(
          request, as: type, context: context, in: container.sections.enter()))
    }
  }

  /// Resolves an initializer's parameter by its type: what auto-wiring and the macros' generated
  /// factories call for each parameter. A published singleton takes a path that is generic only
  /// in its last step (see ``Container/lookUpParameter(probe:for:)``); anything else is
  /// ``Resolving/tryResolve(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try r._resolveParameter(Database.self)
  /// ```
  @inlinable
  public func _resolveParameter<Value>(_ type: Value.Type) throws(ResolutionError)
    -> sending Value
  {
    // NB: no optional of `Value` on the way: a generic enum would make code that is not
    // specialised for `Value` look up its metadata.
    let found = container.lookUpParameter(
      probe: UInt(bitPattern: ObjectIdentifier(type)), for: context)
    switch found {
    case .published(let bits):
      return handedOver(container.readParameter(bits, as: type, for: context))
    case .entry:
      // Served in the section this resolve holds, where the lookup was made.
      switch context.section {
      case .some(let section):
        return handedOver(
          try container.serve(
            _ResolutionRequest(type, name: nil), as: type, found: found, context: context,
            in: section))
      // NB: not reached: `lookUpParameter` finds nothing for a resolve without its section.
      case .none:
        return try _resolve(type, _ResolutionRequest(type, name: nil))
      }
    case .none:
      return try _resolve(type, _ResolutionRequest(type, name: nil))
    }
  }

  /// Resolves with runtime arguments.
  /// Use ``Resolving/tryResolve(_:name:arguments:_:fileID:line:)``.
  ///
  /// ```swift
  /// let user = try r._resolve(User.self, _ResolutionRequest(User.self, name: nil), arguments: "42")
  /// ```
  public func _resolve<Value, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, arguments: repeat each Argument
  ) throws(ResolutionError) -> sending Value {
    guard context.isOpen else {
      return try container._resolve(type, request, arguments: repeat each arguments)
    }
    context.noteResolve(withArguments: {
      DependencyKey(
        type, name: request.name, argumentList: ArgumentList<Value, repeat each Argument>.self)
    })
    return handedOver(
      try container.resolve(type, request, context: context, arguments: repeat each arguments))
  }

  /// Resolves from asynchronous code inside the current resolution.
  /// Use ``Resolving/tryResolveAsync(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try await r._resolveAsync(Database.self, _ResolutionRequest(Database.self, name: nil))
  /// ```
  public func _resolveAsync<Value>(_ type: Value.Type, _ request: _ResolutionRequest)
    async throws(ResolutionError) -> sending Value
  {
    guard context.isOpen else { return try await container._resolveAsync(type, request) }
    context.noteResolve(request, valueType: type)
    if !context.isWatching, let value = container.cachedSingleton(request, as: type) {
      return handedOver(value)
    }
    return handedOver(try await container.resolveAsync(request, as: type, context: context))
  }

  // MARK: Resolving, without the protocol in between

  // NB: these repeat ``Resolving``'s `tryResolve` and `tryResolveAsync` for a resolver, with the
  // same signatures and bodies, and are hidden: they are not API (README, "Definition of Public
  // API"), and deleting them changes no caller's source, since the protocol's then serve the same
  // calls. They are here for the cost of a factory's resolves: reached through the protocol
  // extension (`_resolve` as a requirement, devirtualized), the specialization of `_resolve` that
  // a factory calls comes out with a different block layout and register allocation, and in
  // loom-bench's fixtures its hot path was 7 instructions longer per resolve
  // (`diag.chain3.closures` 3,283 -> 3,297 instructions). Called on the struct itself, it
  // compiles as 0.1.0's `resolve` did.

  /// Returns the dependency registered for `type` (and `name`), or throws why it cannot.
  ///
  /// The same as ``Resolving/tryResolve(_:name:fileID:line:)``, called on the resolver itself.
  ///
  /// ```swift
  /// container.register(Owner.self) { r in Owner(pet: try r.tryResolve(Pet.self)) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the context when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @_documentation(visibility: private)
  @inlinable
  public func tryResolve<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) throws(ResolutionError) -> sending Value {
    try _resolve(type, _ResolutionRequest(type, name: name, fileID: fileID, line: line))
  }

  /// Returns the dependency declared by a key path, or throws why it cannot.
  ///
  /// The same as ``Resolving/tryResolve(_:fileID:line:)``, called on the resolver itself.
  ///
  /// ```swift
  /// container.register(Feed.self) { r in Feed(api: try r.tryResolve(\.api)) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @_documentation(visibility: private)
  @inlinable
  public func tryResolve<Value>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) throws(ResolutionError) -> sending Value {
    try _resolve(Value.self, _ResolutionRequest(keyPath, fileID: fileID, line: line))
  }

  /// Returns a new instance from a registration that takes runtime arguments, or throws.
  ///
  /// The same as ``Resolving/tryResolve(_:name:arguments:_:fileID:line:)``, called on the
  /// resolver itself.
  ///
  /// ```swift
  /// container.register(Screen.self) { r in
  ///   Screen(model: try r.tryResolve(ProfileModel.self, arguments: 42))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve.
  ///   - name: The name it was registered with, if any.
  ///   - first: The first value passed to the factory after the resolver.
  ///   - rest: The other values passed to the factory, in order.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError``, with ``ResolutionError/Code/argumentMismatch`` when the
  ///   arguments' types differ from the registration's.
  @_documentation(visibility: private)
  @inlinable
  public func tryResolve<Value, FirstArgument, each Argument>(
    _ type: Value.Type = Value.self, name: String? = nil, arguments first: FirstArgument,
    _ rest: repeat each Argument, fileID: StaticString = #fileID, line: UInt = #line
  ) throws(ResolutionError) -> sending Value {
    try _resolve(
      type, _ResolutionRequest(type, name: name, fileID: fileID, line: line),
      arguments: first, repeat each rest)
  }

  /// Returns the dependency registered for `type` (and `name`), awaiting an asynchronous factory,
  /// or throws why it cannot.
  ///
  /// The same as ``Resolving/tryResolveAsync(_:name:fileID:line:)``, called on the resolver
  /// itself.
  ///
  /// ```swift
  /// container.register(Feed.self) { r async throws in
  ///   Feed(database: try await r.tryResolveAsync(Database.self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the context when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @_documentation(visibility: private)
  @inlinable
  public func tryResolveAsync<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws(ResolutionError) -> sending Value {
    try await _resolveAsync(type, _ResolutionRequest(type, name: name, fileID: fileID, line: line))
  }

  /// Returns the dependency declared by a key path, awaiting an asynchronous factory, or throws.
  ///
  /// The same as ``Resolving/tryResolveAsync(_:fileID:line:)``, called on the resolver itself.
  ///
  /// ```swift
  /// container.register(Feed.self) { r async throws in
  ///   Feed(session: try await r.tryResolveAsync(\.session))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @_documentation(visibility: private)
  @inlinable
  public func tryResolveAsync<Value>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws(ResolutionError) -> sending Value {
    try await _resolveAsync(Value.self, _ResolutionRequest(keyPath, fileID: fileID, line: line))
  }

  // MARK: Deprecated 0.1.0 spellings

  // NB: a resolver's `resolve` threw while a container's traps, so a reader had to know the
  // receiver's type to know which; `tryResolve` (from `Resolving`) is the one throwing spelling.

  /// Returns the dependency registered for `type` (and `name`), or throws why it cannot.
  ///
  /// Loom 0.1.0's spelling of ``Resolving/tryResolve(_:name:fileID:line:)``:
  /// write `tryResolve`, which throws on every receiver (a container's `resolve` traps).
  ///
  /// ```swift
  /// container.register(Owner.self) { r in Owner(pet: try r.resolve(Pet.self)) }
  /// container.register(Mirror.self) { r in Mirror(primary: try r.resolve(name: "primary")) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the context when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @available(*, deprecated, renamed: "tryResolve(_:name:fileID:line:)")
  @_documentation(visibility: private)
  @inlinable
  public func resolve<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) throws(ResolutionError) -> sending Value {
    try tryResolve(type, name: name, fileID: fileID, line: line)
  }

  /// Returns the dependency declared by a key path, or throws why it cannot.
  ///
  /// Loom 0.1.0's spelling of ``Resolving/tryResolve(_:fileID:line:)``:
  /// write `tryResolve`, which throws on every receiver (a container's `resolve` traps).
  ///
  /// ```swift
  /// container.register(Feed.self) { r in Feed(api: try r.resolve(\.api)) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @available(*, deprecated, renamed: "tryResolve(_:fileID:line:)")
  @_documentation(visibility: private)
  @inlinable
  public func resolve<Value>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) throws(ResolutionError) -> sending Value {
    try tryResolve(keyPath, fileID: fileID, line: line)
  }

  /// Returns a new instance from a registration that takes runtime arguments, or throws.
  ///
  /// Loom 0.1.0's spelling of ``Resolving/tryResolve(_:name:arguments:_:fileID:line:)``:
  /// write `tryResolve`, which throws on every receiver (a container's `resolve` traps).
  ///
  /// ```swift
  /// container.register(Screen.self) { r in
  ///   Screen(model: try r.resolve(ProfileModel.self, arguments: 42))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve.
  ///   - name: The name it was registered with, if any.
  ///   - first: The first value passed to the factory after the resolver.
  ///   - rest: The other values passed to the factory, in order.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError``, with ``ResolutionError/Code/argumentMismatch`` when the
  ///   arguments' types differ from the registration's.
  @available(*, deprecated, renamed: "tryResolve(_:name:arguments:_:fileID:line:)")
  @_documentation(visibility: private)
  @inlinable
  public func resolve<Value, FirstArgument, each Argument>(
    _ type: Value.Type = Value.self, name: String? = nil, arguments first: FirstArgument,
    _ rest: repeat each Argument, fileID: StaticString = #fileID, line: UInt = #line
  ) throws(ResolutionError) -> sending Value {
    try tryResolve(
      type, name: name, arguments: first, repeat each rest, fileID: fileID, line: line)
  }

  /// Returns the dependency registered for `type` (and `name`), awaiting an asynchronous factory,
  /// or throws why it cannot.
  ///
  /// Loom 0.1.0's spelling of ``Resolving/tryResolveAsync(_:name:fileID:line:)``:
  /// write `tryResolveAsync`, which throws on every receiver (a container's `resolve` traps).
  ///
  /// ```swift
  /// container.register(Feed.self) { r async throws in
  ///   Feed(database: try await r.resolveAsync(Database.self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the context when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @available(*, deprecated, renamed: "tryResolveAsync(_:name:fileID:line:)")
  @_documentation(visibility: private)
  @inlinable
  public func resolveAsync<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws(ResolutionError) -> sending Value {
    try await tryResolveAsync(type, name: name, fileID: fileID, line: line)
  }

  /// Returns the dependency declared by a key path, awaiting an asynchronous factory, or throws.
  ///
  /// Loom 0.1.0's spelling of ``Resolving/tryResolveAsync(_:fileID:line:)``:
  /// write `tryResolveAsync`, which throws on every receiver (a container's `resolve` traps).
  ///
  /// ```swift
  /// container.register(Feed.self) { r async throws in
  ///   Feed(session: try await r.resolveAsync(\.session))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @available(*, deprecated, renamed: "tryResolveAsync(_:fileID:line:)")
  @_documentation(visibility: private)
  @inlinable
  public func resolveAsync<Value>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws(ResolutionError) -> sending Value {
    try await tryResolveAsync(keyPath, fileID: fileID, line: line)
  }

  // MARK: Plumbing

  /// The container in which handles made by this resolver resolve. Use ``Resolving/lazy(_:name:)``.
  ///
  /// ```swift
  /// let container = r._handleContainer
  /// ```
  public var _handleContainer: Container { container }

  /// The error of a binding whose implementation does not conform to the bound type.
  func bindingMismatch(_ key: DependencyKey, target: DependencyKey, expected: any Any.Type)
    -> ResolutionError
  {
    let (relation, kind) =
      isExistential(expected)
      ? ("does not conform to", "conforms to it")
      : expected is AnyObject.Type
        ? ("is not a subclass of", "is a subclass of it")
        : ("is not", "is it")
    return ResolutionError(
      .typeMismatch, key: key, chain: context.keys,
      summary: "\(target) \(relation) \(typeName(expected))",
      hint: "bind \(key) to a type that \(kind).", location: context.location)
  }
}
