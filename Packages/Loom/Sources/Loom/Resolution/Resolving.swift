/// Something that resolves dependencies: a ``Container``, a scope, or the ``Resolver`` a factory
/// receives.
///
/// The methods every resolver shares are the throwing ones, so a helper written against
/// `some Resolving` works from app code and from inside a factory, and a failure inside it reaches
/// whoever asked:
///
/// ```swift
/// func makeClient(_ r: some Resolving) throws(ResolutionError) -> APIClient {
///   APIClient(session: try r.tryResolve(), config: try r.tryResolve(\.config))
/// }
/// ```
///
/// A ``Container`` and a scope are also ``TopLevelResolving``: they add the non-throwing
/// `resolve` that traps, for app code. A ``Resolver`` adds no resolve of its own, so a factory
/// writes `try r.tryResolve(Database.self)`, as any code that handles the error does: `tryResolve`
/// throws, whatever the receiver.
public protocol Resolving {
  // NB: four underscored requirements, not one. A single `_resolution` requirement (an enum of the
  // container, the resolver or the scope, switched on by every resolve method) was measured: a
  // container copied itself into the enum, one retain and release more per top-level resolve
  // (`singleton.type` 231 -> 278 instructions; BENCHMARKS.md, "One publication per built member,
  // and `Resolving`'s requirements"). `@_spi` requirements would leave a `ScopedResolving` type in a
  // module without the SPI import unable to conform.

  /// Resolves one request. Use ``tryResolve(_:name:fileID:line:)`` and its siblings instead.
  @_documentation(visibility: private)
  func _resolve<Value>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> sending Value

  /// Resolves one request with runtime arguments.
  /// Use ``tryResolve(_:name:arguments:_:fileID:line:)`` instead.
  @_documentation(visibility: private)
  func _resolve<Value, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, arguments: repeat each Argument
  ) throws(ResolutionError) -> sending Value

  /// Resolves one request from asynchronous code. Use ``tryResolveAsync(_:name:fileID:line:)``.
  @_documentation(visibility: private)
  func _resolveAsync<Value>(_ type: Value.Type, _ request: _ResolutionRequest)
    async throws(ResolutionError) -> sending Value

  /// The container in which ``Lazy`` and ``Provider`` handles made from here resolve.
  @_documentation(visibility: private)
  var _handleContainer: Container { get }
}

/// Stops the program with the error's full message. Out of line so the inlined fast paths stay
/// small.
@usableFromInline
func trap(_ error: ResolutionError) -> Never {
  fatalError("\n\(trapMessage(error))")
}

/// The message of a non-throwing resolve that failed: the error's description, and, when the
/// resolve ran inside a factory (a captured container, a property wrapper read in an initializer),
/// why it stopped the program rather than reaching whoever started the resolve.
func trapMessage(_ error: ResolutionError) -> String {
  guard let active = ThreadState.current.joinable, let building = active.innermostBuild else {
    return error.description
  }
  var error = error
  error.hint +=
    " This non-throwing resolve ran inside the factory of \(building.registration.key), where a"
    + " failure cannot reach the caller: resolve through the factory's resolver"
    + " (`try r.tryResolve(...)`), or read a property wrapper with `try $property.get()`."
  return error.description
}

// MARK: - Resolving by type

