import Loom
import LoomAssembly
import Testing

/// A class that is not `Sendable`, as an app's HTTP client often is.
private final class Socket {
  var opened = 0
}

/// A protocol that does not refine `Sendable`, used on the main actor.
@MainActor private protocol Panel: AnyObject {
  var name: String { get }
}

@MainActor private final class SettingsPanel: Panel {
  let name = "settings"
}

@MainActor
private func panelRegistrations() -> Registrations {
  Registrations {
    Register((any Panel).self, lifetime: .mainActor(.singleton)) { _ in SettingsPanel() }
    Singleton(SettingsPanel.self) { _ in SettingsPanel() }
  }
}

@Suite struct NonSendableDSLTests {
  @Test func registerTakesAValueThatIsNotSendableWithAConfinedLifetime() throws {
    let container = Container()
    Registrations {
      Register(Socket.self, lifetime: .transient) { _ in Socket() }
    }
    .register(into: container)
    #expect(try container.tryResolve(Socket.self) !== container.tryResolve(Socket.self))
  }

  @MainActor
  @Test func registrationsWrittenOnTheMainActorMakeTheirValuesThere() throws {
    let container = Container()
    panelRegistrations().register(into: container)
    let panel = try container.tryResolve((any Panel).self)
    #expect(panel === (try container.tryResolve((any Panel).self)))
    #expect(panel.name == "settings")
    #expect(container.dump().contains("main actor"))
  }
}
