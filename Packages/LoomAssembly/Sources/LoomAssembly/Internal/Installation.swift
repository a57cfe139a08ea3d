@_spi(LoomInternals) import Loom

/// Installs assemblies into one container: requirements first and once, each assembly inside
/// `Container.withRegistrationOrigin(name)`.
struct Installation {
  /// An assembly being installed, for cycle detection and feature ownership.
  struct Frame: Sendable {
    let identity: AssemblyIdentity
    let name: String
  }

  /// The assemblies being installed on this task, outermost first (across nested installs).
  @TaskLocal static var path: [Frame] = []

  let container: Container
  let ledger: AssemblyLedger
  /// Every assembly this installation installed, in order.
  private(set) var installed: [any Assembly] = []

  init(into container: Container) {
    self.container = container
    self.ledger = AssemblyLedger.of(container)
  }

  /// Installs `assemblies` in order, each after its requirements.
  mutating func install(_ assemblies: [any Assembly]) {
    for assembly in assemblies {
      install(assembly, isRequirement: false)
    }
  }

  private mutating func install(_ assembly: any Assembly, isRequirement: Bool) {
    let identity = AssemblyIdentity(assembly)
    let path = Self.path
    if let start = path.firstIndex(where: { $0.identity == identity }) {
      let cycle = path[start...].map(\.name) + [assembly.name]
      fatalError("\n" + Self.cycleMessage(cycle))
    }
    if isRequirement {
      guard !isInstalledInAncestor(identity), ledger.recordInstalled(identity) else { return }
    } else {
      ledger.recordInstalled(identity)
    }
    ledger.recordExpected(assembly.expectedKeys, by: assembly.name)
    let frame = Frame(identity: identity, name: assembly.name)
    Self.$path.withValue(path + [frame]) {
      for requirement in assembly.requirements {
        install(requirement, isRequirement: true)
      }
      Container.withRegistrationOrigin(assembly.name) {
        assembly.assemble(into: container)
      }
    }
    installed.append(assembly)
  }

  private func isInstalledInAncestor(_ identity: AssemblyIdentity) -> Bool {
    var ancestor = container.parent
    while let current = ancestor {
      if AssemblyLedger.existing(for: current)?.isInstalled(identity) == true { return true }
      ancestor = current.parent
    }
    return false
  }

  /// The message of the trap when assemblies require each other in a loop, such as
  /// `["A", "B", "A"]`.
  static func cycleMessage(_ cycle: [String]) -> String {
    _treeMessage(
      "LoomAssembly: assemblies require each other in a cycle",
      [
        "Cycle: \(cycle.joined(separator: " → "))",
        "To fix: remove one of these requirements, or move what they share into an assembly that"
          + " each of them requires.",
      ])
  }
}
