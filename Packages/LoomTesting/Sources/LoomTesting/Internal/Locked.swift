import Foundation

/// A value behind a lock, shared by the observers and readers of a ``ResolutionRecorder``.
// NB: an `NSLock`, not `Synchronization.Mutex`. On Linux a contended `Mutex` is handed over in the
// kernel (`FUTEX_LOCK_PI`) from uninstrumented code, so ThreadSanitizer sees no happens-before edge
// between two critical sections and reports every hand-over of the guarded value as a race; the
// repository's test suite runs under ThreadSanitizer, and a recorder is written to from many
// threads. `NSLock` is a `pthread_mutex_t`, which the sanitizer intercepts. Foundation costs
// nothing extra here: XCTest, which this package already links, depends on it.
// `@unchecked Sendable` is sound: `storage` is only read or written while `lock` is held, and
// `Value` is `Sendable`, so copies that leave the critical section may be shared.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: Value

  init(_ value: Value) {
    storage = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&storage)
  }
}
