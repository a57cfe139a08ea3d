import Loom
import LoomAssembly
import Testing

// NB: the expected dumps contain the lines of the registrations, computed from each assembly's
// `line`; keep the registrations at the offsets used in the tests.

private struct ReleaseStorage: Assembly {
  static let line = #line
  var registrations: Registrations {
    Singleton(Database.self) { _ in Database(label: "disk") }
    Singleton(Config.self) { _ in Config(label: "release") }
  }
}

private struct DebugStorage: Assembly {
  static let line = #line
  var registrations: Registrations {
    Singleton(Database.self) { _ in Database(label: "memory") }
  }
}

/// An imperative assembly that requires ``ReleaseStorage`` and overrides its `Config`.
private struct ImperativeAssembly: Assembly {
  static let line = #line
  var requirements: [any Assembly] { ReleaseStorage() }
  func assemble(into container: Container) {
    container.register(Config.self, instance: Config(label: "imperative"))
    container.register(lifetime: .singleton, HTTPClient.init)
  }
}

@Suite struct OrderAndProvenanceTests {
  private let file = "LoomAssemblyTests/OrderAndProvenanceTests.swift"

  @Test func theLaterAssemblyWinsAndDumpShowsWhichOneItReplaced() {
    let container = Container().install {
      ReleaseStorage()
      DebugStorage()
    }
    let release = ReleaseStorage.line
    let debug = DebugStorage.line
    #expect(
      container.dump() == """
        Container: 2 registrations
          Database  singleton  \(file):\(debug + 2) [DebugStorage]    replaces \(file):\(release + 2) (ReleaseStorage)
          Config    singleton  \(file):\(release + 3) [ReleaseStorage]
        """)
    #expect(container.resolve(Database.self).label == "memory")
  }

  @Test func reversingTheOrderReversesTheWinner() {
    let container = Container().install {
      DebugStorage()
      ReleaseStorage()
    }
    let release = ReleaseStorage.line
    let debug = DebugStorage.line
    #expect(
      container.dump() == """
        Container: 2 registrations
          Database  singleton  \(file):\(release + 2) [ReleaseStorage]  replaces \(file):\(debug + 2) (DebugStorage)
          Config    singleton  \(file):\(release + 3) [ReleaseStorage]
        """)
    #expect(container.resolve(Database.self).label == "disk")
  }

  @Test func aLaterInstallOverridesAnEarlierOne() {
    let container = Container()
    container.install { ReleaseStorage() }
    #expect(container.resolve(Database.self).label == "disk")
    container.install { DebugStorage() }
    #expect(container.resolve(Database.self).label == "memory")
  }

  @Test func requirementsAndImperativeAssembliesAreAttributedToTheirNames() {
    let container = Container().install { ImperativeAssembly() }
    let release = ReleaseStorage.line
    let imperative = ImperativeAssembly.line
    #expect(
      container.dump() == """
        Container: 3 registrations
          Database    singleton  \(file):\(release + 2) [ReleaseStorage]
          Config      singleton  \(file):\(imperative + 3) [ImperativeAssembly]  replaces \(file):\(release + 3) (ReleaseStorage)
          HTTPClient  singleton  \(file):\(imperative + 4) [ImperativeAssembly]  depends on Config
        """)
  }

  @Test func parameterisedAssembliesAreAttributedToTheirOwnNames() {
    let container = Container().install {
      ConfigAssembly(label: "base")
      ConfigAssembly(label: "override")
    }
    let dump = container.dump()
    #expect(dump.contains("[ConfigAssembly(override)]  replaces "))
    #expect(dump.hasSuffix("(ConfigAssembly(base))"))
    #expect(container.resolve(Config.self).label == "override")
  }

  @Test func registrationsOutsideAnAssemblyHaveNoOrigin() {
    let container = Container().install { ReleaseStorage() }
    let line = #line
    container.register(Database.self) { _ in Database(label: "manual") }
    #expect(
      container.dump() == """
        Container: 2 registrations
          Database  transient  \(file):\(line + 1)                  replaces \(file):\(ReleaseStorage.line + 2) (ReleaseStorage)
          Config    singleton  \(file):\(ReleaseStorage.line + 3) [ReleaseStorage]
        """)
  }

  @Test func theSameWiringAlwaysGivesTheSameDump() {
    func wire() -> Container {
      Container().install {
        ImperativeAssembly()
        DebugStorage()
        NetworkAssembly()
      }
    }
    #expect(wire().dump() == wire().dump())
    #expect(wire().graph.export(.text) == wire().graph.export(.text))
  }
}
