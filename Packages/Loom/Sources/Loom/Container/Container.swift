public import Synchronization

/// A thread-safe registry of dependencies and the instances they made.
///
/// Register how to make each dependency, then resolve it anywhere, from any thread:
///
/// ```swift
/// let container = Container()
/// container.register(Config.self, instance: Config(baseURL: "https://api.example.com"))
/// container.register(lifetime: .singleton, HTTPClient.init)  // init(config: Config)
/// container.register(UserRepository.self) { r in UserRepository(http: r.resolve()) }
///
/// let users = container.resolve(UserRepository.self)
/// ```
///
/// A container may have a ``parent``: it sees the parent's registrations and may override them
/// locally (see ``makeChild(overridePolicy:)``). Dependencies can also be declared as key paths
/// with a default factory (see ``Dependency``), and the container current for a task tree is
/// ``current``.
///
/// Resolving a cached instance again takes no lock and allocates nothing; a cached factory runs
/// exactly once however many threads race for it, never under the registry's lock; a cycle is
/// reported as ``ResolutionError/Code/cycle``, on one thread or across several, never a deadlock.
public final class Container: Sendable {
  /// What happens when a key that already has a registration in this container is registered
  /// again.
  ///
  /// ```swift
  /// let strict = Container(overridePolicy: .forbid)
  /// ```
  public enum OverridePolicy: Sendable, Hashable {
    /// The later registration replaces the earlier one; ``Container/dump()`` shows both places.
    case replace
    /// Registering a key twice traps with a ``ResolutionError/Code/duplicateRegistration``
    /// message that names both places.
    case forbid
  }

  /// The container whose registrations this one sees and may override, if any.
  ///
  /// ```swift
  /// container.makeChild().parent === container  // true
  /// ```
  public let parent: Container?
  /// What registering an already registered key does.
  ///
  /// ```swift
  /// Container(overridePolicy: .forbid).overridePolicy  // .forbid
  /// ```
  public let overridePolicy: OverridePolicy
  /// Whether registrations found in ancestors are copied into this container on first use, so
  /// the instances they make are this container's own (see ``makeIsolatedChild(overridePolicy:)``).
  ///
  /// ```swift
  /// container.makeIsolatedChild().isolatesInstances  // true
  /// ```
  public let isolatesInstances: Bool

  /// The address of the current ``RegistryTable`` (unretained; kept alive by `registry.tables`).
  @usableFromInline let table: Atomic<UInt>
  let registry: Locked<RegistryState>
  /// The address of the current ``CacheDirectory`` (kept alive by the registry), or 0 before the
  /// first ``instanceCache(for:)``.
  @usableFromInline let cacheDirectory = Atomic<UInt>(0)
  /// Observers of this container and its whole family, shared by parent and children.
  @usableFromInline let observers: ObserverHub

  /// Makes an empty container.
  ///
  /// ```swift
  /// let container = Container()
  /// let strict = Container(overridePolicy: .forbid)
  /// ```
  ///
  /// - Parameters:
  ///   - parent: A container whose registrations this one sees and may override.
  ///   - overridePolicy: What registering an already registered key does.
  public init(parent: Container? = nil, overridePolicy: OverridePolicy = .replace) {
    self.parent = parent
    self.overridePolicy = overridePolicy
    self.isolatesInstances = false
    let first = RegistryTable(capacity: 16)
    self.table = Atomic(UInt(bitPattern: Unmanaged.passUnretained(first).toOpaque()))
    self.registry = Locked(RegistryState(table: first))
    self.observers = parent?.observers ?? ObserverHub()
  }

  /// Makes a child: it sees this container's registrations and may override them locally.
  ///
  /// A singleton registered here is shared with the child; one registered in the child lives in
  /// the child. Use a child for a feature, a request or a test that must not disturb the parent.
  ///
  /// ```swift
  /// let testContainer = container.makeChild()
  /// testContainer.register((any APIClient).self) { _ in MockAPIClient() }
  /// ```
  ///
  /// - Parameter overridePolicy: What registering an already registered key in the child does.
  /// - Returns: A new, empty container whose parent is this one.
  public func makeChild(overridePolicy: OverridePolicy = .replace) -> Container {
    Container(parent: self, overridePolicy: overridePolicy)
  }

  /// Makes a child whose cached instances are its own: a registration found in an ancestor is
  /// copied into the child on first use, so its singletons are built afresh, with the child's
  /// overrides, and never touch the ancestors' caches. The ancestors are not changed.
  ///
  /// This is the container a test or a preview wants: the app's wiring, with nothing shared with
  /// other tests. Children of an isolated child share its instances.
  ///
  /// ```swift
  /// let sandbox = Container.default.makeIsolatedChild()
  /// sandbox.register((any APIClient).self) { _ in MockAPIClient() }
  /// let service = sandbox.resolve(UserService.self)  // a new singleton, built with the mock
  /// ```
  ///
  /// - Parameter overridePolicy: What registering an already registered key in the child does.
  /// - Returns: A new, empty container whose parent is this one.
  public func makeIsolatedChild(overridePolicy: OverridePolicy = .replace) -> Container {
    Container(parent: self, overridePolicy: overridePolicy, isolatesInstances: true)
  }

