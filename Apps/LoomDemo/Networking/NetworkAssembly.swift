import Loom
import LoomAssembly

/// The networking module: the app's configuration, the transport and the HTTP client.
///
/// Complete on its own, with an offline transport; the environment layer (``DebugAssembly`` or
/// ``ProductionAssembly``) installs after it and replaces the transport.
struct NetworkAssembly: Assembly {
  /// The configuration registered as a ready instance.
  let config: AppConfig

  var registrations: Registrations {
    // The seam to the network: the demo answers from a fixed table and never goes online.
    Singleton((any HTTPTransport).self) { _ in InMemoryTransport.sample }
    // Auto-wired: `init(config:transport:)`, so `dump()` and the graph list both parameters.
    Singleton(HTTPClient.self, HTTPClient.init)
  }

  func assemble(into container: Container) {
    // The DSL registers factories; a value that exists before the container is registered with
    // the core's `instance:` form, which stores it at once (the first resolve reuses it).
    container.register(AppConfig.self, instance: config)
    registrations.register(into: container)
  }
}
