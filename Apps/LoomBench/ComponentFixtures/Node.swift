/// A member of ``ThousandComponent``: its factory sleeps 1 ms, like a node of `bootstrap.1000`.
///
/// ```swift
/// let node = await Node.make()
/// ```
public final class Node: Sendable {
  init() {}

  /// Sleeps 1 ms, then makes a node.
  ///
  /// ```swift
  /// let node = await Node.make()
  /// ```
  ///
  /// - Returns: A new node.
  public static func make() async -> Node {
    try? await Task.sleep(for: .milliseconds(1))
    return Node()
  }
}
