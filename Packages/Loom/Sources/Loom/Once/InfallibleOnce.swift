/// A value computed at most once at a time by an operation that cannot fail, on first use, and
/// then kept: a once-cell read without `try`.
///
/// It behaves like ``Once`` (concurrent callers share one evaluation on the caller's thread, the
/// others wait for it), but its operation cannot throw, so reading it cannot either.
///
/// ```swift
/// let formatter = InfallibleOnce { ISO8601DateFormatter() }
/// let text = formatter().string(from: date)  // made on first use, shared afterwards
/// let same = formatter.value
/// ```
///
/// > Important: Reading the cell traps with the message of ``OnceError/recursiveEvaluation`` if
/// > its operation needs the cell's own value (directly or through cells that wait for each
/// > other), which would otherwise wait forever. Use ``Once`` to receive that error instead.
///
/// ``Once`` lists every once-cell and how they differ.
public final class InfallibleOnce<Value: Sendable>: Sendable {
  private let cell: Once<Value>

  /// Makes a cell that evaluates `make` on first use.
  ///
  /// ```swift
  /// let cache = InfallibleOnce { ImageCache(capacity: 100) }
  /// ```
  ///
  /// - Parameter make: Computes the value; cannot throw.
  public init(_ make: @escaping @Sendable () -> Value) {
    cell = Once(make)
  }

  /// Whether the value has been computed.
  ///
  /// ```swift
  /// if !cache.isComputed { print("not made yet") }
  /// ```
  public var isComputed: Bool { cell.isComputed }

  /// Returns the value, computing it on first use.
  ///
  /// > Important: Traps with the message of ``OnceError/recursiveEvaluation`` if the cell's
  /// > operation needs the cell itself.
  ///
  /// ```swift
  /// let images = cache.get()
  /// ```
  ///
  /// - Returns: The value.
  public func get() -> Value {
    do {
      return try cell.get()
    } catch {
      trapInInfallibleCell(error)
    }
  }

  /// The value, computed on first use: the property form of ``get()``.
  ///
  /// > Important: Traps with the message of ``OnceError/recursiveEvaluation`` if the cell's
  /// > operation needs the cell itself.
  ///
  /// ```swift
  /// let images = cache.value
  /// ```
  public var value: Value { self.get() }

  /// Returns the value, computing it on first use: `cache()` is `cache.get()`.
  ///
  /// > Important: Traps with the message of ``OnceError/recursiveEvaluation`` if the cell's
  /// > operation needs the cell itself.
  ///
  /// ```swift
  /// let images = cache()
  /// ```
  ///
  /// - Returns: The value.
  public func callAsFunction() -> Value {
    get()
  }
}
