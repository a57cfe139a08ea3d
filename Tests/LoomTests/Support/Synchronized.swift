import Foundation
import Loom
import Synchronization

/// Counts how many times something ran, from any thread or task.
final class Counter: Sendable {
  private let count = Atomic<Int>(0)

  init() {}

  /// The count now.
  var value: Int { count.load(ordering: .sequentiallyConsistent) }

  /// Adds one and returns the new count.
  @discardableResult
  func increment() -> Int {
    count.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
  }
}

/// A value behind a lock, shareable by escaping `@Sendable` closures.
// NB: an `NSLock`, not `Synchronization.Mutex`. On Linux a contended `Mutex` is handed over by the
// kernel (a priority-inheritance futex), which ThreadSanitizer cannot see, so it reports "Swift
// access race" on every contended `withLock` (reproduced with a 10-line program that only appends
// to a `Mutex<[Int]>` from `concurrentPerform`). The suite is also run under TSan, and its own
// helpers must not drown the core's reports. `@unchecked Sendable` is sound: `storage` is only
// read or written while `lock` is held.
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

extension Locked {
  /// Appends to an array value.
  func append<Element: Sendable>(_ element: Element) where Value == [Element] {
    withLock { $0.append(element) }
  }
}

/// Whether an event's instance came from a factory run (as opposed to a cache).
func madeByFactory(_ event: ResolutionEvent) -> Bool {
  if case .factory = event.source { return true }
  return false
}
