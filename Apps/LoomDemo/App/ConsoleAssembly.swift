import Loom
import LoomAssembly

/// Registers the console the app writes to (the terminal, or a test's buffer) as a ready
/// instance, for ``Logger`` and the session's teardown hooks.
///
/// It comes first in ``Wiring/assemblies(_:console:)``; the assemblies that use the console list
/// it in their `expectedKeys`, so each still validates alone.
struct ConsoleAssembly: Assembly {
  /// Where the app's services write.
  let console: Console

  func assemble(into container: Container) {
    container.register(Console.self, instance: console)
  }
}
