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

  /// The cache depends on the scope current for the task, not on the requester alone.
  var requesterCacheIdentifier: String? { nil }

  /// The current flow's cache while it is open, found without a resolution; nothing otherwise
  /// (the ordinary path then throws ``instanceCache(for:)``'s error).
  func withInstanceCache(ofRequester requester: Container, _ body: (InstanceCache) -> Void) {
    guard let scope = FlowScope.current ?? OpenFlows.innermost(for: requester), !scope.isEnded
    else { return }
    // NB: the scope is held for the call, and holds its cache: no other reference to count.
    withExtendedLifetime(scope) { body(scope.cache) }
  }

  /// Tells an instance made while its flow ended, which `FlowScope.end()` could not return, that
  /// its flow ended.
  func discard(_ instance: any Sendable) {
    Teardown<any FlowScoped, any AsyncFlowScoped>([instance])
      .tell({ $0.flowDidEnd() }, startingAsync: { await $0.flowDidEnd() })
  }
}
