import Loom
import LoomAssembly

/// The app-wide services: two named loggers and analytics.
struct ServicesAssembly: Assembly {
  var registrations: Registrations {
    // Named registrations: two loggers of the same type, told apart by name.
    Singleton(Logger.self, name: "ui") { _ in Logger(category: "ui") }
    Singleton(Logger.self, name: "analytics") { _ in Logger(category: "analytics") }
    // A closure that picks a named dependency, declared so the graph knows it without running it.
    Singleton(Analytics.self, dependencies: [DependencyKey(Logger.self, name: "analytics")]) { r in
      Analytics(log: r.resolve(name: "analytics"))
    }
  }
}
