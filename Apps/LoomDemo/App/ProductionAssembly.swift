import Loom
import LoomAssembly

/// The production layer: replaces ``NetworkAssembly``'s transport with one that retries a request
/// once when the server fails.
struct ProductionAssembly: Assembly {
  var registrations: Registrations {
    Singleton((any HTTPTransport).self) { _ in
      RetryingTransport(base: InMemoryTransport.sample, attempts: 2)
    }
  }
}
