/// A lifetime defined outside the core: it decides which ``InstanceCache`` holds its instances.
///
/// Loom runs the factory, guarantees that it runs exactly once per cache entry however many
/// threads race, detects cycles and reports errors; a custom lifetime only picks the cache for a
/// resolve, or throws when there is none (for example ``ResolutionError/Code/scopeRequired`` when
/// no scope is current). Ending the lifetime means calling ``InstanceCache/removeAll()`` on the
/// cache it handed out.
///
/// A lifetime whose instances live as long as one HTTP request, with the request's cache made
/// current in a task-local:
///
/// ```swift
/// struct RequestLifetime: CustomLifetime {
///   @TaskLocal static var cache: InstanceCache?
///
///   var name: String { "request" }
///   var rank: LifetimeRank { LifetimeRank(150) }
///
///   func instanceCache(for context: borrowing LifetimeContext) throws(ResolutionError) -> InstanceCache {
///     guard let cache = Self.cache else {
///       throw ResolutionError.scopeRequired(context, scope: "request")
///     }
///     return cache
///   }
/// }
///
/// extension Lifetime {
///   static let request = Lifetime.custom(RequestLifetime())
/// }
/// ```
public protocol CustomLifetime: Sendable {
  /// The name shown in ``Container/dump()``, graph exports and error messages.
  var name: String { get }

  /// How long instances live compared with other lifetimes, for captive-dependency checks.
  var rank: LifetimeRank { get }

  /// Returns the cache that holds the instance for this resolve.
  ///
  /// Called on every resolve of a registration with this lifetime, and again when the instance is
  /// not made yet or the cache was emptied while it was made, so keep it cheap and free of side
  /// effects: a task-local read or a lookup in the container's ``Container/instanceCache(for:)``
  /// (both lock-free). It may resolve other keys (the current tenant, say); resolving the key it
  /// picks a cache for, directly or through other custom-lifetime keys, fails with a
  /// ``ResolutionError/Code/cycle`` error instead of recursing.
  ///
  /// - Parameter context: The containers involved in the resolve, and its chain for errors; lent
  ///   for the call only.
  /// - Returns: The cache to read from, or to create the instance in.
  /// - Throws: A ``ResolutionError`` (such as ``ResolutionError/scopeRequired(_:scope:)``) when
  ///   no cache applies.
  func instanceCache(for context: borrowing LifetimeContext) throws(ResolutionError)
    -> InstanceCache
}

/// What a ``CustomLifetime`` learns about a resolve when it picks a cache.
///
/// The context is lent to ``CustomLifetime/instanceCache(for:)`` for the duration of the call and
/// cannot be copied or kept, which lets the core make it without retaining anything or building
/// arrays: ``chain`` and ``chainLifetimes`` are put together only when read.
///
/// ```swift
/// func instanceCache(for context: borrowing LifetimeContext) throws(ResolutionError) -> InstanceCache {
///   context.requester.instanceCache(for: "request")
/// }
/// ```
public struct LifetimeContext: ~Copyable {
  // NB: the references are unretained. A `LifetimeContext` is noncopyable and only ever lent
  // (`borrowing`) to `instanceCache(for:)`, so it cannot outlive the resolve that made it, and that
  // resolve keeps the registration (its container holds it until deinit), both containers and the
  // resolution context alive.
  private let registration: Unmanaged<Registration>
  private let ownerReference: Unmanaged<Container>
  private let requesterReference: Unmanaged<Container>
  /// The resolve's context, whose first `depth` frames enclose this resolve; nil at top level.
  private let resolution: Unmanaged<ResolutionContext>?
  private let depth: Int

  /// Where the top-level resolve was requested.
  ///
  /// ```swift
  /// print(context.location)
  /// ```
  public let location: CodeLocation

  init(
    _ registration: Registration, owner: Container, requester: Container,
    resolving context: ResolutionContext?, location: CodeLocation
  ) {
    self.registration = .passUnretained(registration)
    self.ownerReference = .passUnretained(owner)
    self.requesterReference = .passUnretained(requester)
    self.resolution = context.map { .passUnretained($0) }
    self.depth = context?.chain.count ?? 0
    self.location = location
  }

  /// The key being resolved.
  ///
  /// ```swift
  /// print(context.key)
  /// ```
  public var key: DependencyKey { registration._withUnsafeGuaranteedRef { $0.key } }

  /// The container whose registration is being resolved (the requester or one of its ancestors).
  ///
  /// ```swift
  /// let cache = context.owner.instanceCache(for: "request")
  /// ```
  public var owner: Container { ownerReference.takeUnretainedValue() }

  /// The container on which the resolve was called.
  ///
  /// ```swift
  /// let cache = context.requester.instanceCache(for: "request")
  /// ```
  public var requester: Container { requesterReference.takeUnretainedValue() }

  /// The keys that led to this one, outermost first, ending with ``key``.
  ///
  /// ```swift
  /// print(context.chain.map(\.description).joined(separator: " → "))
  /// ```
  public var chain: [DependencyKey] {
    enclosing.map { $0.registration.takeUnretainedValue().key } + [key]
  }

  /// The lifetimes of the registrations being built around this one, outermost first (the chain
  /// without ``key``): a lifetime can tell that it is being captured by a longer-lived instance,
  /// such as a session instance built inside a singleton's factory.
  ///
  /// ```swift
  /// if context.chainLifetimes.contains(where: { $0.rank > rank }) { print("captive") }
  /// ```
  public var chainLifetimes: [Lifetime] {
    enclosing.map { $0.registration.takeUnretainedValue().lifetime }
  }

  /// The frames of the registrations being built around this one.
  private var enclosing: ArraySlice<ResolutionContext.Frame> {
    guard let resolution else { return [] }
    return resolution.takeUnretainedValue().chain.prefix(depth)
  }
}