  init(parent: Container, overridePolicy: OverridePolicy, isolatesInstances: Bool) {
    self.parent = parent
    self.overridePolicy = overridePolicy
    self.isolatesInstances = isolatesInstances
    let first = RegistryTable(capacity: 16)
    self.table = Atomic(UInt(bitPattern: Unmanaged.passUnretained(first).toOpaque()))
    self.registry = Locked(RegistryState(table: first))
    self.observers = parent.observers
  }

  /// The nearest container, this one or an ancestor, that isolates its instances.
  var sandbox: Container? {
    var container: Container? = self
    while let current = container {
      if current.isolatesInstances { return current }
      container = current.parent
    }
    return nil
  }

  /// Whether `other` is a strict ancestor of this container.
  func descends(from other: Container) -> Bool {
    var container = parent
    while let current = container {
      if current === other { return true }
      container = current.parent
    }
    return false
  }

  /// The topmost ancestor (this container when it has no parent).
  var root: Container {
    var container = self
    while let parent = container.parent { container = parent }
    return container
  }
}

// MARK: - The registry

/// What a container's lock protects.
struct RegistryState {
  /// The registration of each key, in this container only.
  var registrations: [DependencyKey: Registration] = [:]
  /// Keys in first-registration order, for ``Container/dump()``.
  var order: [DependencyKey] = []
  /// The probe identities under which each key is stored in the table (several for key paths
  /// reached through different key-path objects).
  var probes: [DependencyKey: [UInt]] = [:]
  /// Every table ever published; the last is current. Old ones stay alive for lock-free readers.
  var tables: [RegistryTable]
  /// Occupied slots of the current table.
  var used = 0
  /// Registrations replaced by later ones, kept alive for lock-free readers.
  var retired: [Registration] = []
  /// Key-path objects whose addresses are probe identities, kept alive so no other key path can
  /// reuse the address.
  var keyPaths: [any AnyKeyPath & Sendable] = []
  /// Every version of the directory of caches handed out by ``Container/instanceCache(for:)``,
  /// the current one last; older ones are kept alive for lock-free readers.
  var cacheDirectories: [CacheDirectory] = []
  /// Side effects for ``Container/bootstrap()``, in the order they were added.
  var startupTasks: [StartupTask] = []
  /// Objects other packages keep per container, by type (``Container/extensionStorage(_:makeIfAbsent:)``).
  var extensions: [ObjectIdentifier: any AnyObject & Sendable] = [:]

  init(table: RegistryTable) {
    self.tables = [table]
  }
}

extension Container {
  /// Adds or replaces a registration made by `make`, which receives the location of the
  /// registration it replaces.
  func insert(
    key: DependencyKey, probe: UInt, keyPath: (any AnyKeyPath & Sendable)?,
    location: CodeLocation, make: (_ replaced: Registration?) -> Registration
  ) {
    let trap: ResolutionError? = registry.withLock { state in
      let existing = state.registrations[key]
      if let existing, overridePolicy == .forbid {
        return .overrideForbidden(key, existing: existing.location, new: location)
      }
      record(
        make(existing), replacing: existing, probe: probe, keyPath: keyPath, in: &state)
      return nil
    }
    if let trap { fatalError("\n\(trap.description)") }
  }

  /// Adds `registration` unless its key has one already; returns the one that is registered.
  func insertIfAbsent(
    _ registration: Registration, probe: UInt, keyPath: (any AnyKeyPath & Sendable)?
  ) -> Registration {
    registry.withLock { state in
      if let existing = state.registrations[registration.key] { return existing }
      record(registration, replacing: nil, probe: probe, keyPath: keyPath, in: &state)
      return registration
    }
  }

  /// Makes `registration` the one for its key. Call with the lock held.
  private func record(
    _ registration: Registration, replacing existing: Registration?, probe: UInt,
    keyPath: (any AnyKeyPath & Sendable)?, in state: inout RegistryState
  ) {
    let key = registration.key
    state.registrations[key] = registration
    if let existing {
      state.retired.append(existing)
    } else {
      state.order.append(key)
      state.probes[key] = [probe]
      if let keyPath { state.keyPaths.append(keyPath) }
    }
    for probe in state.probes[key, default: []] {
      store(registration, probe: probe, in: &state)
    }
  }

