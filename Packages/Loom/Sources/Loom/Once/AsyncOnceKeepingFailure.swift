/// A value computed at most once by an asynchronous operation, on first use, whose outcome is
/// kept: a value, or the error of its first failure.
///
/// Like ``AsyncOnce``, concurrent callers share one evaluation, which runs in a task of its own,
/// and a cell that awaits itself fails with ``OnceError/recursiveEvaluation``. Unlike it, a
/// failure is final: the operation runs at most once, and every call after a failed evaluation
/// throws that same error without running it again. Use it where trying again cannot help or
/// must not happen: a migration that must not run twice, a resource whose opening failed for
/// good, a check whose answer is fixed for the process.
///
/// ```swift
/// let migration = AsyncOnceKeepingFailure { try await Database.shared.migrate() }
/// try await migration()  // runs the migration; a failure is thrown to every later caller too
/// ```
///
/// ``Once`` lists every once-cell and how they differ.
public final class AsyncOnceKeepingFailure<Value: Sendable>: Sendable {
  private let make: @Sendable () async throws -> Value
  private let cell: _OnceCell<Value>

  /// Makes a cell that evaluates `make` on first use, and never again.
  ///
  /// ```swift
  /// let license = AsyncOnceKeepingFailure { try await LicenseServer.verify(key) }
  /// ```
  ///
  /// - Parameter make: Computes the value; may suspend and throw.
  public init(_ make: @escaping @Sendable () async throws -> Value) {
    self.make = make
    cell = _OnceCell(keepsFailure: true)
  }

  /// Whether the value has been computed (`false` after a failure, too).
  ///
  /// ```swift
  /// if license.isComputed { showFeatures() }
  /// ```
  public var isComputed: Bool { cell.builtValue != nil }

  /// Returns the value, computing it on the first call; throws the first failure forever after.
  ///
  /// ```swift
  /// let verified = try await license.get()
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: What `make` threw in the one evaluation the cell ran (the same error on every
  ///   call), or ``OnceError/recursiveEvaluation``.
  public func get() async throws -> Value {
    try await cell.get(recursion: OnceError.recursiveEvaluation as any Error, make)
  }

  /// The value, computed on first use: the property form of ``get()``.
  ///
  /// ```swift
  /// let verified = try await license.value
  /// ```
  ///
  /// - Throws: What `make` threw in the one evaluation the cell ran, or
  ///   ``OnceError/recursiveEvaluation``.
  public var value: Value {
    get async throws { try await get() }
  }

  /// Returns the value, computing it on the first call: `try await license()` is
  /// `try await license.get()`.
  ///
  /// ```swift
  /// let verified = try await license()
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: What `make` threw in the one evaluation the cell ran, or
  ///   ``OnceError/recursiveEvaluation``.
  public func callAsFunction() async throws -> Value {
    try await get()
  }
}
