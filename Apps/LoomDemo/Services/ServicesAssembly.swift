import Loom
import LoomMacros

/// The app-wide services: two named loggers and analytics, each made by a `@Provides` method.
///
/// `@Module` (LoomMacros) makes this type an `Assembly`: its `assemble(into:)` registers each
/// `@Provides` method, with the return type as the key, `name:` and `lifetime:` as written, and
/// the parameters resolved and declared as dependencies, so the graph and `validate()` know them
/// without running anything. The loggers write to the ``Console`` that ``ConsoleAssembly``
/// registers.
@Module
struct ServicesAssembly {
  var expectedKeys: [DependencyKey] {
    [DependencyKey(Console.self)]
  }

  // Named registrations: two loggers of the same type, told apart by name.
  @Provides(name: "ui", lifetime: .singleton)
  func uiLogger(console: Console) -> Logger {
    Logger(category: "ui", console: console)
  }

  @Provides(name: "analytics", lifetime: .singleton)
  func analyticsLogger(console: Console) -> Logger {
    Logger(category: "analytics", console: console)
  }

  // `@Named` picks the named logger for this parameter.
  @Provides(lifetime: .singleton)
  func analytics(@Named("analytics") log: Logger) -> Analytics {
    Analytics(log: log)
  }
}
