/// A value kept by Loom (a singleton, a custom lifetime's instance, a `.graph` instance), in an
/// immutable box of its type; singletons' boxes are also what the fast path reads.
@usableFromInline
final class Publication<Value: Sendable>: Sendable {
  @usableFromInline let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// The value in `box`, a ``Publication`` of `Value` (the caller knows the type from the key).
func keptValue<Value: Sendable>(_ box: any AnyObject & Sendable, as type: Value.Type) -> Value {
  unsafeDowncast(box, to: Publication<Value>.self).value
}

/// A ``Publication`` seen without its value's type.
protocol ErasedPublication {
  var erasedValue: any Sendable { get }
}

extension Publication: ErasedPublication {
  var erasedValue: any Sendable { value }
}
