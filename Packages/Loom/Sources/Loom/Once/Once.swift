/// A value computed at most once at a time, on first use, and then kept: a once-cell for code
/// outside the container, whose operation may throw and is tried again after a failure.
///
/// Concurrent callers share one evaluation: the first runs `make`, the others wait for its result.
/// A failure is not kept: the callers that waited for that evaluation receive its error, and the
/// next call evaluates again. An evaluation that needs its own cell (directly or through other
/// cells on the same thread) fails with ``OnceError/recursiveEvaluation`` instead of deadlocking.
///
/// Read it by calling it, through ``value``, or with ``get()``; all three are the same:
///
/// ```swift
/// let configuration = Once { try Configuration.load(from: "app.json") }
/// let settings = try configuration()  // loads once; later calls return the same value
/// let same = try configuration.value
/// ```
///
/// The once-cells differ in how their operation runs and what a failure does:
///
/// | cell | its operation | a failure | read with |
/// | --- | --- | --- | --- |
/// | `Once` | sync, may throw | is tried again on the next call | `try cell()` |
/// | ``InfallibleOnce`` | sync, cannot throw | — | `cell()` |
/// | ``AsyncOnce`` | async, may throw | is tried again on the next call | `try await cell()` |
/// | ``AsyncOnceKeepingFailure`` | async, may throw | is kept: every call throws it | `try await cell()` |
/// | ``AsyncInfallibleOnce`` | async, cannot throw | — | `await cell()` |
public final class Once<Value: Sendable>: Sendable {
  private let make: @Sendable () throws -> Value
  private let cell = _OnceCell<Value>()

  /// Makes a cell that evaluates `make` on first use.
  ///
  /// ```swift
  /// let cache = Once { ImageCache(capacity: 100) }
  /// ```
  ///
  /// - Parameter make: Computes the value; may throw.
  public init(_ make: @escaping @Sendable () throws -> Value) {
    self.make = make
  }

  /// Whether the value has been computed.
  ///
  /// ```swift
  /// if !cache.isComputed { print("not loaded yet") }
  /// ```
  public var isComputed: Bool { cell.builtValue != nil }

  /// Returns the value, computing it if no evaluation has succeeded yet.
  ///
  /// ```swift
  /// let settings = try configuration.get()
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: What `make` threw in the evaluation this call ran or waited for, or
  ///   ``OnceError/recursiveEvaluation``.
  public func get() throws -> Value {
    try cell.get(recursion: OnceError.recursiveEvaluation as any Error, make)
  }

  /// The value, computed on first use: the property form of ``get()``.
  ///
  /// ```swift
  /// let settings = try configuration.value
  /// ```
  ///
  /// - Throws: What `make` threw in the evaluation this read ran or waited for, or
  ///   ``OnceError/recursiveEvaluation``.
  public var value: Value {
    get throws { try get() }
  }

  /// Returns the value, computing it on first use: `try configuration()` is
  /// `try configuration.get()`.
  ///
  /// ```swift
  /// let settings = try configuration()
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: What `make` threw in the evaluation this call ran or waited for, or
  ///   ``OnceError/recursiveEvaluation``.
  public func callAsFunction() throws -> Value {
    try get()
  }
}
