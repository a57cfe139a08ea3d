/// What a factory receives: resolves the dependencies of the instance being built.
///
/// A resolver carries the resolution chain (for errors and cycle detection) and the `.graph`
/// instances of the current top-level resolve. It is only valid while the factory runs: to resolve
/// later, take a ``Lazy`` or ``Provider`` instead, or keep the ``container``.
///
/// ```swift
/// container.register(UserService.self) { r in
///   UserService(api: r.resolve(), database: r.resolve(Database.self, name: "users"))
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

  /// Resolves inside the current resolution. Use ``Resolving/resolve(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try r._resolve(Database.self, _ResolutionRequest(Database.self, name: nil))
  /// ```
  @inlinable
  public func _resolve<Value: Sendable>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> Value
  {
    // A resolver kept past its factory resolves as its container would.
    guard context.isOpen else { return try container._resolve(type, request) }
    context.noteResolve(request, valueType: type)
    guard context.holdsSection, container.observers.isQuiet else {
      // An asynchronous resolve reads the index in a section per lookup.
      return try container.resolveInSection(request, as: type, context: context)
    }
    // A synchronous resolve holds a read section until it ends.
    switch container.lookUpInLineage(request) {
    case .published(let bits): return container.readPublishedSingleton(bits, as: type)
    case .entry(let located):
      return try container.resolve(request, as: type, located: located, context: context)
    case .none: return try container.resolve(request, as: type, context: context)
    }
  }

  /// Resolves with runtime arguments. Use ``Resolving/resolve(_:name:arguments:_:fileID:line:)``.
  ///
  /// ```swift
  /// let user = try r._resolve(User.self, _ResolutionRequest(User.self, name: nil), arguments: "42")
  /// ```
  public func _resolve<Value: Sendable, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, arguments: repeat each Argument
  ) throws(ResolutionError) -> Value {
    guard context.isOpen else {
      return try container._resolve(type, request, arguments: repeat each arguments)
    }
    context.noteResolve(request, valueType: type)
    return try container.resolve(type, request, context: context, arguments: repeat each arguments)
  }

  /// Resolves from asynchronous code inside the current resolution.
  /// Use ``Resolving/tryResolveAsync(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try await r._resolveAsync(Database.self, _ResolutionRequest(Database.self, name: nil))
  /// ```
  public func _resolveAsync<Value: Sendable>(_ type: Value.Type, _ request: _ResolutionRequest)
    async throws(ResolutionError) -> Value
  {
    guard context.isOpen else { return try await container._resolveAsync(type, request) }
    context.noteResolve(request, valueType: type)
    if let value = container.cachedSingleton(request, as: type) { return value }
    return try await container.resolveAsync(request, as: type, context: context)
  }

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
      code: .typeMismatch, key: key, chain: context.keys,
      summary: "\(target) \(relation) \(typeName(expected))",
      hint: "bind \(key) to a type that \(kind).", location: context.location)
  }
}
