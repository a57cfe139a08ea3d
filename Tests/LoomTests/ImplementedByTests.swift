import Loom
import Testing

/// An implementation of ``APIClient`` with a dependency, for auto-wiring.
final class LoggingAPIClient: APIClient {
  let label = "logging"
  let logger: Logger

  init(logger: Logger) {
    self.logger = logger
  }
}

@Suite struct ImplementedByTests {
  @Test func registersAnAutoWiredImplementationForAProtocolInOneCall() throws {
    let container = Container()
    container.register(lifetime: .singleton, Logger.init)
    container.register(Clock.init)
    container.register(
      (any APIClient).self, implementedBy: LoggingAPIClient.init, lifetime: .singleton)

    let api = try container.tryResolve((any APIClient).self)

    #expect(api is LoggingAPIClient)
    #expect(try container.tryResolve((any APIClient).self) as AnyObject === api as AnyObject)
    #expect(
      container.graph.edges(from: DependencyKey((any APIClient).self)).map(\.to) == [
        DependencyKey(Logger.self)
      ])
    #expect(container.graph.node(for: DependencyKey((any APIClient).self))?.lifetime == .singleton)
    #expect(container.validate().isValid)
  }

  @Test func theImplementationIsNotRegisteredUnderItsOwnKey() throws {
    let container = Container()
    container.register(Clock.init)
    container.register(Logger.init)
    container.register((any APIClient).self, name: "logged", implementedBy: LoggingAPIClient.init)

    #expect(try container.tryResolve((any APIClient).self, name: "logged").label == "logging")
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(LoggingAPIClient.self)
    }
    #expect(error.code == .notRegistered)
  }

  @Test func aMissingParameterOfTheImplementationNamesTheChain() throws {
    let container = Container()
    container.register((any APIClient).self, implementedBy: LoggingAPIClient.init)

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve((any APIClient).self)
    }

    #expect(error.code == .notRegistered)
    #expect(error.path == "any APIClient → Logger")
  }
}
