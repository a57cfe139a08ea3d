import Loom

/// The ``CustomLifetime`` behind `Lifetime.session`: one cache per container, the one the
/// resolve was called on.
///
/// The cache is the requester's, not the owner's, because the core builds a custom-lifetime
/// instance in the requester (so a child's overrides apply to it): keeping it in the owner's cache
/// would let a child's overrides leak into its parent's session. So a child container has its own
/// session, even for registrations it inherits, and `Container.endSession()` on a parent
/// leaves its children's sessions alone.
struct SessionLifetime: CustomLifetime {
  /// The identifier of the session cache in `Container.instanceCache(for:)`.
  static let cacheIdentifier = "loom.session"

  var name: String { "session" }

  var rank: LifetimeRank { LifetimeRank(900) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    #if DEBUG
      if SessionCaptureCheck.isEnabled, let message = Self.captureMessage(context) {
        fatalError(message)
      }
    #endif
    return context.requester.instanceCache(for: Self.cacheIdentifier)
  }

  /// The message of the debug-build trap when a session instance is being built into a
  /// longer-lived cached instance (a singleton, say), or nil when it is not.
  static func captureMessage(_ context: LifetimeContext) -> String? {
    let session = LifetimeRank(900)
    guard
      let holder = context.chainLifetimes.lastIndex(where: { $0.isCached && $0.rank > session })
    else { return nil }
    let holderKey = context.chain[holder]
    let holderLifetime = context.chainLifetimes[holder]
    let path = context.chain[holder...].map(\.description).joined(separator: " → ")
    return """
      LoomSession: \(context.key) (session) is being built into \(holderKey) \
      (\(holderLifetime)), which would keep it after the session ends
      ├─ Resolved via: \(path)
      ├─ Requested at: \(context.location)
      └─ To fix: give \(holderKey) a lifetime no longer than the session, let it take a \
      Provider of \(context.key), or allow this with `SessionCaptureCheck.isEnabled = false`.
      """
  }
}
