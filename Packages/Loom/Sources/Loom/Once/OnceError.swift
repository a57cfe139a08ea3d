/// Why a once-cell (``Once``, ``AsyncOnce`` and their siblings) could not produce its value, other
/// than a failure of its own operation.
///
/// ```swift
/// do {
///   _ = try cell.get()
/// } catch OnceError.recursiveEvaluation {
///   print("the cell's operation needs the cell itself")
/// }
/// ```
public enum OnceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The cell's operation needed the cell's own value, directly or through other cells that wait
  /// for each other: it would wait for itself forever.
  case recursiveEvaluation

  /// What went wrong and how to fix it.
  ///
  /// ```swift
  /// print(OnceError.recursiveEvaluation)
  /// ```
  public var description: String {
    switch self {
    case .recursiveEvaluation:
      "OnceError: the cell's operation needs the cell's own value, so it would wait for itself."
        + " To fix: break the dependency, or compute the inner value separately."
    }
  }
}

/// Stops the program with the message of `error`, which a once-cell whose operation cannot throw
/// received: only ``OnceError/recursiveEvaluation`` can reach it.
func trapInInfallibleCell(_ error: any Error) -> Never {
  fatalError("\n\(error)")
}
