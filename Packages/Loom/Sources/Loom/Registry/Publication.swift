/// A value kept by Loom (a singleton, a custom lifetime's instance, a `.graph` instance), in an
/// immutable box of its type; singletons' boxes are also what the fast path reads.
///
/// NB: `@unchecked Sendable` because `Value` need not be `Sendable`. The box is immutable, and
/// the registration APIs decide whose values it may hold: a `Sendable` value (shared as its
/// lifetime says); a `.graph` instance, kept by the one resolve that made it and dropped when it
/// ends; an instance shared on the main actor only, which the engine never publishes for the
/// fast path and serves only after `MainActorCheck.isCurrent` (see ``Container/placement(of:context:)``);
/// or an instance the user shares with ``ConfinedLifetime/unchecked(_:)``, on their word.
@usableFromInline
// NB: unchecked, and safe as the note above says: the box never changes, and it holds only the
// values the registration APIs let it share.
final class Publication<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// The value in `box`, a ``Publication`` of `Value` (the caller knows the type from the key).
func keptValue<Value>(_ box: any AnyObject & Sendable, as type: Value.Type) -> Value {
  unsafeDowncast(box, to: Publication<Value>.self).value
}

/// A ``Publication`` seen without its value's type.
protocol ErasedPublication {
  var erasedValue: any Sendable { get }
}

extension Publication: ErasedPublication {
  /// The value, for what empties a cache (``InstanceCache/removeAll()``, ``Entry/currentInstance``).
  ///
  /// NB: viewed as `any Sendable` (the same layout as `Any`: `Sendable` is a marker protocol)
  /// even when `Value` is not `Sendable`: what receives a cache's values only drops them or casts
  /// them to a protocol of its own, which a type conforms to only if it is `Sendable` itself
  /// (LoomSession's `SessionScoped`), and the cache that held the value holds it no more.
  var erasedValue: any Sendable {
    unsafeBitCast(value as Any, to: (any Sendable).self)
  }
}
