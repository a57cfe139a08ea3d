/// A map from object addresses to raw pointers: open addressing with linear probing and a
/// multiplicative hash, so a lookup under a lock costs a multiply and a compare or two instead of a
/// trip through `Hasher`, and no reference counting (the pointers are trivial; whoever fills the
/// map keeps their memory alive).
///
/// Keys are never removed one by one (the caches that use it only ever empty themselves as a
/// whole), which keeps probing simple.
struct AddressMap: Sendable {
  // NB: a raw pointer is not `Sendable`; the entries are plain addresses, and what they point to
  // is only read under the lock of the cache that owns the map.
  private struct Entry: @unchecked Sendable {
    var key: UInt
    var pointer: UnsafeMutableRawPointer?
  }

  /// The entries; a key of 0 marks an empty bucket.
  private var entries: [Entry]
  /// log2 of the number of buckets.
  private var bits: Int
  /// How many pointers the map holds.
  private(set) var count = 0

  init() {
    bits = 3
    entries = Array(repeating: Entry(key: 0, pointer: nil), count: 1 << 3)
  }

  /// The bucket where the search for `key` starts.
  @inline(__always)
  private func start(_ key: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(UInt.bitWidth - bits))
  }

  /// The pointer stored for `key`, if any.
  subscript(key: UInt) -> UnsafeMutableRawPointer? {
    entries.withUnsafeBufferPointer { entries in
      let mask = entries.count - 1
      var index = start(key)
      while true {
        let found = entries[index]
        if found.key == key { return found.pointer }
        if found.key == 0 { return nil }
        index = (index + 1) & mask
      }
    }
  }

  /// Stores `pointer` for `key` (a non-zero address), replacing what was stored for it.
  mutating func insert(_ pointer: UnsafeMutableRawPointer, for key: UInt) {
    precondition(key != 0, "AddressMap keys are object addresses")
    if (count + 1) * 2 > entries.count { grow() }
    let mask = entries.count - 1
    var index = start(key)
    while entries[index].key != 0, entries[index].key != key { index = (index + 1) & mask }
    if entries[index].key == 0 { count += 1 }
    entries[index] = Entry(key: key, pointer: pointer)
  }

  /// Doubles the buckets and places every entry again.
  private mutating func grow() {
    let old = entries
    bits += 1
    entries = Array(repeating: Entry(key: 0, pointer: nil), count: 1 << bits)
    count = 0
    for entry in old where entry.key != 0 {
      insert(entry.pointer.unsafelyUnwrapped, for: entry.key)
    }
  }
}