extension Resolving {
  /// Returns the dependency registered for `type` (and `name`), or throws why it cannot.
  ///
  /// ```swift
  /// do {
  ///   let database = try container.tryResolve(Database.self)
  /// } catch {
  ///   print(error)  // the key, the chain that led to it, and how to fix it
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
  @inlinable
  public func tryResolve<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) throws(ResolutionError) -> sending Value {
    try _resolve(type, _ResolutionRequest(type, name: name, fileID: fileID, line: line))
  }

  /// Returns the dependency registered for `type`, or `nil` when nothing is registered for it.
  ///
  /// Only a missing registration of `type` itself gives `nil`: a missing dependency of it, a cycle
  /// or a failing factory still throw.
  ///
  /// ```swift
  /// if let analytics = try container.resolveIfRegistered(Analytics.self) {
  ///   analytics.track("launch")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the context when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance, or `nil` when `type` has no registration.
  /// - Throws: A ``ResolutionError`` for every failure but a missing registration of `type`.
  @inlinable
  public func resolveIfRegistered<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) throws(ResolutionError) -> sending Value? {
    do {
      return try _resolve(type, _ResolutionRequest(type, name: name, fileID: fileID, line: line))
    } catch  where error.code == .notRegistered && error.key == DependencyKey(type, name: name) {
      return nil
    }
  }

  // MARK: Resolving by key path

  /// Returns the dependency declared by a key path, or throws why it cannot.
  ///
  /// ```swift
  /// let api = try container.tryResolve(\.api)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @inlinable
  public func tryResolve<Value>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) throws(ResolutionError) -> sending Value {
    try _resolve(Value.self, _ResolutionRequest(keyPath, fileID: fileID, line: line))
  }

  // MARK: Resolving asynchronously

  /// Returns the dependency registered for `type` (and `name`), awaiting an asynchronous factory,
  /// or throws why it cannot.
  ///
  /// See ``TopLevelResolving/resolveAsync(_:name:fileID:line:)`` for what is shared and what is
  /// kept.
  ///
  /// ```swift
  /// let database = try await container.tryResolveAsync(Database.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the context when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @inlinable
  public func tryResolveAsync<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws(ResolutionError) -> sending Value {
    try await _resolveAsync(type, _ResolutionRequest(type, name: name, fileID: fileID, line: line))
  }

  /// Returns the dependency declared by a key path, awaiting an asynchronous factory, or throws.
  ///
  /// ```swift
  /// let session = try await container.tryResolveAsync(\.session)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` naming the key and the chain that led to it.
  @inlinable
  public func tryResolveAsync<Value>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws(ResolutionError) -> sending Value {
    try await _resolveAsync(Value.self, _ResolutionRequest(keyPath, fileID: fileID, line: line))
  }

  // MARK: Runtime arguments

  /// Returns a new instance from a registration that takes runtime arguments, or throws.
  ///
  /// ```swift
  /// let model = try container.tryResolve(UserViewModel.self, arguments: "42")
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
  @inlinable
  public func tryResolve<Value, FirstArgument, each Argument>(
    _ type: Value.Type = Value.self, name: String? = nil, arguments first: FirstArgument,
    _ rest: repeat each Argument,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(ResolutionError) -> sending Value {
    try _resolve(
      type, _ResolutionRequest(type, name: name, fileID: fileID, line: line),
      arguments: first, repeat each rest)
  }

  // MARK: Deferred handles

  /// The graph a ``Lazy`` made from here resolves in: that of the resolve in progress, the one
  /// this resolver belongs to or the one running on this thread (see
  /// ``ResolutionContext/graphForHandle()``); nil outside any resolve.
  var handleGraph: SharedGraph? {
    if let resolver = self as? Resolver { return resolver.context.graphForHandle() }
    return ThreadState.current.joinable?.graphForHandle()
  }

  /// Returns a handle that resolves `type` on first use and keeps the instance.
  ///
  /// An edge through a ``Lazy`` is not a cycle, so this is how two services refer to each other.
  ///
  /// ```swift
  /// container.register(Parent.self, lifetime: .singleton) { r in Parent(child: r.lazy()) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve later.
  ///   - name: The name it was registered with, if any.
  /// - Returns: A handle whose ``Lazy/value`` resolves once.
  public func lazy<Value>(_ type: Value.Type = Value.self, name: String? = nil)
    -> sending Lazy<Value>
  {
    Lazy(container: _handleContainer, name: name, keyPath: nil, graph: handleGraph)
  }

  /// Returns a handle that resolves a key-path dependency on first use and keeps the instance.
  ///
  /// ```swift
  /// let api: Lazy<APIClient> = container.lazy(\.api)
  /// ```
  ///
  /// - Parameter keyPath: The key path to a ``Dependency`` declared in an extension of
  ///   ``Container``.
  /// - Returns: A handle whose ``Lazy/value`` resolves once.
  public func lazy<Value>(_ keyPath: DependencyKeyPath<Value>)
    -> sending Lazy<Value>
  {
    Lazy(container: _handleContainer, name: nil, keyPath: keyPath, graph: handleGraph)
  }

  /// Returns a handle that resolves `type` again on every call.
  ///
  /// ```swift
  /// container.register(RequestFactory.self) { r in RequestFactory(makeRequest: r.provider()) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve on each call.
  ///   - name: The name it was registered with, if any.
  /// - Returns: A handle; call it (`provider()`) for an instance.
  public func provider<Value>(_ type: Value.Type = Value.self, name: String? = nil)
    -> sending Provider<Value>
  {
    Provider(container: _handleContainer, name: name, keyPath: nil)
  }

  /// Returns a handle that resolves a key-path dependency again on every call.
  ///
  /// ```swift
  /// let makeRequest: Provider<Request> = container.provider(\.request)
  /// ```
  ///
  /// - Parameter keyPath: The key path to a ``Dependency`` declared in an extension of
  ///   ``Container``.
  /// - Returns: A handle; call it (`provider()`) for an instance.
  public func provider<Value>(
    _ keyPath: DependencyKeyPath<Value>
  ) -> sending Provider<Value> {
    Provider(container: _handleContainer, name: nil, keyPath: keyPath)
  }
}
