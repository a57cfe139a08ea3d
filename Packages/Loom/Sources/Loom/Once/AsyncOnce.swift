/// A value computed at most once at a time by an asynchronous operation, on first use, and then
/// kept: an asynchronous once-cell for code outside the container, whose operation may throw and
/// is tried again after a failure.
///
/// Concurrent callers share one evaluation, which runs in a task of its own: cancelling one caller
/// does not cancel the evaluation others wait for. A failure is not kept: the callers that awaited
/// that evaluation receive its error, and the next call evaluates again (to keep the first
/// failure instead, use ``AsyncOnceKeepingFailure``). An evaluation that awaits its own cell fails
/// with ``OnceError/recursiveEvaluation`` instead of waiting forever.
///
/// Read it by calling it, through ``value``, or with ``get()``; all three are the same:
///
/// ```swift
/// let token = AsyncOnce { try await AuthClient.shared.fetchToken() }
/// let value = try await token()  // fetched once; concurrent callers share the request
/// let same = try await token.value
/// ```
///
/// ``Once`` lists every once-cell and how they differ.
public final class AsyncOnce<Value: Sendable>: Sendable {
  private let make: @Sendable () async throws -> Value
  private let cell: _OnceCell<Value>

  /// Makes a cell that evaluates `make` on first use.
  ///
  /// ```swift
  /// let remoteConfig = AsyncOnce { try await RemoteConfig.fetch() }
  /// ```
  ///
  /// - Parameter make: Computes the value; may suspend and throw.
  public init(_ make: @escaping @Sendable () async throws -> Value) {
    self.make = make
    cell = _OnceCell(keepsFailure: false)
  }

  /// Whether the value has been computed.
  ///
  /// ```swift
  /// if !remoteConfig.isComputed { showSpinner() }
  /// ```
  public var isComputed: Bool { cell.builtValue != nil }

  /// Returns the value, computing it if no evaluation has succeeded yet.
  ///
  /// ```swift
  /// let config = try await remoteConfig.get()
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: What `make` threw in the evaluation this call awaited, or
  ///   ``OnceError/recursiveEvaluation``.
  public func get() async throws -> Value {
    try await cell.get(recursion: OnceError.recursiveEvaluation as any Error, make)
  }

  /// The value, computed if no evaluation has succeeded yet: the property form of ``get()``.
  ///
  /// ```swift
  /// let config = try await remoteConfig.value
  /// ```
  ///
  /// - Throws: What `make` threw in the evaluation this read awaited, or
  ///   ``OnceError/recursiveEvaluation``.
  public var value: Value {
    get async throws { try await get() }
  }

  /// Returns the value, computing it if no evaluation has succeeded yet: `try await
  /// remoteConfig()` is `try await remoteConfig.get()`.
  ///
  /// ```swift
  /// let config = try await remoteConfig()
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: What `make` threw in the evaluation this call awaited, or
  ///   ``OnceError/recursiveEvaluation``.
  public func callAsFunction() async throws -> Value {
    try await get()
  }
}
