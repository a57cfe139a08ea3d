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
    /// The items that failed, so that it did not run: those it needed, or, when what it needed
    /// was skipped itself, the items whose failure that skip goes back to; empty when it ran.
    ///
    /// ```swift
    /// if !failure.skippedBecause.isEmpty { print("skipped: \(failure.skippedBecause)") }
    /// ```
    public let skippedBecause: [String]
    /// The skipped items between it and the failures it was skipped because of, nearest first;
    /// empty when it needed a failed item directly.
    ///
    /// ```swift
    /// print(failure)  // warmUp: skipped because database failed (through users)
    /// print(failure.skippedThrough)  // ["users"]
    /// ```
    public let skippedThrough: [String]

    /// Deprecated: only Loom makes failures; read them from ``BootstrapError/failures``.
    ///
    /// ```swift
    /// for failure in error.failures { print(failure) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The item's name.
    ///   - error: What it threw, when it ran.
    ///   - skippedBecause: The failed items that kept it from running.
    ///   - skippedThrough: The skipped items through which their failure reached it.
    @_documentation(visibility: private)
    @available(
      *, deprecated,
      message: "Only Loom makes bootstrap failures: read them from `BootstrapError.failures`"
    )
    public init(
      name: String, error: (any Error)? = nil, skippedBecause: [String] = [],
      skippedThrough: [String] = []
    ) {
      self.init(name, error: error, skippedBecause: skippedBecause, skippedThrough: skippedThrough)
    }

    /// Makes a failure: an item that ran and threw `error`, or that was skipped because the items
    /// `skippedBecause` names failed (reaching it through the skipped items `skippedThrough`).
    init(
      _ name: String, error: (any Error)? = nil, skippedBecause: [String] = [],
      skippedThrough: [String] = []
    ) {
      self.name = name
      self.error = error
      self.skippedBecause = skippedBecause
      self.skippedThrough = skippedThrough
    }

    /// `name: failed` with the error indented under it, or `name: skipped because … failed`,
    /// with `(through …)` naming the skipped items in between.
    ///
    /// ```swift
    /// print(failure)
    /// ```
    public var description: String {
      if !skippedBecause.isEmpty {
        let through =
          skippedThrough.isEmpty ? "" : " (through \(skippedThrough.joined(separator: ", ")))"
        return "\(name): skipped because \(skippedBecause.joined(separator: ", ")) failed\(through)"
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
          + " tasks not made with runsOncePerProcess run again)."
      ])
  }
}
