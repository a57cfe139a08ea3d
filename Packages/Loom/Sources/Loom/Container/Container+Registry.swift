// MARK: - Installing registrations

extension Container {
  /// Installs `registration` as the registration of its key in this container, replacing the one
  /// there (or, under ``OverridePolicy/forbid``, trapping with both places named).
  ///
  /// - Parameters:
  ///   - key: The registration's key.
  ///   - keyPath: The key-path object of a key-path key.
  ///   - location: Where the registration is made.
  ///   - make: Makes the registration, given the one it replaces.
  /// - Returns: The entry that installs it.
  @discardableResult
  func install(
    _ key: DependencyKey, keyPath: (any AnyKeyPath & Sendable)?, location: CodeLocation,
    make: (_ replaced: Registration?) -> Registration
  ) -> Entry {
    var retired: [any AnyObject & Sendable] = []
    let mode = overridePolicy == .forbid ? RegistrationMode.current : .replacing
    let outcome: Result<Entry, ResolutionError> = registry.withLock { state in
      let existing = entry(for: key, in: &state)
      if let existing, !mode.replaces {
        return .failure(
          .overrideForbidden(
            key, existing: existing.registration.location,
            existingOrigin: existing.registration.origin, new: location,
            newOrigin: RegistrationOrigin.current))
      }
      let entry = Entry(withAddedContexts(make(existing?.registration), in: &state))
      put(entry, keyPath: keyPath, isNew: existing == nil, in: &state, retiring: &retired)
      return .success(entry)
    }
    release(retired)
    switch (outcome, mode) {
    case (.success(let entry), _):
      reportRegistration(entry.registration)
      return entry
    case (.failure(let error), .collecting(let collisions)):
      collisions.withLock { $0.append(error) }
      // The existing registration stays; the caller gets an entry that is installed nowhere.
      return Entry(make(nil))
    case (.failure(let error), _):
      trap(error)
    }
  }

  /// Installs `registration` unless its key has a registration here already; returns the entry of
  /// the key.
  func installIfAbsent(_ registration: Registration, keyPath: (any AnyKeyPath & Sendable)?)
    -> Entry
  {
    var retired: [any AnyObject & Sendable] = []
    let installed = registry.withLock { state in
      if let existing = entry(for: registration.key, in: &state) { return existing }
      let entry = Entry(withAddedContexts(registration, in: &state))
      put(entry, keyPath: keyPath, isNew: true, in: &state, retiring: &retired)
      return entry
    }
    release(retired)
    return installed
  }

  /// Stores `entry` under every probe of its key. Call with the lock held.
  private func put(
    _ entry: Entry, keyPath: (any AnyKeyPath & Sendable)?, isNew: Bool,
    in state: inout RegistryState, retiring retired: inout [any AnyObject & Sendable]
  ) {
    let key = entry.registration.key
    if isNew {
      state.order.append(key)
      if let keyPath { state.keyPathProbes[key] = KeyPathProbes(objects: [keyPath]) }
    }
    if let aliases = state.keyPathProbes[key] {
      for probe in aliases.probes { index.store(entry, probe: probe, retiring: &retired) }
    } else {
      index.store(entry, probe: key.probe, retiring: &retired)
    }
  }

  /// Installs `replacement` wherever `entry` is indexed (the same key). Call with the lock held.
  func replace(
    _ entry: Entry, with replacement: Entry, in state: inout RegistryState,
    retiring retired: inout [any AnyObject & Sendable]
  ) {
    put(replacement, keyPath: nil, isNew: false, in: &state, retiring: &retired)
  }

  /// Removes the registration of `key` from the index, the order and its key-path probes; returns
  /// whether there was one. Call with the lock held.
  @discardableResult
  func remove(
    _ key: DependencyKey, in state: inout RegistryState,
    retiring retired: inout [any AnyObject & Sendable]
  ) -> Bool {
    guard let entry = entry(for: key, in: &state) else { return false }
    let stored = entry.registration.key
    let probes = state.keyPathProbes[stored]?.probes ?? [stored.probe]
    for probe in probes { index.remove(probe: probe, name: stored.name, retiring: &retired) }
    if let objects = state.keyPathProbes.removeValue(forKey: stored) {
      // The key-path objects must outlive any read that might still compare their addresses.
      retired.append(KeyPathObjects(objects.objects))
    }
    state.order.removeAll { $0 == stored }
    return true
  }

  /// The entry of `key` in this container. Call with the lock held.
  func entry(for key: DependencyKey, in state: inout RegistryState) -> Entry? {
    if let entry = index.entry(probe: key.probe, name: key.name) { return entry }
    guard key.isKeyPath, let probe = state.keyPathProbes[key]?.probes.first else { return nil }
    return index.entry(probe: probe, name: nil)
  }

