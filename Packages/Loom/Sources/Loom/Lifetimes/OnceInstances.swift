/// The instances of ``Lifetime/once`` registrations: one slot per declaration (key and place of
/// registration) for the whole process.
final class OnceInstances: Sendable {
  static let shared = OnceInstances()

  /// A registration's declaration: what makes two registrations, in two containers, the same.
  private struct Declaration: Hashable {
    let key: DependencyKey
    let location: CodeLocation
  }

  private let slots = Locked<[Declaration: OnceSlot]>([:])

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

  /// Drops every slot (``Lifetime/resetOnceInstances()``); the values go outside the lock.
  func removeAll() {
    let dropped = slots.withLock { slots in
      defer { slots = [:] }
      return slots
    }
    withExtendedLifetime(dropped) {}
  }
}
