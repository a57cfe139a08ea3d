import Loom
import LoomAssembly

/// The app-wide services: two named loggers and analytics.
///
/// The loggers write to the ``Console`` that ``ConsoleAssembly`` registers.
struct ServicesAssembly: Assembly {
  var expectedKeys: [DependencyKey] {
    [Self.console]
  }

  var registrations: Registrations {
    // Named registrations: two loggers of the same type, told apart by name. A closure's
    // dependencies are declared, so the graph and `validate()` know them without running it.
    Singleton(Logger.self, name: "ui", dependencies: [Self.console]) { r in
      Logger(category: "ui", console: r.resolve())
    }
    Singleton(Logger.self, name: "analytics", dependencies: [Self.console]) { r in
      Logger(category: "analytics", console: r.resolve())
    }
    // A closure that picks a named dependency.
    Singleton(Analytics.self, dependencies: [DependencyKey(Logger.self, name: "analytics")]) { r in
      Analytics(log: r.resolve(name: "analytics"))
    }
  }

  /// Where the loggers write.
  private static let console = DependencyKey(Console.self)
}
