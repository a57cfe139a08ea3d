public import Synchronization

/// A container's map from a key's probe (and name) to its ``Entry``, read without a lock.
///
/// This is the one place in Loom where memory is shared without a lock or a reference count, so
/// that resolving a cached singleton again costs a few loads and no lock. Readers read it inside a
/// ``ReadSection`` (a non-copyable value: a lookup takes one by borrow, so a lookup outside a
/// section does not compile) and use what they find (an entry, its container, a published box)
/// only inside that section. Writers hold the owning container's lock; they never change memory a
/// reader may be reading: they publish new memory with a releasing store, unlink the old, and
/// hand it back to the caller as *retired*. The caller passes the retired objects to
/// ``ReadSections/retire(_:)`` outside every lock (their `deinit`s may run user code), which
/// releases them once no section that could see them is still open.
///
/// The table is open-addressing with linear probing. A slot's probe is written once; its entry
/// may be replaced or cleared (a removed key leaves its probe behind, so lookups keep probing past
/// it). A full table is replaced by one twice the size, and the old table is retired. The probe is
/// the address of a type's metadata for type keys, and the address of a key-path object for
/// key-path keys (equal key paths reached through several objects get a slot each).
@usableFromInline
struct RegistryIndex: ~Copyable, Sendable {
  /// The current table: the bits of a retained ``RegistryTable``, or 0 while empty.
  @usableFromInline let table = Atomic<UInt>(0)

  init() {}

  deinit {
    let bits = table.load(ordering: .acquiring)
    if bits != 0 {
      Unmanaged<RegistryTable>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
    }
  }

  // MARK: Reading (inside a read section)

  /// Runs `body` with the entry for `probe` and `name`, or `absent` when there is none.
  ///
  /// Call it inside a read section; `body` must not keep the entry without retaining it. (Not
  /// `Result?`: in code not specialised for a value type, an optional of an optional would make
  /// the runtime look up generic metadata on every resolve.)
  @inlinable @inline(__always)
  func withEntry<Result>(
    probe: UInt, name: String?, in section: borrowing ReadSection, ifAbsent absent: () -> Result,
    _ body: (Entry) -> Result
  ) -> Result {
    let bits = table.load(ordering: .sequentiallyConsistent)
    guard bits != 0 else { return absent() }
    return Unmanaged<RegistryTable>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
      ._withUnsafeGuaranteedRef { table in
        guard let entry = table.find(probe, name: name) else { return absent() }
        return Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: entry).unsafelyUnwrapped)
          ._withUnsafeGuaranteedRef(body)
      }
  }

  // MARK: Writing (with the owning container's lock held)

  /// The entry for `probe` and `name`, retained.
  func entry(probe: UInt, name: String?) -> Entry? {
    let bits = table.load(ordering: .acquiring)
    guard bits != 0 else { return nil }
    let table = Unmanaged<RegistryTable>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      .takeUnretainedValue()
    guard let entry = table.find(probe, name: name) else { return nil }
    return Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: entry)!).takeUnretainedValue()
  }

  /// Makes `entry` the entry for `probe` (and the entry's name); appends what it replaced to
  /// `retired`, which the caller hands to ``ReadSections/retire(_:)``.
  func store(_ entry: Entry, probe: UInt, retiring retired: inout [any AnyObject & Sendable]) {
    var table = currentTable()
    if !table.hasRoom(for: probe, name: entry.name) {
      let larger = table.copy()
      retired.append(table)
      publish(larger)
      table = larger
    }
    if let old = table.set(entry, probe: probe) { retired.append(old) }
  }

  /// Clears the entry for `probe` and `name`; returns it (retired) if there was one.
  func remove(probe: UInt, name: String?, retiring retired: inout [any AnyObject & Sendable]) {
    let bits = table.load(ordering: .acquiring)
    guard bits != 0 else { return }
    let table = Unmanaged<RegistryTable>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      .takeUnretainedValue()
    if let old = table.clear(probe, name: name) { retired.append(old) }
  }

  /// The current table, made on first use.
  private func currentTable() -> RegistryTable {
    let bits = table.load(ordering: .acquiring)
    if bits != 0 {
      return Unmanaged<RegistryTable>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
        .takeUnretainedValue()
    }
    let first = RegistryTable(capacity: 8)
    publish(first)
    return first
  }

  /// Makes `table` current; the index keeps the reference the caller passed retained. (The previous
  /// table, if any, must have been retired by the caller: its reference moves to the retired list.)
  private func publish(_ table: RegistryTable) {
    let bits = UInt(bitPattern: Unmanaged.passRetained(table).toOpaque())
    let old = self.table.exchange(bits, ordering: .sequentiallyConsistent)
    if old != 0 {
      // The caller holds the retired table strongly; drop the index's own reference.
      Unmanaged<RegistryTable>.fromOpaque(UnsafeRawPointer(bitPattern: old)!).release()
    }
  }
}

// MARK: - The table

/// One generation of a ``RegistryIndex``: a fixed number of slots of (probe, entry) pairs.
///
/// Readers probe it inside read sections; writers (holding the container's lock) fill and replace
/// slots with sequentially consistent stores. Each non-zero entry word is a retained ``Entry``: the
/// table owns one reference per slot, dropped when the slot is replaced (the caller gets it, to
/// retire) or when the table is freed.
// NB: `@unchecked Sendable` because of the raw buffer of slots. It is allocated in `init` and freed
// in `deinit`; between the two every access to a slot's words is an `Atomic` operation, and all
// writes happen under the owning container's lock, so concurrent readers and the one writer never
// race, and nothing a reader can reach is freed before its read section ends (see
// ``ReadSections``).
@usableFromInline  // NB: `@unchecked Sendable`: see the proof above.
final class RegistryTable: @unchecked Sendable {
  @usableFromInline let mask: Int
  @usableFromInline let shift: UInt64
  @usableFromInline let probes: UnsafeMutablePointer<Atomic<UInt>>
  @usableFromInline let entries: UnsafeMutablePointer<Atomic<UInt>>
  let capacity: Int
  /// Slots with a probe; only the writer reads or changes it.
  private let used = Atomic<Int>(0)

