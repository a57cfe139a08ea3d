/// Something that resolves in a container with a scope of its own made current around each
/// resolve: the supported way for another package to give a type every ``Resolving`` method.
///
/// A conforming type names its ``resolutionContainer`` and wraps each resolve in
/// ``withResolutionScope(_:)-(()->Result)`` (typically binding a task-local); Loom supplies the rest
/// of ``TopLevelResolving``. LoomSession's `FlowScope` is one: `checkout.resolve(Cart.self)` resolves in
/// the scope's container with the scope current.
///
/// ```swift
/// final class RequestScope: ScopedResolving {
///   @TaskLocal static var current: RequestScope?
///   let resolutionContainer: Container
///
///   init(container: Container) { resolutionContainer = container }
///
///   func withResolutionScope<Result>(_ body: () throws -> Result) rethrows -> Result {
///     try RequestScope.$current.withValue(self, operation: body)
///   }
///
///   func withResolutionScope<Result>(
///     isolation: isolated (any Actor)?, _ body: () async throws -> Result
///   ) async rethrows -> Result {
///     try await RequestScope.$current.withValue(self, operation: body, isolation: isolation)
///   }
/// }
///
/// let user = requestScope.resolve(CurrentUser.self)
/// ```
public protocol ScopedResolving: TopLevelResolving {
  /// The container resolves go to.
  ///
  /// ```swift
  /// print(scope.resolutionContainer.dump())
  /// ```
  var resolutionContainer: Container { get }

  /// Runs `body` with this scope current (for a synchronous resolve).
  ///
  /// ```swift
  /// func withResolutionScope<Result>(_ body: () throws -> Result) rethrows -> Result {
  ///   try RequestScope.$current.withValue(self, operation: body)
  /// }
  /// ```
  ///
  /// - Parameter body: The resolve.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func withResolutionScope<Result>(_ body: () throws -> Result) rethrows -> Result

  /// Runs `body` with this scope current (for an asynchronous resolve).
  ///
  /// ```swift
  /// func withResolutionScope<Result>(
  ///   isolation: isolated (any Actor)?, _ body: () async throws -> Result
  /// ) async rethrows -> Result {
  ///   try await RequestScope.$current.withValue(self, operation: body, isolation: isolation)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The caller's isolation.
  ///   - body: The resolve.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func withResolutionScope<Result>(
    isolation: isolated (any Actor)?, _ body: () async throws -> Result
  ) async rethrows -> Result
}

extension ScopedResolving {
  /// Resolves one request in ``resolutionContainer`` with this scope current.
  /// Use ``TopLevelResolving/resolve(_:name:fileID:line:)`` instead.
  ///
  /// ```swift
  /// let cart = try scope._resolve(Cart.self, _ResolutionRequest(Cart.self, name: nil))
  /// ```
  @_documentation(visibility: private)
  public func _resolve<Value>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> sending Value
  {
    handedOver(
      try rethrowingResolutionError {
        try withResolutionScope { try resolutionContainer._resolve(type, request) }
      })
  }

  /// Resolves with runtime arguments in ``resolutionContainer`` with this scope current.
  /// Use ``TopLevelResolving/resolve(_:name:arguments:_:fileID:line:)`` instead.
  ///
  /// ```swift
  /// let step = try scope._resolve(Step.self, _ResolutionRequest(Step.self, name: nil), arguments: 2)
  /// ```
  @_documentation(visibility: private)
  public func _resolve<Value, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, arguments: repeat each Argument
  ) throws(ResolutionError) -> sending Value {
    handedOver(
      try rethrowingResolutionError {
        try withResolutionScope {
          try resolutionContainer._resolve(type, request, arguments: repeat each arguments)
        }
      })
  }

  /// Resolves from asynchronous code in ``resolutionContainer`` with this scope current.
  /// Use ``Resolving/tryResolveAsync(_:name:fileID:line:)`` instead.
  ///
  /// ```swift
  /// let cart = try await scope._resolveAsync(Cart.self, _ResolutionRequest(Cart.self, name: nil))
  /// ```
  @_documentation(visibility: private)
  public func _resolveAsync<Value>(_ type: Value.Type, _ request: _ResolutionRequest)
    async throws(ResolutionError) -> sending Value
  {
    do {
      let value = try await withResolutionScope(isolation: nil) {
        HandOver(carried: try await resolutionContainer._resolveAsync(type, request))
      }
      return handedOver(value.carried)
    } catch {
      // NB: `withResolutionScope` rethrows untyped errors; the body throws only `ResolutionError`.
      throw error as! ResolutionError
    }
  }

  /// Handles made from a scope resolve in its container. Use ``Resolving/lazy(_:name:)``.
  ///
  /// ```swift
  /// let container = scope._handleContainer
  /// ```
  @_documentation(visibility: private)
  public var _handleContainer: Container { resolutionContainer }
}

/// Runs `body`, whose only errors are `ResolutionError`s, rethrowing them typed.
private func rethrowingResolutionError<Value>(_ body: () throws -> Value) throws(ResolutionError)
  -> Value
{
  do {
    return try body()
  } catch {
    // NB: `body` throws only `ResolutionError` (it wraps a typed-throwing resolve).
    throw error as! ResolutionError
  }
}
