/// What a ``CustomLifetime`` learns about a resolve when it picks a cache.
///
/// An ordinary value: the key being resolved, the containers involved, and the chain that led to
/// the key (for errors such as ``ResolutionError/scopeRequired(_:scope:)``).
///
/// ```swift
/// func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache {
///   context.requester.instanceCache(for: "request")
/// }
/// ```
public struct LifetimeContext {
  let registration: Registration
  /// The registrations being built around this resolve when the lifetime was asked, outermost
  /// first (held strongly: the resolve's own chain does not retain them).
  private let enclosing: [Registration]

  /// The container whose registration is being resolved (the requester or one of its ancestors).
  ///
  /// ```swift
  /// let cache = context.owner.instanceCache(for: "request")
  /// ```
  public let owner: Container

  /// The container on which the resolve was called.
  ///
  /// ```swift
  /// let cache = context.requester.instanceCache(for: "request")
  /// ```
  public let requester: Container

  /// Where the top-level resolve was requested.
  ///
  /// ```swift
  /// print(context.location)
  /// ```
  public let location: CodeLocation

  init(
    registration: Registration, owner: Container, requester: Container,
    context: ResolutionContext
  ) {
    self.registration = registration
    self.owner = owner
    self.requester = requester
    self.location = context.location
    // The last frame is the question this context is made for.
    self.enclosing = context.frames.dropLast().filter { !$0.isQuestion }.map(\.registration)
  }

  /// The context of a top-level resolve that has no resolution context (nothing around it).
  init(registration: Registration, owner: Container, requester: Container, location: CodeLocation) {
    self.registration = registration
    self.owner = owner
    self.requester = requester
    self.location = location
    self.enclosing = []
  }

  /// The key being resolved.
  ///
  /// ```swift
  /// print(context.key)
  /// ```
  public var key: DependencyKey { registration.key }

  /// The keys that led to this one, outermost first, ending with ``key``.
  ///
  /// ```swift
  /// print(context.chain.map(\.description).joined(separator: " → "))
  /// ```
  public var chain: [DependencyKey] { enclosing.map(\.key) + [key] }

  /// The lifetimes of the registrations being built around this one, outermost first (the chain
  /// without ``key``): a lifetime can tell that it is being captured by a longer-lived instance,
  /// such as a session instance built inside a singleton's factory.
  ///
  /// ```swift
  /// if context.chainLifetimes.contains(where: { $0.rank > rank }) { print("captive") }
  /// ```
  public var chainLifetimes: [Lifetime] { enclosing.map(\.lifetime) }
}
