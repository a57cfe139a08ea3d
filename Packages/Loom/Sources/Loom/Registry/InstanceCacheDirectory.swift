import Synchronization

/// A container's instance caches by identifier (``Container/instanceCache(for:)``), read without
/// a lock and without a reference count, so that a session instance is read again as a published
/// singleton is.
///
/// The caches are in a list of immutable ``InstanceCacheList`` nodes, newest first. A writer
/// (holding the container's lock) never changes a node a reader may be reading: it adds a cache by
/// publishing a new head that holds the old one, with a sequentially consistent exchange, and
/// drops them all (``Container/reset(_:)->()``) by publishing nothing and handing the old head back as
/// *retired*, for the caller to pass to ``ReadSections/retire(_:)`` outside the lock, like a
/// replaced table of ``RegistryIndex``. A reader reads inside a read section of the container's
/// family and uses the cache it finds only inside that section: a node it reached is held by the
/// head it loaded, which is released only once that section has ended (see ``ReadSections``). A
/// container makes a cache for a new identifier a handful of times in its life.
struct InstanceCacheDirectory: ~Copyable, Sendable {
  /// The current list: the bits of a retained ``InstanceCacheList``, or 0 while there is none.
  private let list = Atomic<UInt>(0)

  init() {}

  deinit {
    let bits = list.load(ordering: .acquiring)
    if bits != 0 {
      Unmanaged<InstanceCacheList>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
    }
  }

  // MARK: Reading (inside a read section)

  /// Runs `body` with the cache for `identifier` and returns what it returns, or 0 when there is
  /// no such cache.
  ///
  /// Call it inside a read section of the container's family; `body` must not keep the cache
  /// without retaining it.
  @inline(__always)
  func withCache(
    for identifier: String, in section: borrowing ReadSection, _ body: (InstanceCache) -> UInt
  ) -> UInt {
    var bits = list.load(ordering: .sequentiallyConsistent)
    while bits != 0 {
      let found = Unmanaged<InstanceCacheList>.fromOpaque(
        UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped
      )._withUnsafeGuaranteedRef { list -> UInt? in
        guard list.identifier == identifier else {
          bits = list.next.map { UInt(bitPattern: $0.toOpaque()) } ?? 0
          return nil
        }
        return list.unretainedCache._withUnsafeGuaranteedRef(body)
      }
      if let found { return found }
    }
    return 0
  }

  // MARK: Writing (with the container's lock held)

  /// Every cache, with its identifier, newest first.
  var caches: [(identifier: String, cache: InstanceCache)] {
    let bits = list.load(ordering: .acquiring)
    guard bits != 0 else { return [] }
    var node: InstanceCacheList? = Unmanaged<InstanceCacheList>.fromOpaque(
      UnsafeRawPointer(bitPattern: bits)!
    ).takeUnretainedValue()
    var caches: [(identifier: String, cache: InstanceCache)] = []
    while let current = node {
      caches.append((current.identifier, current.cache))
      node = current.rest
    }
    return caches
  }

  /// Adds `cache` for `identifier` (which has none), in front of the others. Nothing a reader can
  /// see changes: the new node points at the current one, which stays as it is.
  func add(_ cache: InstanceCache, for identifier: String) {
    let bits = list.load(ordering: .acquiring)
    let rest =
      bits == 0
      ? nil
      : Unmanaged<InstanceCacheList>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
        .takeUnretainedValue()
    let node = InstanceCacheList(identifier: identifier, cache: cache, rest: rest)
    // The directory's reference to the old head moves into the new node's `rest`.
    let old = list.exchange(
      UInt(bitPattern: Unmanaged.passRetained(node).toOpaque()), ordering: .sequentiallyConsistent)
    if old != 0 {
      Unmanaged<InstanceCacheList>.fromOpaque(UnsafeRawPointer(bitPattern: old)!).release()
    }
  }

  /// Removes every cache; appends the list it held to `retired`, which the caller hands to
  /// ``ReadSections/retire(_:)`` outside the lock.
  func removeAll(retiring retired: inout [any AnyObject & Sendable]) {
    let old = list.exchange(0, ordering: .sequentiallyConsistent)
    guard old != 0 else { return }
    // The directory's reference moves to the retired list.
    retired.append(
      Unmanaged<InstanceCacheList>.fromOpaque(UnsafeRawPointer(bitPattern: old)!)
        .takeRetainedValue())
  }
}

/// One node of an ``InstanceCacheDirectory``: a cache, its identifier and the older nodes, never
/// changed once made.
final class InstanceCacheList: Sendable {
  let identifier: String
  /// The cache, held strongly.
  let cache: InstanceCache
  /// The older nodes, held strongly.
  let rest: InstanceCacheList?
  /// The same cache and nodes, for readers that must not touch their reference counts (they live
  /// as long as this node, which holds them).
  let unretainedCache: Unmanaged<InstanceCache>
  let next: Unmanaged<InstanceCacheList>?

  init(identifier: String, cache: InstanceCache, rest: InstanceCacheList?) {
    self.identifier = identifier
    self.cache = cache
    self.rest = rest
    unretainedCache = Unmanaged.passUnretained(cache)
    next = rest.map { Unmanaged.passUnretained($0) }
  }
}
