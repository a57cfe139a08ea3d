import Loom
import LoomSession

/// A lifetime neither the core nor LoomSession defines, read from source (a custom one), so that a
/// node can show it. loom-graph cannot know its rank, so the captive check leaves it out.
struct SourceLifetime: CustomLifetime {
  let name: String

  /// A placeholder: ``isKnown(_:)`` keeps the checks from trusting it.
  var rank: LifetimeRank { .singleton }

  /// NB: the graph of a scan is drawn and validated, never resolved; a cache is never asked for.
  func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache {
    InstanceCache()
  }

  /// The lifetimes loom-graph knows, by their spelling in source: the core's, and LoomSession's
  /// own `.session` and `.flow` (so their ranks are LoomSession's, written nowhere else).
  private static let known: [String: Lifetime] = [
    "transient": .transient, "singleton": .singleton, "eagerSingleton": .eagerSingleton,
    "weak": .weak, "graph": .graph, "once": .once, "session": .session, "flow": .flow,
  ]

  /// The lifetime for a spelling: `singleton` is ``Lifetime/singleton``, `session` is
  /// LoomSession's `Lifetime.session`, and any other a ``SourceLifetime`` of that name.
  static func lifetime(_ spelled: String) -> Lifetime {
    known[spelled] ?? .custom(SourceLifetime(name: spelled))
  }

  /// Whether the core's checks can trust the lifetime's rank: the core's lifetimes and
  /// LoomSession's, not one spelled otherwise.
  static func isKnown(_ lifetime: Lifetime) -> Bool {
    known.values.contains(lifetime)
  }
}
