import Loom
import LoomAssembly

/// Shows what Loom reports for broken wiring: ``BrokenWiringAssembly`` is installed in a child
/// container, so the app's stays intact.
enum BrokenWiringSection {
  static func run(in container: Container) {
    Console.heading(6, "Broken wiring (what the errors look like)")
    Console.call("let broken = container.makeChild().install { BrokenWiringAssembly() }")
    let broken = container.makeChild().install { BrokenWiringAssembly() }

    print("\n  It registers SettingsModel → SyncEngine without the OfflineStore they need:")
    Console.call("try broken.tryResolve(SettingsModel.self)")
    do {
      _ = try broken.tryResolve(SettingsModel.self)
    } catch {
      print(error)
      Console.row("error.code", "\(error.code)")
      Console.row("error.path", error.path)
    }

    print("\n  AuthService and TokenStore need each other, both eagerly:")
    Console.call("try broken.tryResolve(AuthService.self)")
    do {
      _ = try broken.tryResolve(AuthService.self)
    } catch {
      print(error)
    }
    print("\n  (`resolve(_:)` would stop the program with the same message; `loom-demo validate")
    print("   --broken` finds both, and a captive lifetime, without resolving anything.)")
  }
}
