@testable import Loom

// Fixture types of the dependency-graph suites. Every dependency is an initializer parameter, so
// that `register(Type.init)` declares the edges without running anything.

// MARK: - A small shop, for the pinned exports

final class HTTPTransport: Sendable {
  init() {}
}

final class Catalog: Sendable {
  let http: HTTPTransport

  init(http: HTTPTransport) {
    self.http = http
  }
}

final class Basket: Sendable {
  let catalog: Catalog

  init(catalog: Catalog) {
    self.catalog = catalog
  }
}

/// Made by a closure factory, so its edges are observed on first resolve.
final class Payment: Sendable {
  let basket: Basket
  let region: Config
  let api: any APIClient

  init(basket: Basket, region: Config, api: any APIClient) {
    self.basket = basket
    self.region = region
    self.api = api
  }
}

final class Storefront: Sendable {
  let catalog: Catalog
  let basket: Basket
  let payment: Lazy<Payment>

  init(catalog: Catalog, basket: Basket, payment: Lazy<Payment>) {
    self.catalog = catalog
    self.basket = basket
    self.payment = payment
  }
}

// MARK: - Problems

/// Two services that need each other directly: a cycle.
final class Engine: Sendable {
  init(gearbox: Gearbox) {}
}

final class Gearbox: Sendable {
  init(engine: Engine) {}
}

/// A service that needs itself.
final class Mirror: Sendable {
  init(mirror: Mirror) {}
}

/// A cache that holds whatever it is given.
final class ImageCache: Sendable {
  init(thumbnail: Thumbnail) {}
}

final class Thumbnail: Sendable {
  init() {}
}

/// A transient between a cached holder and what it holds.
final class ThumbnailLoader: Sendable {
  init(thumbnail: Thumbnail) {}
}

final class LoaderCache: Sendable {
  init(loader: ThumbnailLoader) {}
}

/// Made by an async factory.
final class SessionStore: Sendable {
  init() {}
}

/// A synchronous service that needs the async ``SessionStore``.
final class ProfileModel: Sendable {
  init(session: SessionStore) {}
}

/// A service that takes its dependency lazily.
final class Analytics: Sendable {
  init(store: Lazy<Thumbnail>) {}
}

/// A service that takes a provider.
final class Uploader: Sendable {
  init(makeThumbnail: Provider<Thumbnail>) {}
}

// MARK: - Generated graphs

/// The one value type of generated graphs: every node is a name of it. (A class, so that the weak
/// lifetime can hold it.)
final class GraphNodeValue: Sendable {}

extension Container {
  /// Registers `GraphNodeValue` named `name`, declaring edges to the named `dependencies` (what no
  /// public API can do for a closure factory).
  func registerGraphNode(
    _ name: String, lifetime: Lifetime = .transient, dependencies: [DependencyKey] = []
  ) {
    add(
      DependencyKey(GraphNodeValue.self, name: name), keyPath: nil, lifetime: lifetime,
      factory: FactoryClosure<GraphNodeValue>.sync({ _ in GraphNodeValue() }),
      dependencies: dependencies, location: CodeLocation(fileID: "Graph/Generated.swift", line: 1)
    )
  }
}

/// The key of the generated node `name`.
func graphNodeKey(_ name: String) -> DependencyKey {
  DependencyKey(GraphNodeValue.self, name: name)
}

/// A small, seeded random number generator (SplitMix64), so that generated graphs are the same on
/// every run and a failure can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
