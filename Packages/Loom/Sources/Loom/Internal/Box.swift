/// An immutable heap cell that holds one resolved value.
///
/// Caches store values as boxes so that a value of any type, struct or class, can sit behind one
/// pointer-sized atomic and be read back without a dynamic cast.
@usableFromInline
final class Box<Value: Sendable>: Sendable {
  @usableFromInline let value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }
}
