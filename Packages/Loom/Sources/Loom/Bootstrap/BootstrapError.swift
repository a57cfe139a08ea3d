/// Everything that failed while ``Container/bootstrap()`` ran, reported together.
///
/// ```swift
/// do {
///   try await container.bootstrap()
/// } catch {
///   print(error)  // one block per failed singleton or start-up task, with its chain
/// }
/// ```
public struct BootstrapError: Error, Sendable, CustomStringConvertible {
  /// One eager singleton or start-up task that did not complete.
  ///
  /// ```swift
  /// for failure in error.failures { print(failure.name, failure.error) }
  /// ```
  public struct Failure: Sendable, CustomStringConvertible {
    /// The singleton's key, or the start-up task's name.
    ///
    /// ```swift
    /// print(failure.name)  // BootNode (name: "database")
    /// ```
    public let name: String
    /// What went wrong: a ``ResolutionError`` for a singleton, what the task threw for a task.
    /// For work skipped because something it depends on failed, a ``ResolutionError`` naming it.
    ///
    /// ```swift
    /// if let error = failure.error as? ResolutionError { print(error.chain) }
    /// ```
    public let error: any Error

    /// `name: error`, indented.
    ///
    /// ```swift
    /// print(failure)
    /// ```
    public var description: String {
      let text = String(describing: error).split(separator: "\n", omittingEmptySubsequences: false)
      return (["\(name):"] + text.map { "  " + $0 }).joined(separator: "\n")
    }
  }

  /// The failures, eager singletons first, each group in key or name order.
  ///
  /// ```swift
  /// for failure in error.failures { print(failure) }
  /// ```
  public let failures: [Failure]

  /// A summary line followed by every failure.
  ///
  /// ```swift
  /// print(error)
  /// ```
  public var description: String {
    let count = failures.count
    return
      (["BootstrapError: \(count) start-up item\(count == 1 ? "" : "s") failed"]
      + failures.map(\.description)).joined(separator: "\n")
  }
}
