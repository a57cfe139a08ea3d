/// An instance with the flow lifetime that wants to know when its flow ends.
///
/// `FlowScope.end()` calls ``flowDidEnd()`` once on each instance it drops, outside any lock,
/// before it returns.
///
/// ```swift
/// final class CheckoutDraft: FlowScoped {
///   func flowDidEnd() {
///     analytics.log("checkout closed")
///   }
/// }
/// ```
public protocol FlowScoped: Sendable {
  /// Called once when the flow that holds this instance ends.
  ///
  /// ```swift
  /// func flowDidEnd() {
  ///   timer.invalidate()
  /// }
  /// ```
  func flowDidEnd()
}