  /// Releases what a write unlinked from ``index`` once no read section can still see it (at once
  /// when none is open), outside the lock: the last references to instances and factories may go
  /// here.
  func release(_ retired: [any AnyObject & Sendable]) {
    sections.retire(retired)
  }
}

// MARK: - Finding registrations

extension Container {
  /// The entry for `probe` and `name` in this container only, retained.
  func localEntry(probe: UInt, name: String?) -> Entry? {
    let section = sections.enter()
    return index.withEntry(probe: probe, name: name, in: section, ifAbsent: { nil }, { $0 })
  }

  /// The entry for `key` in this container only: by its probe, else (for a key path reached
  /// through another key-path object) by equality, remembering the new object as a probe.
  func localEntry(for key: DependencyKey, keyPath: (any AnyKeyPath & Sendable)? = nil) -> Entry? {
    if let entry = localEntry(probe: key.probe, name: key.name) { return entry }
    guard key.isKeyPath else { return nil }
    var retired: [any AnyObject & Sendable] = []
    let entry: Entry? = registry.withLock { state in
      guard var aliases = state.keyPathProbes[key], let probe = aliases.probes.first,
        let entry = index.entry(probe: probe, name: nil)
      else { return nil }
      if let keyPath {
        // Remember this key-path object too, so the next resolve through it is lock-free.
        aliases.objects.append(keyPath)
        state.keyPathProbes[key] = aliases
        index.store(entry, probe: UInt(bitPattern: ObjectIdentifier(keyPath)), retiring: &retired)
      }
      return entry
    }
    release(retired)
    return entry
  }

  /// The entry for `key` here or in the nearest ancestor that has one, and that container.
  func lineageEntry(for key: DependencyKey, keyPath: (any AnyKeyPath & Sendable)? = nil)
    -> (entry: Entry, owner: Container)?
  {
    var container: Container? = self
    while let current = container {
      if let entry = current.localEntry(for: key, keyPath: keyPath) { return (entry, current) }
      container = current.parent
    }
    return nil
  }

  /// Every entry of this container, in first-registration order.
  var entries: [Entry] {
    let keys = registry.withLock { $0.order }
    return keys.compactMap { localEntry(for: $0) }
  }
}

// MARK: - Per-container storage for other packages

extension Container {
  /// The object of type `Storage` that this container keeps for another of Loom's packages, made
  /// on first use.
  ///
  /// Where a satellite package remembers something per container (the assemblies installed in
  /// it, say) without global state: the object lives exactly as long as the container. One object
  /// per type; a child has its own. An object that is a ``MissingKeyExplaining`` also explains the
  /// keys this container and its descendants miss.
  ///
  /// ```swift
  /// final class InstalledModules: Sendable { /* ... */ }
  /// let modules = container.extensionStorage(of: InstalledModules.self) { InstalledModules() }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of the object, which identifies it.
  ///   - make: Makes the object the first time it is asked for; runs under the container's lock,
  ///     so it must not use the container.
  /// - Returns: The same object for the same type on every call.
  @_spi(LoomInternals)
  public func extensionStorage<Storage: AnyObject & Sendable>(
    of type: Storage.Type, makeIfAbsent make: () -> Storage
  ) -> Storage {
    registry.withLock { state in
      let id = ObjectIdentifier(type)
      if let existing = state.extensions[id] { return unsafeDowncast(existing, to: Storage.self) }
      let made = make()
      state.extensions[id] = made
      return made
    }
  }

  /// The cache with this identifier in this container, made on first use.
  ///
  /// Custom lifetimes keep their per-container instances here; LoomSession keeps each container's
  /// session in `instanceCache(for: "loom.session")`. A child has caches of its own.
  ///
  /// ```swift
  /// let cache = container.instanceCache(for: "request")
  /// ```
  ///
  /// - Parameter identifier: A name unique to the lifetime that owns the cache.
  /// - Returns: The cache, the same object for the same identifier on every call.
  public func instanceCache(for identifier: String) -> InstanceCache {
    var found: InstanceCache?
    withInstanceCache(for: identifier) { found = $0 }
    if let found { return found }
    return registry.withLock { _ in
      if let found = instanceCaches.caches.first(where: { $0.identifier == identifier }) {
        return found.cache
      }
      let cache = InstanceCache(readingWith: self)
      instanceCaches.add(cache, for: identifier)
      return cache
    }
  }

  /// Runs `body` with this container's cache for `identifier`, if ``instanceCache(for:)`` made
  /// one, without a lock and without retaining it.
  ///
  /// ```swift
  /// container.withInstanceCache(for: "request") { cache in print(cache.count) }
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The identifier the cache was made for.
  ///   - body: Reads the cache; must not keep it.
  @_spi(LoomInternals)
  public func withInstanceCache(for identifier: String, _ body: (InstanceCache) -> Void) {
    let section = sections.enter()
    _ = instanceCaches.withCache(for: identifier, in: section) { cache in
      body(cache)
      return 0
    }
  }
}