  /// Stores `registration` under `probe` in the current table, growing it first when needed.
  /// Call with the lock held.
  private func store(_ registration: Registration, probe: UInt, in state: inout RegistryState) {
    var current = state.tables[state.tables.count - 1]
    if (state.used + 1) * 2 > current.capacity {
      let larger = RegistryTable(capacity: current.capacity * 2)
      state.used = 0
      for (key, probes) in state.probes {
        guard let existing = state.registrations[key] else { continue }
        for probe in probes where larger.store(existing, probe: probe) { state.used += 1 }
      }
      state.tables.append(larger)
      self.table.store(
        UInt(bitPattern: Unmanaged.passUnretained(larger).toOpaque()), ordering: .releasing)
      current = larger
    }
    if current.store(registration, probe: probe) { state.used += 1 }
  }

  /// The registration for `key` in this container only: lock-free for type keys, and for key
  /// paths reached before through the same key-path object.
  func localRegistration(for key: DependencyKey, probe: UInt) -> Registration? {
    let table = Unmanaged<RegistryTable>.fromOpaque(
      UnsafeRawPointer(bitPattern: self.table.load(ordering: .acquiring)).unsafelyUnwrapped)
    if let found = table._withUnsafeGuaranteedRef({ $0.find(probe, name: key.name) }) {
      return found.takeUnretainedValue()
    }
    guard case .keyPath(let identity) = key.identity else { return nil }
    // A key path equal to a registered one, reached through another key-path object: remember
    // this object's address too, so the next resolve through it is lock-free.
    return registry.withLock { state in
      guard let registration = state.registrations[key] else { return nil }
      state.probes[key, default: []].append(probe)
      state.keyPaths.append(identity.keyPath)
      store(registration, probe: probe, in: &state)
      return registration
    }
  }

  /// The registration for `key` here or in the nearest ancestor that has one, and that container.
  func registration(for key: DependencyKey, probe: UInt) -> (Registration, owner: Container)? {
    var container: Container? = self
    while let current = container {
      if let found = current.localRegistration(for: key, probe: probe) { return (found, current) }
      container = current.parent
    }
    return nil
  }

  /// Every registration of this container, in first-registration order.
  var registrations: [Registration] {
    registry.withLock { state in state.order.compactMap { state.registrations[$0] } }
  }

  /// The object of type `Storage` that this container keeps for another package, made on first
  /// use.
  ///
  /// The extension point for satellite packages that must remember something per container (the
  /// assemblies installed in it, say) without global state: the object lives exactly as long as
  /// the container. One object per type; a child has its own.
  ///
  /// ```swift
  /// final class InstalledModules: Sendable { /* ... */ }
  /// let modules = container.extensionStorage(InstalledModules.self) { InstalledModules() }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of the object, which identifies it.
  ///   - make: Makes the object the first time it is asked for; runs under the container's lock,
  ///     so it must not use the container.
  /// - Returns: The same object for the same type on every call.
  public func extensionStorage<Storage: AnyObject & Sendable>(
    _ type: Storage.Type, makeIfAbsent make: () -> Storage
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
  @inlinable
  public func instanceCache(for identifier: String) -> InstanceCache {
    if let directory = UnsafeRawPointer(bitPattern: cacheDirectory.load(ordering: .acquiring)),
      let cache = Unmanaged<CacheDirectory>.fromOpaque(directory)._withUnsafeGuaranteedRef({
        $0.cache(for: identifier)
      })
    {
      return cache
    }
    return makeInstanceCache(for: identifier)
  }

  /// The slow part of ``instanceCache(for:)``: the first request for an identifier.
  @usableFromInline
  func makeInstanceCache(for identifier: String) -> InstanceCache {
    registry.withLock { state in
      let current = state.cacheDirectories.last
      if let cache = current?.cache(for: identifier) { return cache }
      let cache = InstanceCache()
      let next = CacheDirectory(current, adding: identifier, cache)
      state.cacheDirectories.append(next)
      cacheDirectory.store(
        UInt(bitPattern: Unmanaged.passUnretained(next).toOpaque()), ordering: .releasing)
      return cache
    }
  }
}

/// The caches of one container by identifier, immutable: adding one publishes a new directory, so
/// ``Container/instanceCache(for:)`` reads without a lock. Containers hold a handful at most, so a
/// linear search (identifiers are usually short strings, compared inline) beats hashing.
@usableFromInline
final class CacheDirectory: Sendable {
  @usableFromInline let identifiers: [String]
  @usableFromInline let caches: [InstanceCache]

  init(_ previous: CacheDirectory?, adding identifier: String, _ cache: InstanceCache) {
    identifiers = (previous?.identifiers ?? []) + [identifier]
    caches = (previous?.caches ?? []) + [cache]
  }

  @inlinable @inline(__always)
  func cache(for identifier: String) -> InstanceCache? {
    identifiers.withUnsafeBufferPointer { identifiers in
      for index in identifiers.indices where identifiers[index] == identifier {
        return caches[index]
      }
      return nil
    }
  }
}
