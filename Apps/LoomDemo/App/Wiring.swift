import Loom
import LoomAssembly

/// The composition root: the assemblies the demo app is made of, in the order they install.
///
/// Each assembly registers one module (`Networking/`, `Services/`, `Users/`, `Session/`); the
/// environment layer comes last, so its registrations replace earlier ones and `dump()` says
/// which. The Settings feature's child container is declared by ``UserAssembly``.
enum Wiring {
  /// A new container with the whole app installed, writing to `console`: the types that bind
  /// themselves with `@Bind` (``SignIn``), then the assemblies.
  static func makeContainer(_ environment: AppEnvironment, console: Console) -> Container {
    let container = Container()
    do {
      try container.install(bindings)
    } catch {
      // NB: `install(_:)` only throws for a key bound twice; the demo binds each key once.
      preconditionFailure("\(error)")
    }
    return container.install { assemblies(environment, console: console) }
  }

  /// The bindings this app declares with `@Bind`. A container other than `Container.default`
  /// installs discovered bindings on request; only the app's own, since a test process links
  /// other modules' bindings too.
  static var bindings: [DiscoveredBinding] {
    Container.discoveredBindings.filter { $0.location.fileID.description.hasPrefix("LoomDemo/") }
  }

  /// The app's assemblies; a test installs them into its own container with
  /// `$0.install { Wiring.assemblies(.production, console: .discarding) }`.
  @AssemblyBuilder
  static func assemblies(_ environment: AppEnvironment, console: Console) -> [any Assembly] {
    ConsoleAssembly(console: console)
    NetworkAssembly(config: .demo(environment))
    ServicesAssembly()
    // Requires ServicesAssembly: a requirement already installed is not installed again.
    UserAssembly()
    SessionAssembly()
    if environment == .debug { DebugAssembly() } else { ProductionAssembly() }
  }
}
