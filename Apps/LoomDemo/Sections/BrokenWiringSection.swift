import Loom
import LoomAssembly

/// Shows what Loom reports for broken wiring: ``BrokenWiringAssembly`` is installed in a child
/// container, so the app's stays intact.
enum BrokenWiringSection {
  static func run(in container: Container, console: Console) {
    console.heading(7, "Broken wiring (what the errors look like)")
    console.call("let broken = container.makeChild().install { BrokenWiringAssembly() }")
    let broken = container.makeChild().install { BrokenWiringAssembly() }

    console.line("\n  It registers SettingsModel → SyncEngine without the OfflineStore they need:")
    console.call("try broken.tryResolve(SettingsModel.self)")
    do {
      _ = try broken.tryResolve(SettingsModel.self)
    } catch {
      console.block("\(error)", indent: 4)
      console.row("error.code", "\(error.code)")
      console.row("error.path", error.path)
    }

    console.line("\n  AuthService and TokenStore need each other, both eagerly:")
    console.call("try broken.tryResolve(AuthService.self)")
    do {
      _ = try broken.tryResolve(AuthService.self)
    } catch {
      console.block("\(error)", indent: 4)
    }
    console.line(
      "\n  (`resolve(_:)` would stop the program with the same message; `loom-demo validate")
    console.line("   --broken` finds both, and a captive lifetime, without resolving anything.)")
  }
}
