import Foundation

/// A value behind a lock, shareable by escaping `@Sendable` closures.
// NB: an `NSLock`, not `Synchronization.Mutex`: on Linux a contended `Mutex` is handed over by the
// kernel, which ThreadSanitizer cannot see, so it would report every hand-over as a race.
// `@unchecked Sendable` is sound: `storage` is only read or written while `lock` is held.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: Value

  init(_ value: Value) {
    storage = value
  }

  /// A copy of the value now.
  var value: Value { lock.withLock { storage } }

  /// Mutates the value under the lock.
  func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&storage) }
  }
}
