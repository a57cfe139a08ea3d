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
///   func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache {
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
  /// Called on every resolve of a registration with this lifetime, so keep it cheap: a
  /// task-local read or a lookup in the container's ``Container/instanceCache(for:)``.
  ///
  /// - Parameter context: The containers involved in the resolve, and its chain for errors.
  /// - Returns: The cache to read from, or to create the instance in.
  /// - Throws: A ``ResolutionError`` (such as ``ResolutionError/scopeRequired(_:scope:)``) when
  ///   no cache applies.
  func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache
}

/// What a ``CustomLifetime`` learns about a resolve when it picks a cache.
///
/// ```swift
/// func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache {
///   context.requester.instanceCache(for: "request")
/// }
/// ```
public struct LifetimeContext: Sendable {
  /// The key being resolved.
  ///
  /// ```swift
  /// print(context.key)
  /// ```
  public let key: DependencyKey
  /// The container whose registration is being resolved (the requester or one of its ancestors).
  ///
  /// ```swift
  /// let cache = context.owner.instanceCache(for: "request")
  /// ```
  public let owner: Container
  /// The container on which the resolve was called.
  ///
  /// ```swift
  /// let cache = context.requester.instanceCache(for: "request")
  /// ```
  public let requester: Container
  /// The keys that led to this one, outermost first, ending with ``key``.
  ///
  /// ```swift
  /// print(context.chain.map(\.description).joined(separator: " → "))
  /// ```
  public let chain: [DependencyKey]
  /// The lifetimes of the registrations being built around this one, outermost first (the chain
  /// without ``key``): a lifetime can tell that it is being captured by a longer-lived instance,
  /// such as a session instance built inside a singleton's factory.
  ///
  /// ```swift
  /// if context.chainLifetimes.contains(where: { $0.rank > rank }) { print("captive") }
  /// ```
  public let chainLifetimes: [Lifetime]
  /// Where the top-level resolve was requested.
  ///
  /// ```swift
  /// print(context.location)
  /// ```
  public let location: SourceLocation
}
