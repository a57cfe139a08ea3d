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
  @usableFromInline let context: ResolutionContext

  init(container: Container, context: ResolutionContext) {
    self.container = container
    self.context = context
  }

  /// Resolves inside the current resolution. Use ``Resolving/resolve(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database: Database = try r._resolve(_ResolutionRequest(Database.self, name: nil))
  /// ```
  @inlinable
  public func _resolve<Value: Sendable>(_ request: _ResolutionRequest<Value>)
    throws(ResolutionError) -> Value
  {
    if let value: Value = container.cachedInstance(request) { return value }
    return try container.resolveSlow(request, context: context)
  }

  /// Resolves with runtime arguments. Use ``Resolving/resolve(_:name:arguments:_:fileID:line:)``.
  ///
  /// ```swift
  /// let user: User = try r._resolve(_ResolutionRequest(User.self, name: nil), arguments: "42")
  /// ```
  public func _resolve<Value: Sendable, each Argument>(
    _ request: _ResolutionRequest<Value>, arguments: repeat each Argument
  ) throws(ResolutionError) -> Value {
    try container.resolveWithArguments(request, context: context, arguments: repeat each arguments)
  }

  /// The container in which handles made by this resolver resolve. Use ``Resolving/lazy(_:name:)``.
  ///
  /// ```swift
  /// let container = r._handleContainer
  /// ```
  public var _handleContainer: Container { container }
}
