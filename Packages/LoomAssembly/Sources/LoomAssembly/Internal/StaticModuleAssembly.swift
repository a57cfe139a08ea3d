import Loom

/// The assembly that installs a ``StaticModule``: named after the module's type, and identified
/// by it.
struct StaticModuleAssembly: Assembly {
  let module: any StaticModule.Type

  var name: String { String(describing: module) }

  var identity: ObjectIdentifier { ObjectIdentifier(module) }

  func assemble(into container: Container) {
    module.register(into: container)
  }
}
