import LoomMacros
import Testing

@Suite struct ComponentGraphTests {
  @Test func theGraphIsTheDeclaredWiring() {
    let graph = AppComponent.graph
    let names = graph.nodes.map { $0.key.name ?? "" }.sorted()
    #expect(
      names == [
        "api", "authToken", "config", "database", "log", "profile", "session", "session.api",
        "session.session", "session.token", "users",
      ])
    let edges = Set(graph.edges.map { "\($0.from.name ?? "") → \($0.to.name ?? "")" })
    #expect(
      edges == [
        "api → config", "database → config", "users → api", "users → database",
        "profile → users", "session → api", "session → authToken",
        "session.session → session.api", "session.session → session.token",
        "session.api → api", "session.token → authToken",
      ])
    #expect(
      graph.node(for: DependencyKey(UserService.self, name: "users"))?.location.line == 21)
    let database = graph.nodes.first { $0.key.name == "database" }
    #expect(database?.isAsync == true)
    #expect(database?.lifetime == .singleton)
    #expect(database?.origin == "AppComponent")
    #expect(graph.nodes.first { $0.key.name == "profile" }?.lifetime == .transient)
    #expect(graph.nodes.first { $0.key.name == "session.token" }?.origin == "SessionComponent")
    #expect(graph.validate().isValid)
  }

  @Test func deferredEdgesAreMarkedAndBreakNoCycle() {
    let graph = AnalyticsComponent.graph
    let deferred = graph.edges.filter(\.isDeferred).map { "\($0.from.name!) → \($0.to.name!)" }
    #expect(deferred.sorted() == ["analytics → event", "analytics → tracker"])
    #expect(graph.validate().isValid)
  }

  @Test func aOnceMemberHasTheOnceLifetime() {
    let clock = ClockComponent.graph.nodes.first { $0.key.name == "clock" }
    #expect(clock?.lifetime.description == "once")
  }
}
