import Loom

/// A lifetime the core does not define, read from source (`.session`, `.flow`, a custom one),
/// so that a node can show it. Its rank is LoomSession's for `session` and `flow`; any other is
/// `known == false`, and the captive check leaves it out.
struct SourceLifetime: CustomLifetime {
  let name: String
  let rank: LifetimeRank
  let known: Bool

  /// NB: the graph of a scan is drawn and validated, never resolved; a cache is never asked for.
  func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache {
    InstanceCache()
  }

  /// The core's lifetime for a spelling: `singleton` is ``Lifetime/singleton``, and so on.
  static func lifetime(_ spelled: String) -> Lifetime {
    switch spelled {
    case "transient": .transient
    case "singleton": .singleton
    case "eagerSingleton": .eagerSingleton
    case "weak": .weak
    case "graph": .graph
    case "once": .once
    case "session": .custom(SourceLifetime(name: "session", rank: LifetimeRank(900), known: true))
    case "flow": .custom(SourceLifetime(name: "flow", rank: LifetimeRank(800), known: true))
    default: .custom(SourceLifetime(name: spelled, rank: .singleton, known: false))
    }
  }

  /// Whether the core's checks can trust the lifetime's rank: the core's lifetimes and
  /// LoomSession's, not one spelled otherwise.
  static func isKnown(_ lifetime: Lifetime) -> Bool {
    [
      "transient", "singleton", "eager singleton", "weak", "graph", "once", "session", "flow",
    ].contains(lifetime.description)
  }
}
