import Loom

/// Shows what Loom reports for broken wiring, in child containers so the app's stays intact.
enum BrokenWiringSection {
  static func run(in container: Container) {
    Console.heading(4, "Broken wiring (what the errors look like)")

    print("  A feature registers SettingsModel → SyncEngine, but nobody registered OfflineStore:")
    let feature = container.makeChild()
    feature.register(SettingsModel.init)
    feature.register(lifetime: .singleton, SyncEngine.init)
    Console.call("try feature.tryResolve(SettingsModel.self)")
    do {
      _ = try feature.tryResolve(SettingsModel.self)
    } catch {
      print(error)
      Console.row("error.code", "\(error.code)")
      Console.row("error.path", error.path)
    }

    print("\n  AuthService and TokenStore need each other, both eagerly:")
    let cyclic = container.makeChild()
    cyclic.register(lifetime: .singleton, AuthService.init)
    cyclic.register(lifetime: .singleton, TokenStore.init)
    Console.call("try cyclic.tryResolve(AuthService.self)")
    do {
      _ = try cyclic.tryResolve(AuthService.self)
    } catch {
      print(error)
    }
    print("\n  (`resolve(_:)` would stop the program with the same message.)")
  }
}
