import Synchronization

/// A thread-safe store of cached instances, one entry per registration, for a ``CustomLifetime``.
///
/// The core creates each entry exactly once however many threads race for it, and never runs a
/// factory under the cache's lock. A kept instance is read again without a lock, as a published
/// singleton is. A lifetime ends by calling ``removeAllWaitingForCreations()-32ofn`` (or
/// ``removeAll()``): the instances are dropped, their values handed back (so the caller can
/// notify them outside any lock), and ``generation`` advances, which tells property wrappers such
/// as ``Injected`` that hold one of them to resolve again on next access.
///
/// Every instance made for the cache is accounted for: it is kept and handed to its callers (and
/// returned by the removal that ends its lifetime), or, when the cache was emptied while it was
/// made and the removal did not take it, handed to its lifetime's ``CustomLifetime/discard(_:)``.
///
/// ```swift
/// let cache = container.instanceCache(for: "request")
/// // ... serve the request ...
/// for value in cache.removeAllWaitingForCreations() {
///   (value as? any RequestScoped)?.requestDidEnd()
/// }
/// ```
public final class InstanceCache: Sendable {
  /// The entries of the current generation, by registration. An ``Entry`` is a registration with
  /// the slot its instance is made in and the box it is published in once kept; it holds the
  /// registration, so that the registration's identity (the key here and in ``index``) cannot be
  /// reused while the entry exists (a cache may outlive the container that made the registration).
  private let entries = Lock<[ObjectIdentifier: Entry]>([:])
  /// The same entries, read without the lock (the one lock-free map of the core, see
  /// ``RegistryIndex``), by the probe ``probe(of:)``.
  private let index = RegistryIndex()
  /// The read sections of ``index``: a container's family's for the caches it makes, so that a
  /// read inside that family's section (a session instance resolved again) enters no other.
  private let sections: ReadSections
  private let currentGeneration = Atomic<UInt64>(0)

  /// Makes an empty cache.
  ///
  /// ```swift
  /// let cache = InstanceCache()
  /// ```
  public init() {
    sections = .standalone
  }

