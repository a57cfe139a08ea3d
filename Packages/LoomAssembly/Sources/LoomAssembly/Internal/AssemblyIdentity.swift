/// What tells two assemblies apart when requirements are de-duplicated: the assembly's type (the
/// module's type for a ``StaticModule``) and its ``Assembly/name``.
struct AssemblyIdentity: Hashable, Sendable {
  let type: ObjectIdentifier
  let name: String

  init(_ assembly: any Assembly) {
    if let module = assembly as? StaticModuleAssembly {
      self.type = module.identity
    } else {
      self.type = ObjectIdentifier(Swift.type(of: assembly))
    }
    self.name = assembly.name
  }
}
