import Synchronization

/// A registration installed in one container, with the instances it made there; or, in an
/// ``InstanceCache``, a registration's entry in one generation of the cache.
///
/// Replacing a registration, dropping a container's cached instances, or copying an ancestor's
/// registration into an isolated child installs a new entry; the registration itself, which only
/// describes how to make the value, can be shared by several entries.
@usableFromInline
final class Entry: Sendable {
  let registration: Registration
  /// The name of a type key, compared by ``RegistryIndex`` without unpacking the key.
  @usableFromInline let name: String?
  /// The published singleton instance, for the fast path.
  @usableFromInline let publication = PublishedBox()
  /// Where the singleton or weak instance is made exactly once; made on first use.
  private let instanceSlot = LazyReference<OnceSlot>()
  /// For an entry of an ``InstanceCache`` that the cache dropped: whether its instance, made or
  /// being made, is accounted for (the removal that dropped the entry takes it, or its maker handed
  /// it to the lifetime's ``CustomLifetime/discard(_:)``). Changed under the cache's lock.
  let isTaken = Atomic<Bool>(false)

  init(_ registration: Registration) {
    self.registration = registration
    self.name = registration.key.name
  }

  /// The slot that makes and keeps this entry's singleton or weak instance.
  var slot: OnceSlot {
    instanceSlot.load(orStore: { OnceSlot(holdsWeakly: registration.lifetimeKind == .weak) })
  }

  /// Makes `value` this entry's singleton instance before anything resolves it (a ready
  /// instance), and publishes it for the fast path.
  func keep<Value>(instance value: Value) {
    let box = Publication(value)
    _ = instanceSlot.load(orStore: { OnceSlot(holding: box) })
    publication.publish(box)
  }

  /// The instance made here, if it is alive (for ``Container/dump()`` and tests).
  var currentInstance: (any Sendable)? { instanceSlot.load()?.currentValue() }
}
