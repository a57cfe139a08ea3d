/// An instance with the flow lifetime whose teardown is asynchronous.
///
/// `await scope.end()` awaits ``flowDidEnd()`` on each instance it drops, one after another,
/// before it returns. The synchronous `FlowScope.end()` cannot wait: it starts one unstructured
/// task that calls them and returns without awaiting it.
///
/// ```swift
/// final class PaymentSession: AsyncFlowScoped {
///   func flowDidEnd() async {
///     await gateway.cancelPendingAuthorisations()
///   }
/// }
/// ```
public protocol AsyncFlowScoped: Sendable {
  /// Called once when the flow that holds this instance ends.
  ///
  /// ```swift
  /// func flowDidEnd() async {
  ///   await upload.cancel()
  /// }
  /// ```
  func flowDidEnd() async
}
