/// A lifetime defined outside the core: it decides which ``InstanceCache`` holds its instances.
///
/// Loom runs the factory, guarantees that it runs exactly once per cache entry however many
/// threads race, detects cycles and reports errors; a custom lifetime only picks the cache for a
/// resolve, or throws when there is none (for example ``ResolutionError/Code/scopeRequired`` when
/// no scope is current). Ending the lifetime means calling
/// ``InstanceCache/removeAllWaitingForCreations()-32ofn`` (or ``InstanceCache/removeAll()``) on the
/// cache it handed out and telling the values it returns; an instance made while its cache was
/// emptied, which that call could not return, is handed to ``discard(_:)`` instead, so that every
/// instance a factory made is told once.
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
  /// Called on every resolve of a registration with this lifetime, and again when the instance is
  /// not made yet or the cache was emptied while it was made, so keep it cheap and free of side
  /// effects: a task-local read or a lookup in the container's ``Container/instanceCache(for:)``.
  /// It may resolve other keys (the current tenant, say); resolving the key it
  /// picks a cache for, directly or through other custom-lifetime keys, fails with a
  /// ``ResolutionError/Code/cycle`` error instead of recursing.
  ///
  /// - Parameter context: The containers involved in the resolve, and its chain for errors.
  /// - Returns: The cache to read from, or to create the instance in.
  /// - Throws: A ``ResolutionError`` (such as ``ResolutionError/scopeRequired(_:scope:)``) when
  ///   no cache applies.
  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache

  /// Ends the life of one instance that a factory made for this lifetime but that no cache kept
  /// and no removal returned: its cache was emptied while it was being made, and the removal did
  /// not wait for it (it started after the removal, or on the thread or in the task that ran the
  /// removal, or the removal was ``InstanceCache/removeAll()``).
  ///
  /// Tell the instance what ending the lifetime tells the instances the removal returns; it is
  /// released when this returns. Called once per such instance, on the thread that made it,
  /// outside every lock. The default does nothing.
  ///
  /// ```swift
  /// func discard(_ instance: any Sendable) {
  ///   (instance as? any RequestScoped)?.requestDidEnd()
  /// }
  /// ```
  ///
  /// - Parameter instance: The value the factory made.
  func discard(_ instance: any Sendable)
}

extension CustomLifetime {
  /// Does nothing: the instance is released.
  ///
  /// ```swift
  /// RequestLifetime().discard(instance)  // no effect unless RequestLifetime implements it
  /// ```
  ///
  /// - Parameter instance: The value the factory made.
  public func discard(_ instance: any Sendable) {}
}

/// A custom lifetime whose cache does not depend on the resolution chain: the requester (and
/// state such as a task-local) is enough to find it, and finding it resolves nothing. The engine
/// then reads an instance the cache already holds without starting a resolution, without a lock
/// and without touching a reference count other than the value's. For Loom's own lifetimes (the
/// session's and the flow's); a lifetime that looks at the chain or resolves other keys to pick its
/// cache must not adopt it.
///
/// ```swift
/// struct TenantLifetime: _RequesterCachedLifetime {
///   var name: String { "tenant" }
///   var rank: LifetimeRank { LifetimeRank(850) }
///   var requesterCacheIdentifier: String? { "tenant" }
///   func instanceCache(for context: LifetimeContext) -> InstanceCache {
///     context.requester.instanceCache(for: "tenant")
///   }
///   func withInstanceCache(ofRequester requester: Container, _ body: (InstanceCache) -> Void) {
///     requester.withInstanceCache(for: "tenant", body)
///   }
/// }
/// ```
@_spi(LoomInternals)
public protocol _RequesterCachedLifetime: CustomLifetime {
  /// The identifier of the requester's cache (``Container/instanceCache(for:)``) that
  /// ``CustomLifetime/instanceCache(for:)`` returns for every resolve called on it, if it is
  /// always that one; nil when it depends on something else (a task-local scope, say).
  var requesterCacheIdentifier: String? { get }

  /// Runs `body` with the cache ``CustomLifetime/instanceCache(for:)`` returns for a resolve
  /// called on `requester` now, if it exists and that would not throw (no scope is current, say):
  /// otherwise the resolve takes the ordinary path, which reports it. Called only when
  /// ``requesterCacheIdentifier`` is nil. `body` must not keep the cache.
  func withInstanceCache(ofRequester requester: Container, _ body: (InstanceCache) -> Void)
}
