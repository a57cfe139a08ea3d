import Loom
import LoomAssembly

/// The debug layer: replaces ``NetworkAssembly``'s transport with one that logs every request.
struct DebugAssembly: Assembly {
  var expectedKeys: [DependencyKey] {
    [DependencyKey(Console.self)]
  }

  var registrations: Registrations {
    Singleton(Logger.self, name: "http", dependencies: [DependencyKey(Console.self)]) { r in
      Logger(category: "http", console: try r.tryResolve())
    }
    // A closure's dependencies are declared, so the graph and `validate()` know them unrun.
    Singleton((any HTTPTransport).self, dependencies: [Self.httpLog]) { r in
      LoggingTransport(base: InMemoryTransport.sample, log: try r.tryResolve(name: "http"))
    }
  }

  /// The logger the transport writes to.
  private static let httpLog = DependencyKey(Logger.self, name: "http")
}
