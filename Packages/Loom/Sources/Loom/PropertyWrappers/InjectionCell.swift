import Synchronization

/// The shared state of a property wrapper: its container, what it resolves, and what it holds.
///
/// A held value is dropped when the custom-lifetime cache that served it was emptied since (a
/// session ended, a flow finished), so the next access resolves the new instance.
final class InjectionCell<Value>: Sendable {
  // NB: `@unchecked Sendable` because `Value` need not be `Sendable`: the cell of such a value
  // belongs to a wrapper that is not `Sendable` (`Injected` is `Sendable` only where its value
  // is), so it is used from one isolation, and the lock only orders that use.
  private struct Held: @unchecked Sendable {
    let value: Value
    let stamp: CacheStamp?
  }

  typealias Resolve = @Sendable (Container) throws(ResolutionError) -> (Value, CacheStamp?)

  let container: Container
  private let resolve: Resolve
  private let held = Lock<Held?>(nil)

  init(container: Container?, resolve: @escaping Resolve) {
    self.container = container ?? Container.injectionTarget
    self.resolve = resolve
  }

  convenience init(container: Container?, request: _ResolutionRequest) {
    self.init(container: container) { container throws(ResolutionError) in
      try container.resolveTracked(Value.self, request)
    }
  }

  /// The held value while it is current; else resolves, keeps and returns the value.
  func get() throws(ResolutionError) -> Value {
    if let held = held.withLock({ $0 }), held.stamp?.isCurrent ?? true { return held.value }
    // NB: not held captive by what is being built around the read: the cell resolves again once
    // the lifetime of what it holds ended.
    let (value, stamp) = try resolvingUnheld { () throws(ResolutionError) in
      try resolve(container)
    }
    return held.withLock { held in
      if let current = held, current.stamp?.isCurrent ?? true { return current.value }
      held = Held(value: value, stamp: stamp)
      return value
    }
  }

  /// The held value, or nil before the first access (or after its lifetime ended).
  var current: Value? {
    held.withLock { held in
      guard let held, held.stamp?.isCurrent ?? true else { return nil }
      return held.value
    }
  }

  /// Forgets the held value; the next access resolves again.
  func reset() {
    held.withLock { $0 = nil }
  }
}
