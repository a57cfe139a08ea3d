/// A value computed at most once at a time, on first use, and then kept: a once-cell for code
/// outside the container.
///
/// Its operation is synchronous or asynchronous, and may throw. Concurrent callers share one
/// evaluation: the first runs the operation (an asynchronous one in a task of its own, which
/// cancelling one caller does not cancel), the others wait for its result. A failure is tried
/// again on the next call, unless the cell keeps it (`keepingFailure: true`): then every later call
/// throws it. An evaluation that needs its own cell, directly or through other cells, container
/// singletons or component members, on one thread or across several, fails with
/// ``OnceError/cycle`` instead of waiting forever.
///
/// ```swift
/// let configuration = Once { try Configuration.load(from: "app.json") }
/// let settings = try configuration.get()  // loads once; later calls return the same value
///
/// let token = Once { try await AuthClient.fetchToken() }
/// let header = try await token.getAsync()
///
/// let migration = Once(keepingFailure: true) { try await Database.shared.migrate() }
/// ```
///
/// ``get()`` reads it synchronously, ``getAsync()`` asynchronously (as ``Container``'s `resolve`
/// and `resolveAsync`). A cell whose operation is asynchronous is read with `getAsync()`; read
/// with `get()` before its value exists, it throws ``OnceError/asyncRequired``.
public final class Once<Value: Sendable>: Sendable {
  private enum Operation: Sendable {
    case sync(@Sendable () throws -> Value)
    case async(@Sendable () async throws -> Value)
  }

  private let operation: Operation
  private let cell: _OnceCell<Value>

  /// Makes a cell that evaluates a synchronous operation on first use.
  ///
  /// ```swift
  /// let cache = Once { ImageCache(capacity: 100) }
  /// let images = try cache.get()
  /// ```
  ///
  /// - Parameters:
  ///   - keepingFailure: Whether a failed evaluation is kept (every later call throws its error)
  ///     rather than tried again on the next call. `false` when omitted.
  ///   - make: Computes the value; may throw.
  public init(keepingFailure: Bool = false, _ make: @escaping @Sendable () throws -> Value) {
    operation = .sync(make)
    cell = _OnceCell(keepsFailure: keepingFailure)
  }

  /// Makes a cell that evaluates an asynchronous operation on first use, in a task of its own.
  ///
  /// ```swift
  /// let remoteConfig = Once { try await RemoteConfig.fetch() }
  /// let flags = try await remoteConfig.getAsync().flags
  /// ```
  ///
  /// - Parameters:
  ///   - keepingFailure: Whether a failed evaluation is kept (every later call throws its error)
  ///     rather than tried again on the next call. `false` when omitted.
  ///   - make: Computes the value; may throw.
  public init(keepingFailure: Bool = false, _ make: @escaping @Sendable () async throws -> Value) {
    operation = .async(make)
    cell = _OnceCell(keepsFailure: keepingFailure)
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
  /// - Throws: What the operation threw in the evaluation this call ran or waited for (or, when
  ///   the cell keeps failures, an earlier one); ``OnceError/cycle`` for an evaluation that needs
  ///   its own cell; ``OnceError/asyncRequired`` when the operation is asynchronous and the value
  ///   does not exist yet.
  public func get() throws -> Value {
    switch operation {
    case .sync(let make):
      return try evaluate(make)
    case .async:
      if let value = cell.builtValue { return value }
      throw OnceError.asyncRequired
    }
  }

  /// Returns the value, computing it if no evaluation has succeeded yet: the asynchronous read,
  /// which any cell accepts. An asynchronous operation runs in a task of its own that every
  /// caller awaits; a synchronous one runs on this caller's thread.
  ///
  /// ```swift
  /// let header = try await token.getAsync()
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: What the operation threw in the evaluation this call ran or waited for (or, when
  ///   the cell keeps failures, an earlier one), or ``OnceError/cycle``.
  public func getAsync() async throws -> Value {
    switch operation {
    case .sync(let make):
      try evaluate(make)
    case .async(let make):
      try await cell.get(recursion: OnceError.cycle as any Error, make)
    }
  }

  /// Evaluates a synchronous operation on this thread, or waits for the evaluation under way.
  private func evaluate(_ make: @Sendable () throws -> Value) throws -> Value {
    try cell.get(recursion: OnceError.cycle as any Error, make)
  }
}
