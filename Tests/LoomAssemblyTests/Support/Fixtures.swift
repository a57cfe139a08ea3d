@_spi(LoomInternals) import Loom

@testable import LoomAssembly

// MARK: - Dependencies

/// A value with a label that tells which registration made it.
struct Config: Sendable {
  let label: String
}

final class HTTPClient: Sendable {
  let config: Config

  init(config: Config) {
    self.config = config
  }
}

protocol APIClient: Sendable {
  var label: String { get }
}

struct LiveAPIClient: APIClient {
  let http: HTTPClient
  var label: String { "live" }

  init(http: HTTPClient) {
    self.http = http
  }
}

struct MockAPIClient: APIClient {
  var label: String { "mock" }
}

final class Database: Sendable {
  let label: String

  init(label: String) {
    self.label = label
  }
}

final class ImageCache: Sendable {
  init() {}
}

struct Request: Sendable {
  let client: HTTPClient
}

final class CheckoutModel: Sendable {
  let api: any APIClient
  let payments: Payments

  init(api: any APIClient, payments: Payments) {
    self.api = api
    self.payments = payments
  }
}

final class Payments: Sendable {
  let http: HTTPClient

  init(http: HTTPClient) {
    self.http = http
  }
}

final class Receipt: Sendable {
  let checkout: CheckoutModel

  init(checkout: CheckoutModel) {
    self.checkout = checkout
  }
}

extension Container {
  /// A key-path dependency with a transient default.
  var greeting: Dependency<String> {
    Dependency { _ in "hello" }
  }

  /// A key-path dependency with a singleton default.
  var clock: Dependency<Database> {
    Dependency(.singleton) { _ in Database(label: "default clock") }
  }
}

// MARK: - Assemblies

/// Registers `Config` with a label, so tests can tell which assembly won.
struct ConfigAssembly: Assembly {
  let label: String
  var name: String { "ConfigAssembly(\(label))" }

  var registrations: Registrations {
    Singleton(Config.self) { _ in Config(label: label) }
  }
}

/// The production network wiring.
struct NetworkAssembly: Assembly {
  var registrations: Registrations {
    Singleton(Config.self) { _ in Config(label: "production") }
    Singleton(HTTPClient.self, HTTPClient.init)
    Singleton((any APIClient).self, LiveAPIClient.init)
  }
}

/// Debug overrides of the network wiring.
struct DebugAssembly: Assembly {
  var registrations: Registrations {
    Singleton((any APIClient).self) { _ in MockAPIClient() }
  }
}

/// Records, in order, the assemblies that made their registrations.
final class InstallLog: Sendable {
  private let names = Lock<[String]>([])

  /// The names recorded, in order.
  var order: [String] { names.withLock { $0 } }

  func append(_ name: String) {
    names.withLock { $0.append(name) }
  }

  /// How many times `name` was recorded.
  func count(_ name: String) -> Int {
    order.filter { $0 == name }.count
  }
}

/// An assembly that records its installation in a log.
struct Recording: Assembly {
  let label: String
  let log: InstallLog
  var needs: [any Assembly] = []

  var name: String { label }

  var requirements: [any Assembly] { needs }

  func assemble(into container: Container) {
    log.append(label)
  }
}

/// Takes its payments lazily: a deferred edge.
final class Notifier: Sendable {
  let payments: Lazy<Payments>

  init(payments: Lazy<Payments>) {
    self.payments = payments
  }
}
