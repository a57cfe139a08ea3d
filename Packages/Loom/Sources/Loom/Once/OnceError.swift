/// Why a ``Once`` could not produce its value, other than a failure of its own operation.
///
/// ```swift
/// do {
///   _ = try cell.get()
/// } catch OnceError.cycle {
///   print("the cell's operation needs the cell itself")
/// }
/// ```
public enum OnceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The cell's operation needed the cell's own value, directly or through other cells that wait
  /// for each other: it would wait for itself forever. The container's
  /// ``ResolutionError/Code/cycle`` is the same failure between registrations.
  case cycle

  /// The cell's operation is asynchronous and its value does not exist yet: a synchronous read
  /// cannot compute it. Read it with `try await cell.getAsync()`.
  case asyncRequired

  /// What went wrong and how to fix it.
  ///
  /// ```swift
  /// print(OnceError.cycle)
  /// ```
  public var description: String {
    switch self {
    case .cycle:
      "OnceError: the cell's operation needs the cell's own value, so it would wait for itself."
        + " To fix: break the dependency, or compute the inner value separately."
    case .asyncRequired:
      "OnceError: the cell's operation is asynchronous and its value does not exist yet, so a"
        + " synchronous read cannot compute it. To fix: read it with `try await cell.getAsync()`."
    }
  }
}
