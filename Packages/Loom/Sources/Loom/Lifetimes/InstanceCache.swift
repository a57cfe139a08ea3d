import Synchronization

/// A thread-safe store of cached instances, one entry per registration, for a ``CustomLifetime``.
///
/// The core creates each entry exactly once however many threads race for it, and never runs a
/// factory under the cache's lock. A lifetime ends by calling ``removeAll()``: the instances are
/// dropped, their values handed back (so the caller can notify them outside any lock), and
/// ``generation`` advances, which tells property wrappers such as ``Injected`` that hold one of
/// them to resolve again on next access.
///
/// ```swift
/// let cache = container.instanceCache(for: "request")
/// // ... serve the request ...
/// for value in cache.removeAll() {
///   (value as? any RequestScoped)?.requestDidEnd()
/// }
/// ```
public final class InstanceCache: Sendable {
  private struct State {
    /// Where each registration's instance is made (exactly once) and kept. The registration is
    /// held so that its identity, the key here and in `values`, cannot be reused by another one
    /// while the entry exists (a cache may outlive the container that made the registration).
    var slots: [ObjectIdentifier: (registration: Registration, slot: OnceSlot)] = [:]
    /// The instances of the current generation, boxed, by registration: what a cached resolve
    /// reads.
    var values: [ObjectIdentifier: any AnyObject & Sendable] = [:]
  }

  private let state = Locked(State())
  private let currentGeneration = Atomic<UInt64>(0)

  /// Makes an empty cache.
  ///
  /// ```swift
  /// let cache = InstanceCache()
  /// ```
  public init() {}

  /// How many times ``removeAll()`` has run; a value read before and after differs when the
  /// cache was emptied in between.
  ///
  /// ```swift
  /// let before = cache.generation
  /// cache.removeAll()
  /// cache.generation == before  // false
  /// ```
  public var generation: UInt64 {
    currentGeneration.load(ordering: .acquiring)
  }

  /// How many instances the cache holds now.
  ///
  /// ```swift
  /// if cache.count > 0 { print("still live") }
  /// ```
  public var count: Int {
    let slots = state.withLock { $0.slots.values.map(\.slot) }
    return slots.reduce(0) { $0 + ($1.currentValue() == nil ? 0 : 1) }
  }

  /// Drops every cached instance and returns their values.
  ///
  /// Creations still running when it is called finish and are handed to their callers, but are not
  /// kept. Call it outside any lock of yours: the values it returns may be the last references.
  ///
  /// ```swift
  /// let dropped = cache.removeAll()
  /// print("dropped \(dropped.count) instances")
  /// ```
  ///
  /// - Returns: The values that were cached, in no particular order.
  @discardableResult
  public func removeAll() -> [any Sendable] {
    detachAll().compactMap { $0.currentValue() }
  }

  /// Drops every cached instance, waits for the creations still running to finish, and returns
  /// every value, those included.
  ///
  /// Use it to end a lifetime whose instances must all be told: an instance whose creation races
  /// with the end is then either returned here (part of the ended lifetime) or made afresh in the
  /// cache's next generation; a resolve whose instance was made or fetched while the cache was
  /// emptied tries again, so no resolve that finishes after this call returns hands out an
  /// instance of the ended lifetime. A creation running on the calling thread (a factory that ends
  /// its own lifetime) is not waited for.
  ///
  /// ```swift
  /// for value in cache.removeAllWaitingForCreations() {
  ///   (value as? any SessionScoped)?.sessionDidEnd()
  /// }
  /// ```
  ///
  /// - Returns: The values that were cached or being made, in no particular order.
  @discardableResult
  public func removeAllWaitingForCreations() -> [any Sendable] {
    let me = WaitIdentity.currentThread
    return detachAll().compactMap { slot in
      if let creation = slot.pendingCreation(), creation.owner != me { _ = creation.wait() }
      return slot.currentValue()
    }
  }

  /// ``removeAllWaitingForCreations()`` for asynchronous code: waits without blocking a thread.
  ///
  /// ```swift
  /// for value in await cache.removeAllWaitingForCreations() {
  ///   await (value as? any AsyncSessionScoped)?.sessionDidEnd()
  /// }
  /// ```
  ///
  /// - Returns: The values that were cached or being made, in no particular order.
  @discardableResult
  public func removeAllWaitingForCreations() async -> [any Sendable] {
    var values: [any Sendable] = []
    for slot in detachAll() {
      if let creation = slot.pendingCreation() { _ = await creation.waitAsync() }
      if let value = slot.currentValue() { values.append(value) }
    }
    return values
  }

  /// Drops the instances of `registrations` only (``Container/reset(_:)`` of one lifetime); the
  /// generation stays, so the other instances stay current.
  func remove(_ registrations: [Registration]) {
    guard !registrations.isEmpty else { return }
    let dropped = state.withLock { state in
      registrations.map { registration in
        let id = ObjectIdentifier(registration)
        return (state.slots.removeValue(forKey: id), state.values.removeValue(forKey: id))
      }
    }
    // NB: the last references may go here, outside the lock.
    withExtendedLifetime(dropped) {}
  }

  /// Empties the cache and advances its generation; returns the slots that were in it.
  private func detachAll() -> [OnceSlot] {
    let (slots, values) = state.withLock { state in
      currentGeneration.add(1, ordering: .releasing)
      defer { (state.slots, state.values) = ([:], [:]) }
      return (state.slots, state.values)
    }
    // NB: the last references to the instances (and to replaced registrations' factories) may go
    // here, outside the lock: a deinit that uses the cache must not deadlock.
    withExtendedLifetime(values) {}
    return slots.values.map(\.slot)
  }

  /// The box (a ``Publication``) of `registration`'s instance if the cache holds one of its
  /// current generation.
  func box(of registration: Registration) -> (any AnyObject & Sendable)? {
    let id = ObjectIdentifier(registration)
    return state.withLock { $0.values[id] }
  }

  /// Makes `box`, the instance of `registration` obtained in `generation`, readable by
  /// ``value(of:as:)``, unless the cache was emptied since; returns whether it was not.
  func keep(
    _ box: any AnyObject & Sendable, of registration: Registration, generation: UInt64
  ) -> Bool {
    let id = ObjectIdentifier(registration)
    return state.withLock { state in
      guard currentGeneration.load(ordering: .relaxed) == generation else { return false }
      if state.values[id] == nil { state.values[id] = box }
      return true
    }
  }

  /// The slot for one registration, made on first use.
  func slot(for registration: Registration) -> OnceSlot {
    let id = ObjectIdentifier(registration)
    return state.withLock { state in
      if let entry = state.slots[id] { return entry.slot }
      let slot = OnceSlot(holdsWeakly: false)
      state.slots[id] = (registration, slot)
      return slot
    }
  }
}
