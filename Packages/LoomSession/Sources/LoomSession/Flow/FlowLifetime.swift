import Loom

/// The ``CustomLifetime`` behind `Lifetime.flow`: the cache of ``FlowScope/current``.
struct FlowLifetime: CustomLifetime {
  var name: String { "flow" }

  var rank: LifetimeRank { LifetimeRank(800) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    guard let scope = FlowScope.current else {
      throw ResolutionError.scopeRequired(context, scope: "flow")
    }
    return scope.cache
  }
}
