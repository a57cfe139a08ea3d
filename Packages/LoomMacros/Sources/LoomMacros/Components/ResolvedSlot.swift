import Loom

/// Where a generated `resolve()` keeps what one of its items produced (a child component's
/// `Resolved` aggregate) until all items have run.
///
/// ```swift
/// let session = ResolvedSlot<SessionComponent.Resolved>()
/// try await ComponentScheduler.run("AppComponent", [
///   .child("session") { session.fill(try await component.session.resolve()) }
/// ])
/// let resolvedSession = session.value
/// ```
public final class ResolvedSlot<Value: Sendable>: Sendable {
  private let content = Locked<Value?>(nil)

  /// Makes an empty slot.
  ///
  /// ```swift
  /// let slot = ResolvedSlot<Int>()
  /// ```
  public init() {}

  /// Stores `value`.
  ///
  /// ```swift
  /// slot.fill(42)
  /// ```
  ///
  /// - Parameter value: What the item produced.
  public func fill(_ value: Value) {
    content.withLock { $0 = value }
  }

  /// The stored value.
  ///
  /// > Important: Traps if the slot was never filled; generated code reads it only after
  /// > ``ComponentScheduler/run(_:_:)`` succeeded, which means every item filled its slot.
  ///
  /// ```swift
  /// let value = slot.value
  /// ```
  public var value: Value {
    guard let value = content.value else {
      fatalError("ResolvedSlot<\(Value.self)> read before the item that fills it ran")
    }
    return value
  }
}
