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
  /// One item that did not complete: an eager singleton or start-up task of
  /// ``Container/bootstrap()``, or a member, child or step of a component's `resolve()` (the one
  /// failure type of Loom's dependency-ordered runs).
  ///
  /// ```swift
  /// for failure in error.failures { print(failure.name, failure.skippedBecause) }
  /// ```
  public struct Failure: Sendable, CustomStringConvertible {
    /// The singleton's key, the start-up task's name, or the component item's name.
    ///
    /// ```swift
    /// print(failure.name)  // BootNode (name: "database")
    /// ```
    public let name: String
    /// What went wrong when it ran: a ``ResolutionError`` for a singleton, what the task or member
    /// threw otherwise; nil when it was skipped.
    ///
    /// ```swift
    /// if let error = failure.error as? ResolutionError { print(error.chain) }
    /// ```
    public let error: (any Error)?
    /// The items it needed that failed, so that it did not run; empty when it ran.
    ///
    /// ```swift
    /// if !failure.skippedBecause.isEmpty { print("skipped: \(failure.skippedBecause)") }
    /// ```
    public let skippedBecause: [String]

    /// Makes a failure: an item that ran and threw `error`, or that was skipped because the items
    /// `skippedBecause` names failed.
    ///
    /// ```swift
    /// let failure = BootstrapError.Failure(name: "migrate", skippedBecause: ["database"])
    /// ```
    ///
    /// - Parameters:
    ///   - name: The item's name.
    ///   - error: What it threw, when it ran.
    ///   - skippedBecause: The failed items that kept it from running.
    public init(name: String, error: (any Error)? = nil, skippedBecause: [String] = []) {
      self.name = name
      self.error = error
      self.skippedBecause = skippedBecause
    }

    /// `name: failed` with the error indented under it, or `name: skipped because … failed`.
    ///
    /// ```swift
    /// print(failure)
    /// ```
    public var description: String {
      if !skippedBecause.isEmpty {
        return "\(name): skipped because \(skippedBecause.joined(separator: ", ")) failed"
      }
      let cause = error.map { String(describing: $0) } ?? "failed"
      let lines = cause.split(separator: "\n", omittingEmptySubsequences: false)
      return (["\(name): failed"] + lines.map { "     " + $0 }).joined(separator: "\n")
    }
  }

  /// The failures, eager singletons first, each group in key or name order.
  ///
  /// ```swift
  /// for failure in error.failures { print(failure) }
  /// ```
  public let failures: [Failure]

  /// A summary line, every failure, and how to fix them, as a tree.
  ///
  /// ```swift
  /// print(error)
  /// ```
  public var description: String {
    let count = failures.count
    return _treeMessage(
      "BootstrapError: \(count) start-up item\(count == 1 ? "" : "s") failed",
      failures.map(\.description) + [
        "To fix: fix the failures above; bootstrap() again builds what is still missing (start-up"
          + " tasks without a StartupOnce run again)."
      ])
  }
}
