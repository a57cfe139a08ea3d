import Synchronization

/// An object made on first use and then shared, in a form ThreadSanitizer can see.
///
/// NB: This wraps `AtomicLazyReference`, whose `load()` and `storeIfNil(_:)` are compiled into the
/// uninstrumented Synchronization library. Their orderings make everything the storing thread did
/// before the store happen before what a loading thread does after the load, but the sanitizer
/// does not see that edge: it reported a cache slot's initialisation and another thread's first
/// read of it as a race (now and then, in `RegistryIndexTests`). So each hand-over here also
/// releases the object's address before the store and acquires it after every load that finds the
/// object, as ``Lock`` does for its critical sections; outside sanitizer builds the hooks are
/// absent and only the atomics remain.
struct LazyReference<Instance: AnyObject & Sendable>: ~Copyable, Sendable {
  private let reference = AtomicLazyReference<Instance>()

  /// The object, if one was stored.
  ///
  /// - Returns: The stored object, or nil before the first store.
  func load() -> Instance? {
    guard let instance = reference.load() else { return nil }
    SanitizerHooks.shared?.acquire(Self.token(instance))
    return instance
  }

  /// The object stored, or `make()` stored now if none was.
  ///
  /// - Parameter make: Makes the object; called only when none is stored. If another thread stores
  ///   one first, the object it made is dropped and the other one returned.
  /// - Returns: The one object this reference keeps.
  func load(orStore make: () -> Instance) -> Instance {
    if let instance = load() { return instance }
    let made = make()
    let hooks = SanitizerHooks.shared
    hooks?.release(Self.token(made))
    let kept = reference.storeIfNil(made)
    if kept !== made { hooks?.acquire(Self.token(kept)) }
    return kept
  }

  private static func token(_ instance: Instance) -> UnsafeRawPointer? {
    UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(instance)))
  }
}
