@_spi(LoomInternals) import Loom
import Synchronization

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

  /// Where the app installs the assemblies, for warnings; `nil` when LoomAssembly installs them
  /// itself (a feature's child, a validation's scratch container).
  let location: CodeLocation?

  init(into container: Container, at location: CodeLocation? = nil) {
    self.container = container
    self.ledger = AssemblyLedger.of(container)
    self.location = location
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
      let spelling = SwinjectSpelling()
      SwinjectSpelling.$current.withValue(spelling) {
        Container.withRegistrationOrigin(assembly.name) {
          if let lifetime = assembly.defaultLifetime {
            Container.withDefaultLifetime(lifetime) { assembly.assemble(into: container) }
          } else {
            assembly.assemble(into: container)
          }
        }
      }
      if spelling.wasUsed, let location {
        container.reportWarning(
          summary: "\(assembly.name) implements Swinject's `assemble(container:)`, which"
            + " LoomAssembly calls only so that a ported assembly keeps registering",
          hint: "rename it `func assemble(into container: Container)`, the requirement of"
            + " LoomAssembly's Assembly.",
          at: location)
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

/// Tells an installation whether an assembly's registrations came through Swinject's spelling,
/// `assemble(container:)`: the default ``Assembly/assemble(into:)`` marks that it ran, and the
/// default `assemble(container:)` that it ran too, so an assembly that implements only
/// `assemble(container:)` leaves the first mark alone.
final class SwinjectSpelling: Sendable {
  @TaskLocal static var current: SwinjectSpelling?

  /// 0: the assembly implements `assemble(into:)`; 1: the default `assemble(into:)` ran and
  /// called the assembly's own `assemble(container:)`; 2: both defaults ran.
  private let state = Atomic<Int>(0)

  var wasUsed: Bool { state.load(ordering: .relaxed) == 1 }

  func defaultAssembleIntoRan() { state.store(1, ordering: .relaxed) }
  func defaultAssembleContainerRan() { state.store(2, ordering: .relaxed) }
}
