public import Loom

/// The explicit form: `scope.resolve(Cart.self)` resolves in ``FlowScope/container`` with the
/// scope current for that one resolve, so every `Resolving` method works on a scope.
extension FlowScope: ScopedResolving {
  /// The container the scope's resolves go to: ``FlowScope/container``.
  ///
  /// ```swift
  /// checkout.resolutionContainer === checkout.container  // true
  /// ```
  public var resolutionContainer: Container { container }

  /// Runs `body` with this scope current.
  ///
  /// ```swift
  /// let cart = checkout.withResolutionScope { Container.current.resolve(Cart.self) }
  /// ```
  ///
  /// - Parameter body: The work to run in the scope.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withResolutionScope<Result>(_ body: () throws -> Result) rethrows -> Result {
    try FlowScope.$current.withValue(self, operation: body)
  }

  /// Runs asynchronous `body` with this scope current.
  ///
  /// ```swift
  /// let cart = await checkout.withResolutionScope(isolation: nil) {
  ///   await Container.current.resolveAsync(Cart.self)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The caller's isolation.
  ///   - body: The work to run in the scope.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withResolutionScope<Result>(
    isolation: isolated (any Actor)?, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await FlowScope.$current.withValue(self, operation: body, isolation: isolation)
  }
}
