public import Loom

extension Container {
  /// Makes a flow scope that resolves in this container.
  ///
  /// ```swift
  /// let checkout = container.makeScope("checkout")
  /// try checkout.run {
  ///   try CheckoutCoordinator().start()  // its `.flow` dependencies live in `checkout`
  /// }
  /// checkout.end()
  /// ```
  ///
  /// - Parameter name: What the flow is, for messages and debugging (`"checkout"`).
  /// - Returns: A new, empty scope; it is not current until `FlowScope.run(_:)`.
  public func makeScope(_ name: String) -> FlowScope {
    FlowScope(name: name, container: self)
  }
}
