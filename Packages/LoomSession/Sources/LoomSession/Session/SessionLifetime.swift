@_spi(LoomInternals) import Loom

/// The ``CustomLifetime`` behind `Lifetime.session`: one cache per container, the one the
/// resolve was called on.
///
/// The cache is the requester's, not the owner's, because the core builds a custom-lifetime
/// instance in the requester (so a child's overrides apply to it): keeping it in the owner's cache
/// would let a child's overrides leak into its parent's session. So a child container has its own
/// session, even for registrations it inherits, and `Container.endSession()` on a parent
/// leaves its children's sessions alone.
struct SessionLifetime: _RequesterCachedLifetime {
  /// The identifier of the session cache in `Container.instanceCache(for:)`.
  static let cacheIdentifier = "loom.session"

  var name: String { "session" }

  var rank: LifetimeRank { LifetimeRank(900) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    // NB: a session instance built into a singleton is the core's captive check
    // (`ResolutionError.Code.captiveDependency`), thrown before the lifetime is asked.
    context.requester.instanceCache(for: Self.cacheIdentifier)
  }

  /// The requester's session cache, always: the engine reads an instance it holds without a
  /// resolution.
  var requesterCacheIdentifier: String? { Self.cacheIdentifier }

  func withInstanceCache(ofRequester requester: Container, _ body: (InstanceCache) -> Void) {
    requester.withInstanceCache(for: Self.cacheIdentifier, body)
  }

  /// Tells an instance made while its session ended, which `Container.endSession()` could not
  /// return, that its session ended.
  func discard(_ instance: any Sendable) {
    Teardown<any SessionScoped, any AsyncSessionScoped>([instance])
      .tell({ $0.sessionDidEnd() }, startingAsync: { await $0.sessionDidEnd() })
  }
}
