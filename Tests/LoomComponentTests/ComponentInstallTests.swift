import LoomMacros
import Testing

@Suite struct ComponentInstallTests {
  @Test func anInstalledComponentsMembersAreRegistrations() async throws {
    let container = Container()
    let log = StepLog()
    let app = AppComponent(config: AppConfig(), authToken: "t", log: log)
    app.install(into: container)
    #expect(container.resolve((any APIClient).self, name: "api") === app.api)
    #expect(container.resolve((any APIClient).self) === app.api)  // unique type: bound by type
    let users = try await container.tryResolveAsync(UserService.self)
    #expect(users === (try await app.users))
    #expect(container.resolve(SessionComponent.self).token == "t")
    #expect(container.resolve(String.self, name: "authToken") == "t")
    try await container.bootstrap()
    #expect(log.values == ["migrate", "warmUp"])
  }

  @Test func membersThatShareATypeAreOnlyRegisteredByName() throws {
    let container = Container()
    let component = CountingComponent(counter: BuildCounter())
    component.install(into: container)
    #expect(container.resolve(Heavy.self, name: "heavy") === component.heavy)
    #expect(try container.resolveIfRegistered(Heavy.self) == nil)
    #expect(container.resolve(BuildCounter.self) === component.counter)
  }

  @Test func theContainersGraphHasTheComponentsNodesAndEdges() {
    let container = Container()
    AppComponent(config: AppConfig(), authToken: "t", log: StepLog()).install(into: container)
    let graph = container.graph
    let users = graph.edges(from: DependencyKey(UserService.self, name: "users")).map(\.to)
    #expect(
      Set(users) == [
        DependencyKey((any APIClient).self, name: "api"),
        DependencyKey(Database.self, name: "database"),
      ])
    #expect(graph.validate().isValid)
  }
}
