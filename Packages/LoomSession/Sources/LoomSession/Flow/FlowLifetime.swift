@_spi(LoomInternals) import Loom

/// The ``CustomLifetime`` behind `Lifetime.flow`: the cache of ``FlowScope/current``, or of the
/// newest flow begun on the resolving container (or an ancestor) and not ended yet.
struct FlowLifetime: _RequesterCachedLifetime {
  var name: String { "flow" }

  var rank: LifetimeRank { LifetimeRank(800) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    guard let scope = FlowScope.current ?? OpenFlows.innermost(for: context.requester) else {
      throw ResolutionError.scopeRequired(context, scope: "flow")
    }
    if scope.isEnded { throw scope.endedError(context) }
    return scope.cache
  }

  /// The current flow's cache while it is open, found without a resolution; nil otherwise (the
  /// ordinary path then throws ``instanceCache(for:)``'s error).
  func instanceCache(ofRequester requester: Container) -> InstanceCache? {
    guard let scope = FlowScope.current ?? OpenFlows.innermost(for: requester), !scope.isEnded
    else { return nil }
    return scope.cache
  }
}
