public import Synchronization

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

/// A box published once, for reads that take no lock: the bits of a retained ``Publication``,
/// 0 until one is published. The one lock-free publication of a built value: a singleton's for
/// the engine's fast path (``Entry``), and a once-cell's (``OnceSlot``, for `_OnceCell`).
///
/// NB: why reading it is safe. ``publish(_:)`` retains the box and stores its bits with a
/// releasing exchange from 0, so whoever loads the bits with an acquiring load sees the box's
/// value fully initialised; a second publication loses the exchange and releases its own box.
/// The bits never change again, and the box stays retained until this storage is freed
/// (`deinit`), so a reader may use the box without retaining it for as long as it keeps alive
/// the object that stores this: a resolve keeps its ``Entry`` in its read section, a cell's
/// reader holds the cell. `Atomic` operations are inlined, so ThreadSanitizer sees the
/// release and acquire.
@usableFromInline
struct PublishedBox: ~Copyable, Sendable {
  @usableFromInline let bits = Atomic<UInt>(0)

  init() {}

  deinit {
    let bits = bits.load(ordering: .acquiring)
    guard bits != 0 else { return }
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).release()
  }

  /// The bits of the published box, or 0 before anything is published.
  @inlinable @inline(__always)
  func load() -> UInt {
    bits.load(ordering: .acquiring)
  }

  /// Publishes `box`, a ``Publication``; the first publication wins.
  func publish(_ box: any AnyObject & Sendable) {
    let boxBits = UInt(bitPattern: Unmanaged.passRetained(box as AnyObject).toOpaque())
    let (exchanged, _) = bits.compareExchange(
      expected: 0, desired: boxBits, ordering: .acquiringAndReleasing)
    if !exchanged {
      Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: boxBits).unsafelyUnwrapped)
        .release()
    }
  }

  /// The value in the box whose bits ``load()`` returned (not 0), a ``Publication`` of `Value`:
  /// valid while the storage that published it is alive.
  @inlinable @inline(__always)
  static func value<Value>(_ bits: UInt, as type: Value.Type) -> Value {
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
      ._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Publication<Value>.self).value }
  }
}
