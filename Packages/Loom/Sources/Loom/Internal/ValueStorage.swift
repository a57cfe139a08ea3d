/// One resolved value in memory of its own: what caches hold for singletons, `.graph` and custom
/// lifetimes.
///
/// Reading it back needs nothing but the value's type: no generic box whose metadata code that is
/// not specialised would have to look up at run time (a measurable share of every resolve inside an
/// auto-wired initializer, whose parameter resolves cannot be specialised).
// NB: `@unchecked Sendable` because of the raw pointer. The memory is initialised in `init`, never
// written again and freed in `deinit`, and the value in it is `Sendable`.
@usableFromInline  // NB: `@unchecked Sendable`: see the proof above.
final class ValueStorage: @unchecked Sendable {
  /// The value's memory.
  @usableFromInline let pointer: UnsafeMutableRawPointer
  private let destroy: @Sendable (UnsafeMutableRawPointer) -> Void
  private let erase: @Sendable (UnsafeMutableRawPointer) -> any Sendable

  @usableFromInline
  init<Value: Sendable>(_ value: Value) {
    pointer = .allocate(
      byteCount: MemoryLayout<Value>.size, alignment: MemoryLayout<Value>.alignment)
    pointer.initializeMemory(as: Value.self, to: value)
    destroy = { $0.assumingMemoryBound(to: Value.self).deinitialize(count: 1) }
    erase = { $0.assumingMemoryBound(to: Value.self).pointee }
  }

  deinit {
    destroy(pointer)
    pointer.deallocate()
  }

  /// The value, read as `Value`; the caller knows it is one (the key determines the type).
  @inlinable
  func value<Value>(as type: Value.Type) -> Value {
    pointer.assumingMemoryBound(to: Value.self).pointee
  }

  /// The value, type-erased.
  var erasedValue: any Sendable { erase(pointer) }
}
