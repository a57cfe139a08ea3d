import Synchronization

/// The state of one top-level resolve: the chain of registrations being built (for errors and
/// cycle detection), the `.graph` instances, and the cache that served a tracked resolve.
///
/// A context belongs to the thread that made it. ``Lazy`` and ``Provider`` handles keep a reference
/// so that, used inside a factory while their resolve is still running on the same thread, they
/// join it (and a cycle through them is detected) instead of starting a new one.
// NB: `@unchecked Sendable` so handles can hold it. The mutable properties are only touched by the
// thread that made the context: the resolver holding it is not `Sendable`, and handles check
// `isJoinable` (same thread, still active) before they use it; `active` itself is atomic.
@usableFromInline
final class ResolutionContext: @unchecked Sendable {
  let thread = currentThreadID()
  /// Where the top-level resolve was requested.
  let location: SourceLocation
  /// The registrations being built, outermost first.
  var chain: [Registration] = []
  /// `.graph` instances of this resolve, by registration.
  var graphInstances: [ObjectIdentifier: any AnyObject & Sendable] = [:]
  /// The custom-lifetime cache that served the top-level key, and its generation then.
  var servingCache: (cache: InstanceCache, generation: UInt64)?
  private let active = Atomic(true)

  init(location: SourceLocation) {
    self.location = location
  }

  /// The keys of ``chain``.
  var keys: [DependencyKey] { chain.map(\.key) }

  /// Whether a handle may resolve inside this context: it is still running, on this thread.
  var isJoinable: Bool {
    active.load(ordering: .acquiring) && thread == currentThreadID()
  }

  /// Ends the resolve: handles start their own from now on, and `.graph` instances are released.
  func finish() {
    active.store(false, ordering: .releasing)
    graphInstances = [:]
  }
}
