import Loom
import LoomAssembly

/// The composition root: the assemblies the demo app is made of, in the order they install.
///
/// Each assembly registers one module (`Networking/`, `Services/`, `Users/`, `Session/`); the
/// environment layer comes last, so its registrations replace earlier ones and `dump()` says
/// which. The Settings feature's child container is declared by ``UserAssembly``.
enum Wiring {
  /// A new container with the whole app installed, writing to `console`.
  static func makeContainer(_ environment: AppEnvironment, console: Console) -> Container {
    Container().install { assemblies(environment, console: console) }
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
