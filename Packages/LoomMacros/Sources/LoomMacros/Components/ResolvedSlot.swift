@_spi(LoomInternals) import Loom

/// Where a generated `resolve()` keeps what one of its items produced (a child component's
/// `Resolved` aggregate) until all items have run.
///
/// ```swift
/// let session = _ResolvedSlot<SessionComponent.Resolved>()
/// try await _ComponentScheduler.run("AppComponent", [
///   .child("session") { session.fill(try await component.session.resolve()) }
/// ])
/// let resolvedSession = session.value
/// ```
@_documentation(visibility: private)
public final class _ResolvedSlot<Value: Sendable>: Sendable {
  private let content = Lock<Value?>(nil)

  /// Makes an empty slot.
  ///
  /// ```swift
  /// let slot = _ResolvedSlot<Int>()
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
  /// > ``_ComponentScheduler/run(_:_:)`` succeeded, which means every item filled its slot.
  ///
  /// ```swift
  /// let value = slot.value
  /// ```
  public var value: Value {
    guard let value = content.value else {
      fatalError("_ResolvedSlot<\(Value.self)> read before the item that fills it ran")
    }
    return value
  }
}
