import Loom

/// A custom lifetime like LoomSession's `.session`, defined outside LoomAssembly: one cache per
/// container that holds the registration.
struct TestSessionLifetime: CustomLifetime {
  var name: String { "test-session" }
  var rank: LifetimeRank { LifetimeRank(900) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    context.owner.instanceCache(for: "loom.assembly-tests.session")
  }
}

extension Lifetime {
  static let testSession = Lifetime.custom(TestSessionLifetime())
}
