/// Why a ``Once`` or ``AsyncOnce`` cell could not produce its value, other than its own failure.
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
