public import Synchronization

/// An open-addressing hash table from a probe identity to a registration, readable without a lock.
///
/// Writers hold the container's lock; readers take none. A slot's identity is written once and
/// its registration may be replaced, both with release stores that readers pair with acquire
/// loads. A table never shrinks or moves: the container replaces a full table with a larger one
/// and keeps every table and every registration it ever published alive until it is deinitialised,
/// so a reader holding an old pointer always reads valid memory.
///
/// The probe identity is the address of the type's metadata for type keys, and the address of the
/// key-path object for key-path keys (several may alias one registration).
// NB: `@unchecked Sendable` because of the two raw buffers. They are allocated in `init`, freed in
// `deinit`, and every access to their elements goes through `Atomic` operations, so concurrent
// reads and the container's (serialised) writes never race.
@usableFromInline  // NB: `@unchecked Sendable`: see the proof above.
final class RegistryTable: @unchecked Sendable {
  @usableFromInline let mask: Int
  @usableFromInline let shift: UInt64
  @usableFromInline let ids: UnsafeMutablePointer<Atomic<UInt>>
  @usableFromInline let entries: UnsafeMutablePointer<Atomic<UInt>>
  let capacity: Int

  init(capacity: Int) {
    precondition(capacity >= 8 && capacity & (capacity - 1) == 0)
    self.capacity = capacity
    self.mask = capacity - 1
    self.shift = UInt64(64 - capacity.trailingZeroBitCount)
    ids = .allocate(capacity: capacity)
    entries = .allocate(capacity: capacity)
    for index in 0..<capacity {
      (ids + index).initialize(to: Atomic(0))
      (entries + index).initialize(to: Atomic(0))
    }
  }

  deinit {
    ids.deinitialize(count: capacity)
    entries.deinitialize(count: capacity)
    ids.deallocate()
    entries.deallocate()
  }

  /// Where probing starts: a Fibonacci hash of the probe, mixed with the name so that many names
  /// of one type spread over the table instead of sharing one run of slots.
  @inlinable @inline(__always)
  func startIndex(_ probe: UInt, name: String?) -> Int {
    var mixed = UInt64(probe)
    if let name { mixed ^= nameHash(name) }
    return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The registration for `probe` and `name`, or nil. Lock-free.
  @inlinable @inline(__always)
  func find(_ probe: UInt, name: String?) -> Unmanaged<Registration>? {
    var index = startIndex(probe, name: name)
    while true {
      let id = ids[index].load(ordering: .acquiring)
      if id == 0 { return nil }
      if id == probe {
        let bits = entries[index].load(ordering: .acquiring)
        let registration = Unmanaged<Registration>.fromOpaque(
          UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
        if registration._withUnsafeGuaranteedRef({ $0.name == name }) { return registration }
      }
      index = (index + 1) & mask
    }
  }

  /// Inserts or replaces the registration for `probe`; returns whether a new slot was used.
  /// Call with the container's lock held.
  func store(_ registration: Registration, probe: UInt) -> Bool {
    var index = startIndex(probe, name: registration.name)
    let bits = UInt(bitPattern: Unmanaged.passUnretained(registration).toOpaque())
    while true {
      let id = ids[index].load(ordering: .relaxed)
      if id == 0 {
        entries[index].store(bits, ordering: .releasing)
        ids[index].store(probe, ordering: .releasing)
        return true
      }
      if id == probe {
        let current = Unmanaged<Registration>.fromOpaque(
          UnsafeRawPointer(bitPattern: entries[index].load(ordering: .relaxed)).unsafelyUnwrapped
        ).takeUnretainedValue()
        if current.name == registration.name {
          entries[index].store(bits, ordering: .releasing)
          return false
        }
      }
      index = (index + 1) & mask
    }
  }
}

/// FNV-1a over the name's UTF-8 bytes: cheap for the short names registrations use.
@inlinable
func nameHash(_ name: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in name.utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
  }
  return hash
}
