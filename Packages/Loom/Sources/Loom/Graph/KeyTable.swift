/// The vertex of each key of a graph: an open-addressing hash table of vertex numbers, next to
/// the keys themselves (kept by the caller, in vertex order).
///
/// A `[DependencyKey: Int]` would do, but a lookup in it reads a 56-byte key slot of a table
/// twice the size of the graph; here a probe reads 4-byte slots and one cached hash, and the key
/// itself only to confirm a match. For a 100,000-node graph that is the difference between
/// lookups served from the processor's caches and lookups that wait for memory.
struct KeyTable: Sendable {
  /// Vertex numbers, -1 for an empty slot; the count is a power of two.
  private var slots: [Int32]
  /// The hash of each inserted vertex, by vertex number.
  private var hashes: [Int] = []

  /// Makes a table with room for `count` keys before it grows.
  init(capacity count: Int) {
    var size = 16
    while size < 2 * count { size *= 2 }
    slots = [Int32](repeating: -1, count: size)
    hashes.reserveCapacity(count)
  }

  /// The vertex of `key`, if it was inserted.
  ///
  /// - Parameters:
  ///   - key: The key to find.
  ///   - hash: ``hash(_:)`` of `key`.
  ///   - keys: The keys, by vertex number.
  /// - Returns: The vertex number of `key`, or `nil` when it is not in the table.
  func find(_ key: DependencyKey, hash: Int, in keys: [DependencyKey]) -> Int? {
    let mask = slots.count - 1
    var slot = hash & mask
    while true {
      let vertex = Int(slots[slot])
      if vertex < 0 { return nil }
      if hashes[vertex] == hash && keys[vertex] == key { return vertex }
      slot = (slot + 1) & mask
    }
  }

  /// Adds the next vertex (numbered by insertion order), whose key is not in the table.
  mutating func insert(hash: Int) {
    if 2 * (hashes.count + 1) > slots.count { grow() }
    let vertex = hashes.count
    hashes.append(hash)
    place(vertex, hash: hash)
  }

  private mutating func place(_ vertex: Int, hash: Int) {
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = Int32(truncatingIfNeeded: vertex)
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    for (vertex, hash) in hashes.enumerated() { place(vertex, hash: hash) }
  }

  /// A hash of `key` that is cheap for the usual keys (a type and an optional name): the type's
  /// identity and the name's bytes (FNV-1a), mixed (SplitMix64's finaliser). Key paths use their
  /// `hashValue`.
  static func hash(_ key: DependencyKey) -> Int {
    guard case .type(let identifier, let name) = key.identity else { return key.hashValue }
    var state = UInt64(UInt(bitPattern: identifier))
    if let name {
      var fnv: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in name.utf8 { fnv = (fnv ^ UInt64(byte)) &* 0x100_0000_01B3 }
      state ^= fnv &+ 0x9E37_79B9_7F4A_7C15
    }
    state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
    state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(bitPattern: UInt(truncatingIfNeeded: state ^ (state >> 31)))
  }
}
