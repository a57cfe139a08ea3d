import LoomMacros
import Testing

/// An `@Injectable` implementation of ``APIClient`` whose parameters are resolved by the macro.
@Injectable
final class InjectedAPIClient: APIClient {
  let label: String
  let clock: Clock

  init(@Named("primary") database: Database, @Named(\.clock) clock: Clock, retries: Int = 3) {
    self.label = "injected(\(database.label))"
    self.clock = clock
  }
}

/// An `@Injectable` implementation made by an asynchronous initializer.
@Injectable
final class ConnectingAPIClient: APIClient {
  let label = "connected"
  init() async {}
}

/// An `@Injectable` type that implements no `APIClient`.
@Injectable
final class Bystander: Sendable {
  init() {}
}

@Suite struct ImplementedByTests {
  @Test func registersAnInjectableImplementationForAProtocolInOneCall() throws {
    let container = Container()
    container.register(Database.self, name: "primary") { _ in Database(label: "main") }
    container.register(
      (any APIClient).self, implementedBy: InjectedAPIClient.self, lifetime: .singleton)

    let api = try container.tryResolve((any APIClient).self)

    #expect(api.label == "injected(main)")
    #expect(try container.tryResolve((any APIClient).self) as AnyObject === api as AnyObject)
    #expect(
      container.graph.edges(from: DependencyKey((any APIClient).self)).map(\.to) == [
        DependencyKey(Database.self, name: "primary"), DependencyKey(\Container.clock),
      ])
    #expect(container.validate().isValid)
    // The implementation is not registered under its own key.
    #expect(throws: ResolutionError.self) { try container.tryResolve(InjectedAPIClient.self) }
  }

  @Test func registrationsWithoutALifetimeTakeTheContainersDefault() throws {
    let container = Container()
    container.defaultLifetime = .singleton
    container.register(Bystander.self)
    container.register(Database.self, name: "primary") { _ in Database(label: "main") }
    container.register((any APIClient).self, implementedBy: InjectedAPIClient.self)

    #expect(try container.tryResolve(Bystander.self) === container.tryResolve(Bystander.self))
    let api = try container.tryResolve((any APIClient).self)
    #expect(try container.tryResolve((any APIClient).self) as AnyObject === api as AnyObject)
    #expect(container.graph.node(for: DependencyKey(Bystander.self))?.lifetime == .singleton)
  }

  @Test func anAsyncInitializerRegistersAnAsyncImplementation() async throws {
    let container = Container()
    container.register(
      (any APIClient).self, name: "remote", implementedBy: ConnectingAPIClient.self)

    let api = try await container.tryResolveAsync((any APIClient).self, name: "remote")

    #expect(api.label == "connected")
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve((any APIClient).self, name: "remote")
    }
    #expect(error.code == .asyncRequired)
  }

  @Test func anImplementationOfAnotherTypeIsATypeMismatchNamingBoth() throws {
    let container = Container()
    container.register((any APIClient).self, implementedBy: Bystander.self)

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve((any APIClient).self)
    }

    #expect(error.code == .typeMismatch)
    #expect(
      error.description == """
        ResolutionError: Bystander does not conform to any APIClient
        ├─ Resolved via: any APIClient
        ├─ Requested at: LoomMacrosTests/ImplementedByTests.swift:\(line + 1)
        └─ To fix: implement any APIClient with a type that conforms to any APIClient (or, for a \
        class, a subclass of it), or register it with a factory.
        """)
  }
}
