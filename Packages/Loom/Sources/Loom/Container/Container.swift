import Synchronization

/// A thread-safe registry of dependencies and the instances they made.
///
/// Register how to make each dependency, then resolve it anywhere, from any thread:
///
/// ```swift
/// let container = Container()
/// container.register(Config.self, instance: Config(baseURL: "https://api.example.com"))
/// container.register(lifetime: .singleton, HTTPClient.init)  // init(config: Config)
/// container.register(UserRepository.self) { r in UserRepository(http: try r.tryResolve()) }
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
  /// Whether this container or an ancestor isolates its instances.
  let isInIsolatedLineage: Bool

  /// The registrations of this container by key, read without a lock on every resolve.
  @usableFromInline let index = RegistryIndex()
  /// Everything else this container keeps, behind its lock.
  let registry = Lock(RegistryState())
  /// The read sections of ``index``, shared by the whole family (made with the root).
  @usableFromInline let sections: ReadSections
  /// The caches of ``instanceCache(for:)``, read without a lock in ``sections``; changed under the
  /// lock.
  let instanceCaches = InstanceCacheDirectory()
  /// Observers of this container and its whole family, shared by parent and children.
  @usableFromInline let observers: ObserverHub
  /// See ``checksCaptiveDependencies``.
  private let captiveCheck: Atomic<Bool>
  /// The contexts, default lifetime and issue reporter of this container (see
  /// `Container+Settings.swift`); a child made later starts with a copy of its parent's.
  let settings: Lock<ContainerSettings>
  /// Where this container's `.once` instances live: the process's, or a test's own (see
  /// `Container+Settings.swift`); shared by a child with its parent, and by a container made
  /// while a test's container is ``default``.
  let onceInstances: OnceInstances

  /// Makes an empty container.
  ///
  /// ```swift
  /// let container = Container()
  /// let strict = Container(overridePolicy: .forbid)
  /// ```
  ///
  /// Its `.once` instances are the process's, or, when it is made in a test that LoomTesting
  /// isolates, that test's own.
  ///
  /// - Parameters:
  ///   - parent: A container whose registrations this one sees and may override.
  ///   - overridePolicy: What registering an already registered key does.
  public init(parent: Container? = nil, overridePolicy: OverridePolicy = .replace) {
    self.parent = parent
    self.overridePolicy = overridePolicy
    self.isolatesInstances = false
    self.isInIsolatedLineage = parent?.isInIsolatedLineage ?? false
    self.observers = parent?.observers ?? ObserverHub()
    self.sections = parent?.sections ?? ReadSections()
    self.captiveCheck = Atomic(parent?.checksCaptiveDependencies ?? true)
    self.settings = Lock(parent?.settings.withLock { $0 } ?? ContainerSettings())
    // A root container made inside a test (under LoomTesting's trait or a `ContainerTestCase`)
    // keeps its `.once` instances with the test's, as Factory's test trait isolates them.
    self.onceInstances =
      parent?.onceInstances ?? Container.defaultOverride?.onceInstances ?? .shared
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

  init(
    parent: Container, overridePolicy: OverridePolicy, isolatesInstances: Bool,
    onceInstances: OnceInstances? = nil
  ) {
    self.parent = parent
    self.overridePolicy = overridePolicy
    self.isolatesInstances = isolatesInstances
    self.isInIsolatedLineage = isolatesInstances || parent.isInIsolatedLineage
    self.observers = parent.observers
    self.sections = parent.sections
    self.captiveCheck = Atomic(parent.checksCaptiveDependencies)
    self.settings = Lock(parent.settings.withLock { $0 })
    self.onceInstances = onceInstances ?? parent.onceInstances
  }

  /// Whether a resolve from this container fails with
  /// ``ResolutionError/Code/captiveDependency`` when a cached instance being built would hold one
  /// whose lifetime can end first (a singleton holding a weak, expiring, session or flow instance;
  /// a session instance holding a flow's; see the Errors and Cycles article for every pair): true
  /// unless turned off. Transient and `.graph` instances are never held captive. A child made
  /// later starts with its parent's setting. ``validate(_:)`` reports such pairs either way.
  ///
  /// ```swift
  /// container.checksCaptiveDependencies = false  // the app ends what its singletons hold itself
  /// ```
  public var checksCaptiveDependencies: Bool {
    get { captiveCheck.load(ordering: .relaxed) }
    set { captiveCheck.store(newValue, ordering: .relaxed) }
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
  /// Keys in first-registration order, for ``Container/dump()``, the graph and bootstrap.
  var order: [DependencyKey] = []
  /// For each registered key path, the probes under which its entry is indexed: the address of
  /// every key-path object it was reached through, kept alive here so no other key path can reuse
  /// the address.
  var keyPathProbes: [DependencyKey: KeyPathProbes] = [:]
  /// Key paths declared without a default that this container learnt of (by a resolve or
  /// ``Container/declare(_:)``), for the graph.
  var requiredKeys: [DependencyKey] = []
  /// Side effects for ``Container/bootstrap()``, in the order they were added.
  var startupTasks: [StartupTask] = []
  /// Objects other packages keep per container, by type
  /// (`Container.extensionStorage(of:makeIfAbsent:)`).
  var extensions: [ObjectIdentifier: any AnyObject & Sendable] = [:]
  /// The context alternatives added to keys from outside their declarations
  /// (``Container/when(_:_:for:dependencies:factory:)``), applied to each registration of those
  /// keys installed here.
  var addedContexts: [DependencyKey: AddedContextsRecord] = [:]
}

/// Key-path objects kept alive until no read can still compare their addresses.
final class KeyPathObjects: Sendable {
  let objects: [any AnyKeyPath & Sendable]

  init(_ objects: [any AnyKeyPath & Sendable]) {
    self.objects = objects
  }
}

/// The key-path objects through which one key-path key was reached, and their addresses.
struct KeyPathProbes {
  var objects: [any AnyKeyPath & Sendable]
  var probes: [UInt] { objects.map { UInt(bitPattern: ObjectIdentifier($0)) } }
}
