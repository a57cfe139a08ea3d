import Loom

/// The types of the wiring corpus, named as an app would name them. Each case of
/// ``WiringCorpus`` registers some of them, rightly or wrongly.
enum Shop {
  final class Database: Sendable { init() {} }
  final class Repository: Sendable { init(database: Database) {} }
  final class Catalog: Sendable { init(repository: Repository) {} }
  final class Storefront: Sendable { init(catalog: Catalog) {} }

  protocol PaymentGateway: Sendable {}
  final class StripeGateway: PaymentGateway { init() {} }
  final class Checkout: Sendable { init(gateway: any PaymentGateway) {} }

  /// Needs a value an app passes in rather than registers.
  final class Greeter: Sendable { init(name: String) {} }

  /// Each needs the next, the last the first: cycles of length 1, 2, 3 and 5.
  final class Ouroboros: Sendable { init(tail: Ouroboros) {} }
  final class Chicken: Sendable { init(egg: Egg) {} }
  final class Egg: Sendable {
    init(chicken: Chicken) {}
    /// An egg from the shop, which needs no chicken.
    init() {}
  }
  final class Rock: Sendable { init(paper: Paper) {} }
  final class Paper: Sendable { init(scissors: Scissors) {} }
  final class Scissors: Sendable { init(rock: Rock) {} }
  final class Monday: Sendable { init(next: Tuesday) {} }
  final class Tuesday: Sendable { init(next: Wednesday) {} }
  final class Wednesday: Sendable { init(next: Thursday) {} }
  final class Thursday: Sendable { init(next: Friday) {} }
  final class Friday: Sendable { init(next: Monday) {} }

  /// A cycle broken by a `Lazy` and one broken by a `Provider`.
  final class Parent: Sendable { init(child: Lazy<Child>) {} }
  final class Child: Sendable { init(parent: Parent) {} }
  final class Producer: Sendable { init(consumer: Provider<Consumer>) {} }
  final class Consumer: Sendable { init(producer: Producer) {} }

  /// A cache, a request's context, a screen, a session's user and a flow's cart.
  final class ImageCache: Sendable { init(thumbnail: Thumbnail) {} }
  final class Thumbnail: Sendable { init() {} }
  final class RequestContext: Sendable { init() {} }
  final class Analytics: Sendable { init(context: RequestContext) {} }
  final class Middleware: Sendable { init(analytics: Analytics) {} }
  final class User: Sendable { init() {} }
  final class Cart: Sendable { init() {} }
  final class Profile: Sendable { init(user: User) {} }
  final class Basket: Sendable { init(cart: Cart) {} }
  final class Banner: Sendable { init(user: Provider<User>) {} }
  final class Clock: Sendable { init() {} }
  final class Scheduler: Sendable { init(clock: Clock) {} }

  /// Made asynchronously, on the main actor, or both needed by synchronous factories.
  final class RemoteConfig: Sendable { init() {} }
  final class FeatureFlags: Sendable { init(config: RemoteConfig) {} }
  @MainActor final class ScreenModel { init() {} }
  final class Router: Sendable {
    let screen: ScreenModel
    init(screen: ScreenModel) { self.screen = screen }
  }

  /// A base class, a subclass and an unrelated class, for bindings.
  // NB: `@unchecked Sendable` because a non-final class cannot be checked; none has stored state.
  class Transport: @unchecked Sendable { init() {} }
  final class HTTPTransport: Transport, @unchecked Sendable {}
  final class Pigeon: Sendable { init() {} }

  /// A value type, which a weak lifetime cannot hold.
  struct Settings: Sendable {}

  /// Made with a runtime argument.
  final class OrderDetail: Sendable { init(id: Int) {} }
  /// Shows an order: auto-wired, it cannot pass the order's id.
  final class OrderPage: Sendable { init(detail: OrderDetail) {} }

  struct Broken: Error, CustomStringConvertible {
    var description: String { "disk is read-only" }
  }
}

/// A custom lifetime standing for a user's session: one cache per container, ranked like
/// LoomSession's `.session`.
struct CorpusSessionLifetime: CustomLifetime {
  var name: String { "session" }
  var rank: LifetimeRank { LifetimeRank(900) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache {
    context.requester.instanceCache(for: "loom.tests.corpus.session")
  }
}

/// A custom lifetime standing for a flow: needs a flow to be current, ranked like LoomSession's
/// `.flow`.
struct CorpusFlowLifetime: CustomLifetime {
  @TaskLocal static var cache: InstanceCache?

  var name: String { "flow" }
  var rank: LifetimeRank { LifetimeRank(800) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache {
    guard let cache = Self.cache else { throw .scopeRequired(context, scope: "flow") }
    return cache
  }
}

extension Lifetime {
  static let corpusSession = Lifetime.custom(CorpusSessionLifetime())
  static let corpusFlow = Lifetime.custom(CorpusFlowLifetime())
}

extension Container {
  /// A key path declared without a default, which the app must register.
  var corpusPayments: Dependency<any Shop.PaymentGateway> { Dependency(.singleton) }
  /// A key path with a default that needs something unregistered.
  var corpusCatalog: Dependency<Shop.Catalog> { Dependency(Shop.Catalog.init) }
  /// A key path with a default that is fine.
  var corpusClock: Dependency<Shop.Clock> { Dependency(.singleton, Shop.Clock.init) }
}
