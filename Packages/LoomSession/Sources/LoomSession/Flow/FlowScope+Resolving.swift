public import Loom

/// The explicit form: `scope.resolve(Cart.self)` resolves in ``FlowScope/container`` with the
/// scope current for that one resolve, so every `Resolving` method works on a scope.
extension FlowScope: Resolving {
  /// Resolves one request in the container with this scope current.
  /// Use `resolve(_:name:fileID:line:)` instead.
  ///
  /// ```swift
  /// let cart = checkout.resolve(Cart.self)
  /// ```
  @_documentation(visibility: private)
  public func _resolve<Value: Sendable>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> Value
  {
    let result = FlowScope.$current.withValue(self) {
      Result { () throws(ResolutionError) -> Value in try container._resolve(type, request) }
    }
    return try result.get()
  }

  /// Resolves one request with runtime arguments in the container with this scope current.
  /// Use `resolve(_:name:arguments:_:fileID:line:)` instead.
  ///
  /// ```swift
  /// let step = checkout.resolve(Step.self, arguments: 2)
  /// ```
  @_documentation(visibility: private)
  public func _resolve<Value: Sendable, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, arguments: repeat each Argument
  ) throws(ResolutionError) -> Value {
    let result = FlowScope.$current.withValue(self) {
      Result { () throws(ResolutionError) -> Value in
        try container._resolve(type, request, arguments: repeat each arguments)
      }
    }
    return try result.get()
  }

  /// Resolves one request from asynchronous code in the container with this scope current.
  /// Use `tryResolveAsync(_:name:fileID:line:)` instead.
  ///
  /// ```swift
  /// let payment = try await checkout.tryResolveAsync(Payment.self)
  /// ```
  @_documentation(visibility: private)
  public func _resolveAsync<Value: Sendable>(_ type: Value.Type, _ request: _ResolutionRequest)
    async throws(ResolutionError) -> Value
  {
    do {
      return try await FlowScope.$current.withValue(self) {
        try await container._resolveAsync(type, request)
      }
    } catch {
      // NB: `TaskLocal.withValue` rethrows untyped errors; the operation throws only
      // `ResolutionError`, so the cast cannot fail.
      throw error as! ResolutionError
    }
  }

  /// The container in which `Lazy` and `Provider` handles made from the scope resolve.
  ///
  /// ```swift
  /// let container = checkout._handleContainer
  /// ```
  @_documentation(visibility: private)
  public var _handleContainer: Container { container }
}
