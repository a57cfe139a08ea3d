import Loom
import Testing

@testable import LoomAssembly

/// Requires itself through ``LoopB``.
private struct LoopA: Assembly {
  var requirements: [any Assembly] { LoopB() }
}

/// Requires ``LoopA``.
private struct LoopB: Assembly {
  var requirements: [any Assembly] { LoopA() }
}

@Suite struct RequirementTests {
  let log = InstallLog()

  private func recording(_ label: String, needs: [any Assembly] = []) -> Recording {
    Recording(label: label, log: log, needs: needs)
  }

  @Test func requirementsAreInstalledBeforeTheAssemblyInTheirOrder() {
    let network = recording("Network")
    let storage = recording("Storage", needs: [recording("Files")])
    Container().install { recording("Checkout", needs: [network, storage]) }
    #expect(log.order == ["Network", "Files", "Storage", "Checkout"])
  }

  @Test func aRequirementSharedBySeveralAssembliesIsInstalledOnce() {
    let network = recording("Network")
    Container().install {
      recording("Checkout", needs: [network])
      recording("Profile", needs: [network])
      recording("Search", needs: [recording("Index", needs: [network])])
    }
    #expect(log.order == ["Network", "Checkout", "Profile", "Index", "Search"])
  }

  @Test func aRequirementInstalledExplicitlyBeforeIsNotInstalledAgain() {
    let network = recording("Network")
    Container().install {
      network
      recording("Checkout", needs: [network])
    }
    #expect(log.order == ["Network", "Checkout"])
  }

  @Test func aRequirementInstalledByAnEarlierInstallIsNotInstalledAgain() {
    let container = Container()
    let network = recording("Network")
    container.install { recording("Checkout", needs: [network]) }
    container.install { recording("Profile", needs: [network]) }
    #expect(log.order == ["Network", "Checkout", "Profile"])
  }

  @Test func anAssemblyWrittenInTheBlockIsAlwaysInstalled() {
    let network = recording("Network")
    let container = Container()
    container.install {
      recording("Checkout", needs: [network])
      network
    }
    container.install { network }
    #expect(log.order == ["Network", "Checkout", "Network", "Network"])
  }

  @Test func aRequirementInstalledInAnAncestorIsNotInstalledInTheChild() {
    let network = recording("Network")
    let parent = Container().install { network }
    let child = parent.makeChild().makeChild()
    child.install { recording("Checkout", needs: [network]) }
    #expect(log.order == ["Network", "Checkout"])
  }

  @Test func aRequirementInstalledInAChildIsInstalledAgainInTheParent() {
    let network = recording("Network")
    let parent = Container()
    parent.makeChild().install { network }
    parent.install { recording("Checkout", needs: [network]) }
    #expect(log.order == ["Network", "Network", "Checkout"])
  }

  @Test func assembliesOfTheSameTypeWithOtherNamesAreDistinctRequirements() {
    let container = Container().install {
      recording("Checkout", needs: [ConfigAssembly(label: "a"), ConfigAssembly(label: "b")])
      recording("Profile", needs: [ConfigAssembly(label: "a")])
    }
    let dump = container.dump()
    #expect(dump.contains("[ConfigAssembly(b)]  replaces"))
    #expect(dump.hasSuffix("(ConfigAssembly(a))"))
    #expect(container.resolve(Config.self).label == "b")
  }

  @Test func staticModulesAreRequirementsIdentifiedByTheirType() {
    let container = Container().install {
      recording("A", needs: [StaticModuleAssembly(module: CountingModule.self)])
      recording("B", needs: [StaticModuleAssembly(module: CountingModule.self)])
    }
    let lines = container.dump().split(separator: "\n")
    #expect(lines.filter { $0.contains("[CountingModule]") }.count == 1)
    #expect(lines.filter { $0.contains("replaces") }.isEmpty)
  }

  @Test func concurrentInstallsOfASharedRequirementInstallItOnce() async {
    let container = Container()
    let network = recording("Network")
    let assemblies = (0..<8).map { recording("Feature\($0)", needs: [network]) }
    await withTaskGroup(of: Void.self) { group in
      for assembly in assemblies {
        group.addTask { container.install { assembly } }
      }
    }
    #expect(log.count("Network") == 1)
    #expect(log.order.count == 9)
  }

  @Test func requirementCycleMessageNamesTheLoop() {
    #expect(
      Installation.cycleMessage(["LoopA", "LoopB", "LoopA"]) == """
        LoomAssembly: assemblies require each other in a cycle
        ├─ Cycle: LoopA → LoopB → LoopA
        └─ To fix: remove one of these requirements, or move what they share into an assembly \
        that each of them requires.
        """)
  }

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aRequirementCycleTraps() async {
      await #expect(processExitsWith: .failure) {
        Container().install { LoopA() }
      }
    }
  #endif
}

/// A static module with one registration.
private enum CountingModule: StaticModule {
  static func register(into container: Container) {
    container.register(ImageCache.self) { _ in ImageCache() }
  }
}