  /// Makes an empty cache whose lock-free reads share the read sections of `container`'s family.
  ///
  /// A cache made this way releases the instances it dropped as soon as no resolve in that family
  /// can still read them; one made with ``init()`` shares its sections with every other such cache.
  ///
  /// ```swift
  /// let cache = InstanceCache(readingWith: container)
  /// ```
  ///
  /// - Parameter container: A container of the family whose resolves mostly read the cache.
  @_spi(LoomInternals)
  public init(readingWith container: Container) {
    sections = container.sections
  }

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
    let current = entries.withLock { Array($0.values) }
    return current.reduce(0) { $0 + ($1.currentInstance == nil ? 0 : 1) }
  }

  /// Drops every cached instance and returns their values.
  ///
  /// Creations still running when it is called are not waited for: when they finish, their
  /// instances are not kept, and each goes to its lifetime's ``CustomLifetime/discard(_:)``. Call
  /// it outside any lock of yours: the values it returns may be the last references.
  ///
  /// ```swift
  /// let dropped = cache.removeAll()
  /// print("dropped \(dropped.count) instances")
  /// ```
  ///
  /// - Returns: The values that were cached, in no particular order.
  @discardableResult
  public func removeAll() -> [any Sendable] {
    detachAll(taking: { $0.slot.currentObject() != nil }).compactMap(\.currentInstance)
  }

  /// Drops every cached instance, waits for the creations still running to finish, and returns
  /// every value, those included.
  ///
  /// Use it to end a lifetime whose instances must all be told: an instance whose creation races
  /// with the end is then either returned here (part of the ended lifetime) or made afresh in the
  /// cache's next generation; a resolve whose instance was made or fetched while the cache was
  /// emptied tries again, so no resolve that finishes after this call returns hands out an
  /// instance of the ended lifetime. A creation running on the calling thread (a factory that ends
  /// its own lifetime) is not waited for: its instance goes to its lifetime's
  /// ``CustomLifetime/discard(_:)`` when it is made, as does one whose creation started after
  /// the cache was emptied.
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
    let taken = detachAll(taking: { entry in
      if let creation = entry.slot.pendingCreation() { return !creation.isRunningHere }
      return entry.slot.currentObject() != nil
    })
    return taken.compactMap { entry in
      if let creation = entry.slot.pendingCreation() { _ = creation.wait() }
      return entry.currentInstance
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
    let taken = detachAll(taking: { entry in
      if let creation = entry.slot.pendingCreation() { return !creation.isRunningHere }
      return entry.slot.currentObject() != nil
    })
    var values: [any Sendable] = []
    for entry in taken {
      if let creation = entry.slot.pendingCreation() { _ = await creation.waitAsync() }
      if let value = entry.currentInstance { values.append(value) }
    }
    return values
  }

  /// Drops the instances of `registrations` only (``Container/reset(_:)->()`` of one lifetime); the
  /// generation stays, so the other instances stay current. Nothing dropped is told, not even an
  /// instance whose creation was running.
  func remove(_ registrations: [Registration]) {
    guard !registrations.isEmpty else { return }
    var retired: [any AnyObject & Sendable] = []
    entries.withLock { entries in
      for registration in registrations {
        guard let entry = entries.removeValue(forKey: ObjectIdentifier(registration)) else {
          continue
        }
        entry.isTaken.store(true, ordering: .relaxed)
        index.remove(probe: Self.probe(of: registration), name: entry.name, retiring: &retired)
      }
    }
    // NB: the last references may go here, outside the lock (or later, on a reader's exit).
    sections.retire(retired)
  }

  /// Drops every instance without telling anyone, not even those being made
  /// (``Container/reset(_:)->()``).
  func drop() {
    _ = detachAll(taking: { _ in true })
  }

  /// Empties the cache and advances its generation; returns the entries that were in it for
  /// which `take` said that the caller takes their instance (marking them so). The others'
  /// instances, once made, go to their lifetime's ``CustomLifetime/discard(_:)``.
  ///
  /// NB: `take` runs under the lock, as ``keep(_:in:made:)`` does: so an instance being made in
  /// an entry is either taken here (the caller waits for it) or, when its maker finds the entry
  /// dropped, discarded by its maker: never both, never neither.
  private func detachAll(taking take: (Entry) -> Bool) -> [Entry] {
    var retired: [any AnyObject & Sendable] = []
    let taken = entries.withLock { entries in
      currentGeneration.add(1, ordering: .releasing)
      var taken: [Entry] = []
      for entry in entries.values {
        if take(entry) {
          entry.isTaken.store(true, ordering: .relaxed)
          taken.append(entry)
        }
        index.remove(
          probe: Self.probe(of: entry.registration), name: entry.name, retiring: &retired)
      }
      entries = [:]
      return taken
    }
    // NB: outside the lock: the last references to the instances may go here (or later, on a
    // reader's exit), and a deinit that uses the cache must not deadlock.
    sections.retire(retired)
    return taken
  }

  // MARK: - The engine's side

  /// Where `registration`'s entry is indexed: its identity. (The entry's name is compared too,
  /// as in a container's index, and is the registration's.)
  static func probe(of registration: Registration) -> UInt {
    UInt(bitPattern: ObjectIdentifier(registration))
  }

  /// The bits of the ``Publication`` kept for the registration of `probe` (``probe(of:)``, whose
  /// key's name is `name`), if the cache holds one and `section` is one of this cache's read
  /// sections (so that the bits stay valid as long as `section` does); 0 otherwise. Takes no lock.
  @inline(__always)
  func keptBits(probe: UInt, name: String?, onlyIn section: borrowing ReadSection) -> UInt {
    guard section.sections.toOpaque() == Unmanaged.passUnretained(sections).toOpaque() else {
      return 0
    }
    return keptBits(probe: probe, name: name, in: section)
  }

  /// The bits of the ``Publication`` kept for the registration of `probe`, or 0: valid in
  /// `section`, a section of this cache's read sections.
  @inline(__always)
  private func keptBits(probe: UInt, name: String?, in section: borrowing ReadSection) -> UInt {
    index.withEntry(
      probe: probe, name: name, in: section, ifAbsent: { 0 },
      { entry in entry.publication.load() })
  }

  /// The box (a ``Publication``) of `registration`'s instance if the cache holds one of its
  /// current generation.
  func box(of registration: Registration) -> (any AnyObject & Sendable)? {
    let section = sections.enter()
    let bits = keptBits(
      probe: Self.probe(of: registration), name: registration.key.name, in: section)
    guard bits != 0 else { return nil }
    let object = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      .takeUnretainedValue()
    // NB: what `PublishedBox.publish` stored was an `AnyObject & Sendable`.
    return unsafeBitCast(object, to: (any AnyObject & Sendable).self)
  }

  /// The entry of `registration` in the current generation, made on first use: its slot is where
  /// the instance is made, exactly once.
  func entry(for registration: Registration) -> Entry {
    let id = ObjectIdentifier(registration)
    var retired: [any AnyObject & Sendable] = []
    let entry = entries.withLock { entries in
      if let entry = entries[id] { return entry }
      let entry = Entry(registration)
      entries[id] = entry
      index.store(entry, probe: Self.probe(of: registration), retiring: &retired)
      return entry
    }
    sections.retire(retired)
    return entry
  }

  /// Keeps `box`, the instance made or found in `entry`, for lock-free reads, unless the cache
  /// dropped the entry since (it was emptied); returns the generation it is kept in, or nil.
  ///
  /// The instance of a dropped entry belongs to the lifetime that ended: the removal that dropped
  /// it took it, or, when `made` says that this call made it and the removal did not take it, it
  /// is handed to the lifetime's ``CustomLifetime/discard(_:)`` here (outside the lock), unless
  /// the same object is an instance the cache holds now (a registration forwarding to another).
  func keep(_ box: any AnyObject & Sendable, in entry: Entry, made: Bool) -> UInt64? {
    let id = ObjectIdentifier(entry.registration)
    let (kept, discarded) = entries.withLock { entries -> (UInt64?, (any Sendable)?) in
      if entries[id] === entry {
        entry.publication.publish(box)
        return (currentGeneration.load(ordering: .relaxed), nil)
      }
      guard made, !entry.isTaken.exchange(true, ordering: .relaxed) else { return (nil, nil) }
      let value = (box as? any ErasedPublication)?.erasedValue ?? box
      if let object = objectIdentity(of: value),
        entries.values.contains(where: { entry in
          entry.currentInstance.flatMap { objectIdentity(of: $0) } === object
        })
      {
        return (nil, nil)
      }
      return (nil, value)
    }
    if let discarded, let lifetime = entry.registration.customLifetime {
      lifetime.discard(discarded)
    }
    return kept
  }
}

extension ReadSections {
  /// The read sections of the caches made with ``InstanceCache/init()``, which no container
  /// family owns.
  static let standalone = ReadSections()
}
