/// An instance with the session lifetime whose teardown is asynchronous.
///
/// `await container.endSession()` awaits ``sessionDidEnd()`` on each instance it drops, one after
/// another, before it returns. The synchronous `Container.endSession()` cannot wait: it
/// starts one unstructured task that calls them and returns without awaiting it.
///
/// ```swift
/// final class Uploads: AsyncSessionScoped {
///   func sessionDidEnd() async {
///     await queue.flush()
///   }
/// }
/// ```
public protocol AsyncSessionScoped: Sendable {
  /// Called once when the session that holds this instance ends.
  ///
  /// ```swift
  /// func sessionDidEnd() async {
  ///   await database.close()
  /// }
  /// ```
  func sessionDidEnd() async
}
