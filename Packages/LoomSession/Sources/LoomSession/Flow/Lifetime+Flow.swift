public import Loom

extension Lifetime {
  /// One instance per flow: cached in ``FlowScope/current`` and dropped when that scope ends.
  ///
  /// Resolve a flow dependency inside `FlowScope.run(_:)` or through the scope itself
  /// (`scope.resolve(Cart.self)`); with no current scope the resolve fails with
  /// `ResolutionError.Code.scopeRequired`. In nested flows the innermost scope holds the
  /// instance. The rank is 800, below `Lifetime.session`: a session instance that depends on a flow
  /// instance holds it captive.
  ///
  /// ```swift
  /// container.register(Cart.self, lifetime: .flow) { _ in Cart() }
  /// let checkout = container.makeScope("checkout")
  /// let cart = checkout.resolve(Cart.self)  // the same Cart until checkout.end()
  /// checkout.end()
  /// ```
  public static let flow = Lifetime.custom(FlowLifetime())
}
