// Loom 0.1.0's public lock, kept so that code written for 0.1.0 compiles: it is deprecated in
// favour of `Mutex` from the Synchronization module (which every platform Loom supports has) and
// hidden from the documentation (README, "Definition of Public API"). A lock is not dependency
// injection, so Loom no longer offers one of its own.

/// Deprecated: state guarded by a lock; use `Mutex` from the Synchronization module.
///
/// It still takes the core's lock, so code written for 0.1.0 behaves as it did. Move to `Mutex`:
///
/// ```swift
/// import Synchronization
///
/// final class Counter: Sendable {
///   private let count = Mutex(0)
///   func increment() -> Int { count.withLock { $0 += 1; return $0 } }
/// }
/// ```
@_documentation(visibility: private)
@available(
  *, deprecated,
  message:
    "Use Mutex from the Synchronization module: `let state = Mutex(value)`, then `state.withLock { ... }`"
)
public final class Locked<State: Sendable>: Sendable {
  private let lock: Lock<State>

  /// Deprecated: makes a lock around `state`; use `Mutex(state)` from Synchronization.
  ///
  /// ```swift
  /// let counter = Mutex(0)
  /// ```
  ///
  /// - Parameter state: The initial state.
  public init(_ state: State) {
    lock = Lock(state)
  }

  /// Deprecated: runs `body` with exclusive access to the state, as `Mutex.withLock(_:)` does.
  ///
  /// ```swift
  /// let next = counter.withLock { value in
  ///   value += 1
  ///   return value
  /// }
  /// ```
  ///
  /// - Parameter body: Reads or changes the state; must not call back into this lock.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try lock.withLock(body)
  }

  /// Deprecated: a copy of the state, read under the lock; read it with `withLock { $0 }`.
  ///
  /// ```swift
  /// let count = counter.withLock { $0 }
  /// ```
  public var value: State { lock.value }
}
