import Loom

/// A custom lifetime whose cache is made current for a task tree, like an HTTP request scope.
struct RequestLifetime: CustomLifetime {
  /// The cache of the request being served, if any.
  @TaskLocal static var cache: InstanceCache?

  var name: String { "request" }
  var rank: LifetimeRank { LifetimeRank(50) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    guard let cache = Self.cache else {
      throw ResolutionError.scopeRequired(context, scope: "request")
    }
    return cache
  }
}

/// A custom lifetime with one cache per container that holds the registration, like a session.
struct TestSessionLifetime: CustomLifetime {
  static let cacheIdentifier = "loom.tests.session"

  var name: String { "test-session" }
  var rank: LifetimeRank { LifetimeRank(900) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    context.owner.instanceCache(for: Self.cacheIdentifier)
  }
}

extension Lifetime {
  static let request = Lifetime.custom(RequestLifetime())
  static let testSession = Lifetime.custom(TestSessionLifetime())
}

/// An instance with a request or session lifetime.
final class Cart: Sendable {
  init() {}
}

/// A transient that depends on a ``Cart``.
final class Checkout: Sendable {
  let cart: Cart

  init(cart: Cart) {
    self.cart = cart
  }
}
