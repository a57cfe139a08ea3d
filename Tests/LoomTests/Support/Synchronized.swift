@_spi(LoomInternals) import Loom
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

extension Lock {
  /// Appends to an array value.
  func append<Element: Sendable>(_ element: Element) where State == [Element] {
    withLock { $0.append(element) }
  }
}

/// Whether an event's instance came from a factory run (as opposed to a cache).
func madeByFactory(_ event: ResolutionEvent) -> Bool {
  if case .factory = event.source { return true }
  return false
}