  init(capacity: Int) {
    precondition(capacity >= 8 && capacity & (capacity - 1) == 0)
    self.capacity = capacity
    self.mask = capacity - 1
    self.shift = UInt64(64 - capacity.trailingZeroBitCount)
    probes = .allocate(capacity: capacity)
    entries = .allocate(capacity: capacity)
    for index in 0..<capacity {
      (probes + index).initialize(to: Atomic(0))
      (entries + index).initialize(to: Atomic(0))
    }
  }

  deinit {
    for index in 0..<capacity {
      let bits = entries[index].load(ordering: .relaxed)
      if bits != 0 { Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }
    probes.deinitialize(count: capacity)
    entries.deinitialize(count: capacity)
    probes.deallocate()
    entries.deallocate()
  }

  /// Where probing for `probe` and `name` starts: a Fibonacci hash of the probe, mixed with the
  /// name so that many names of one type spread over the table.
  @inlinable @inline(__always)
  func startIndex(_ probe: UInt, name: String?) -> Int {
    var mixed = UInt64(probe)
    if let name { mixed ^= nameHash(name) }
    return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The entry word for `probe` and `name`, or nil.
  @inlinable @inline(__always)
  func find(_ probe: UInt, name: String?) -> UInt? {
    var index = startIndex(probe, name: name)
    while true {
      let found = probes[index].load(ordering: .sequentiallyConsistent)
      if found == 0 { return nil }
      if found == probe {
        let bits = entries[index].load(ordering: .sequentiallyConsistent)
        if bits != 0,
          Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef({ $0.name == name })
        {
          return bits
        }
      }
      index = (index &+ 1) & mask
    }
  }

  /// The slot that holds, or would hold, `probe` and `name`, and whether it is claimed already.
  private func slot(for probe: UInt, name: String?) -> (index: Int, claimed: Bool) {
    var index = startIndex(probe, name: name)
    var free: Int?
    while true {
      let found = probes[index].load(ordering: .relaxed)
      if found == 0 { return (free ?? index, free != nil) }
      if found == probe {
        let bits = entries[index].load(ordering: .relaxed)
        if bits == 0 {
          // A cleared slot of this probe: reuse the first one, but keep looking for a live one.
          if free == nil { free = index }
        } else if Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
          .takeUnretainedValue().name == name
        {
          return (index, true)
        }
      }
      index = (index + 1) & mask
    }
  }

  /// Whether `probe` and `name` can be stored without growing past half full.
  func hasRoom(for probe: UInt, name: String?) -> Bool {
    if slot(for: probe, name: name).claimed { return true }
    return (used.load(ordering: .relaxed) + 1) * 2 <= capacity
  }

  /// Stores `entry` for `probe`; returns the entry it replaced (whose reference moves to the
  /// caller).
  func set(_ entry: Entry, probe: UInt) -> Entry? {
    let (index, claimed) = slot(for: probe, name: entry.name)
    let bits = UInt(bitPattern: Unmanaged.passRetained(entry).toOpaque())
    let old = entries[index].exchange(bits, ordering: .sequentiallyConsistent)
    if !claimed {
      probes[index].store(probe, ordering: .sequentiallyConsistent)
      used.wrappingAdd(1, ordering: .relaxed)
    }
    guard old != 0 else { return nil }
    return Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: old)!).takeRetainedValue()
  }

  /// Clears the entry for `probe` and `name`; returns it (the reference moves to the caller).
  func clear(_ probe: UInt, name: String?) -> Entry? {
    let (index, claimed) = slot(for: probe, name: name)
    guard claimed else { return nil }
    let old = entries[index].exchange(0, ordering: .sequentiallyConsistent)
    guard old != 0 else { return nil }
    return Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: old)!).takeRetainedValue()
  }

  /// A table with room for this table's live entries and as many again, holding them (each
  /// retained again); cleared slots are left behind.
  func copy() -> RegistryTable {
    var live = 0
    for index in 0..<capacity where entries[index].load(ordering: .relaxed) != 0 { live += 1 }
    var size = 8
    while size < 4 * (live + 1) { size *= 2 }
    let larger = RegistryTable(capacity: size)
    for index in 0..<capacity {
      let bits = entries[index].load(ordering: .relaxed)
      guard bits != 0 else { continue }
      let entry = Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
        .takeUnretainedValue()
      _ = larger.set(entry, probe: probes[index].load(ordering: .relaxed))
    }
    return larger
  }
}

/// FNV-1a over the name's UTF-8 bytes: cheap for the short names registrations use. A native
/// string's bytes are read in place (its `utf8` view's iterator would decode them one call at a
/// time); any other string is walked byte by byte, to the same hash. Out of line: it would
/// bloat every inlined lookup, while most lookups have no name.
@inlinable @inline(never)
func nameHash(_ name: String) -> UInt64 {
  if let hash = name.utf8.withContiguousStorageIfAvailable({ fnv1a($0) }) { return hash }
  return fnv1a(name.utf8)
}

/// FNV-1a over `bytes`.
@inlinable @inline(__always)
func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
  }
  return hash
}
