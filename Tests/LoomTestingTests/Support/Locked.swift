import Foundation

/// A value behind a lock, shareable by escaping `@Sendable` closures.
// NB: an `NSLock`, not `Synchronization.Mutex`: on Linux a contended `Mutex` is handed over in the
// kernel, which ThreadSanitizer cannot see, and the suite also runs under ThreadSanitizer.
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
  @discardableResult
  func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&storage) }
  }
}

extension Locked {
  /// Appends to an array value.
  func append<Element>(_ element: Element) where Value == [Element] {
    withLock { $0.append(element) }
  }
}
