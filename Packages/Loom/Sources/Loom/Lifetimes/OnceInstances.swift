/// The instances of ``Lifetime/once`` registrations: one slot per declaration (key and place of
/// registration) for the whole process (``shared``), or for one test (a container LoomTesting
/// makes has its own, shared by its children).
final class OnceInstances: Sendable {
  static let shared = OnceInstances()

  /// A registration's declaration: what makes two registrations, in two containers, the same.
  private struct Declaration: Hashable {
    let key: DependencyKey
    let location: CodeLocation
  }

  private let slots = Lock<[Declaration: OnceSlot]>([:])

  /// The slot of `registration`'s declaration if one was made, without making one.
  func existingSlot(for registration: Registration) -> OnceSlot? {
    let declaration = Declaration(key: registration.key, location: registration.location)
    return slots.withLock { $0[declaration] }
  }

  /// The slot of `registration`'s declaration, made on first use.
  func slot(for registration: Registration) -> OnceSlot {
    let declaration = Declaration(key: registration.key, location: registration.location)
    return slots.withLock { slots in
      if let slot = slots[declaration] { return slot }
      let slot = OnceSlot(holdsWeakly: false)
      slots[declaration] = slot
      return slot
    }
  }

  /// Drops the slots of `registrations`' declarations (``Container/reset(_:)->()`` of the `.once`
  /// lifetime); the values go outside the lock.
  func remove(_ registrations: [Registration]) {
    let dropped = slots.withLock { slots in
      registrations.compactMap { registration in
        slots.removeValue(
          forKey: Declaration(key: registration.key, location: registration.location))
      }
    }
    withExtendedLifetime(dropped) {}
  }

  /// Drops every slot (``Lifetime/resetOnceInstances()``); the values go outside the lock.
  func removeAll() {
    let dropped = slots.withLock { slots in
      defer { slots = [:] }
      return slots
    }
    withExtendedLifetime(dropped) {}
  }
}
