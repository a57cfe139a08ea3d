/// The state of one top-level resolve: the chain of registrations being built (for errors and
/// cycle detection), the `.graph` instances, and the cache that served a tracked resolve.
///
/// A context belongs to the thread that runs its resolve: it is made when a resolve reaches the
/// slow path, installed as that thread's ``ActiveResolution`` while it runs (so nested resolves
/// on the same stack join it), and passed down to factories inside a non-`Sendable` ``Resolver``.
@usableFromInline
final class ResolutionContext {
  /// Where the top-level resolve was requested.
  let location: SourceLocation
  /// The registrations being built, outermost first.
  var chain: [Registration] = []
  /// `.graph` instances of this resolve, by registration.
  var graphInstances: [ObjectIdentifier: any AnyObject & Sendable] = [:]
  /// The chain depth of a tracked resolve in progress, whose serving cache is recorded.
  var trackedDepth: Int?
  /// The custom-lifetime cache that served the tracked key, and its generation then.
  var servingCache: CacheStamp?

  init(location: SourceLocation) {
    self.location = location
  }

  /// The keys of ``chain``.
  var keys: [DependencyKey] { chain.map(\.key) }
}
