@_spi(LoomInternals) import Loom
import LoomMacros

// MARK: - Services

protocol APIClient: Sendable {
  var label: String { get }
}

final class StubAPIClient: APIClient {
  let label: String
  init(label: String) { self.label = label }
}

final class Database: Sendable {
  let label: String
  init(label: String) { self.label = label }
}

final class Clock: Sendable {}

final class Coordinator: Sendable {}

struct Config: Sendable {
  var url = "https://example.com"
}

extension Container {
  var api: Dependency<any APIClient> {
    Dependency(.singleton, dependencies: []) { _ in StubAPIClient(label: "default") }
  }

  var coordinator: Dependency<Coordinator> {
    Dependency(.weak, dependencies: []) { _ in Coordinator() }
  }

  var clock: Dependency<Clock> {
    Dependency(.singleton, dependencies: []) { _ in Clock() }
  }
}

/// Counts calls from any thread.
final class Counter: Sendable {
  private let count = Lock(0)

  var value: Int { count.withLock { $0 } }

  func increment() { count.withLock { $0 += 1 } }
}
