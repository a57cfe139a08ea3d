/// An instance with the session lifetime that wants to know when its session ends.
///
/// `Container.endSession()` calls ``sessionDidEnd()`` once on each instance it drops,
/// outside any lock, before it returns.
///
/// ```swift
/// final class Cart: SessionScoped {
///   func sessionDidEnd() {
///     items.removeAll()
///   }
/// }
/// ```
public protocol SessionScoped: Sendable {
  /// Called once when the session that holds this instance ends.
  ///
  /// ```swift
  /// func sessionDidEnd() {
  ///   socket.close()
  /// }
  /// ```
  func sessionDidEnd()
}
