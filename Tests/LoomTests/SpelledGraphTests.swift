@_spi(LoomInternals) import Loom
import Testing

/// Graphs built from keys known only by their spelling (what loom-graph reads from source).
@Suite struct SpelledGraphTests {
  @Test func spelledKeysDescribeThemselvesAsWritten() {
    #expect(DependencyKey(spelledType: "Database").description == "Database")
    #expect(
      DependencyKey(spelledType: "any APIClient", name: "primary").description
        == #"any APIClient (name: "primary")"#)
    #expect(DependencyKey(spelledKeyPath: "api").description == #"\.api"#)
    #expect(DependencyKey(spelledType: "Database", name: "main").name == "main")
    #expect(DependencyKey(spelledKeyPath: "api").isKeyPath)
    #expect(!DependencyKey(spelledType: "Database").isKeyPath)
    #expect(
      ObjectIdentifier(DependencyKey(spelledType: "Database").valueType)
        == ObjectIdentifier(Any.self)
    )
  }

  @Test func spelledKeysAreEqualOnlyToTheSameSpelling() {
    #expect(DependencyKey(spelledType: "Database") == DependencyKey(spelledType: "Database"))
    #expect(
      DependencyKey(spelledType: "Database") != DependencyKey(spelledType: "Database", name: "a"))
    #expect(DependencyKey(spelledKeyPath: "api") != DependencyKey(spelledType: "api"))
    // A spelling never stands for a real type: the two come from different worlds.
    #expect(DependencyKey(spelledType: "Int") != DependencyKey(Int.self))
    let keys: Set = [DependencyKey(spelledType: "A"), DependencyKey(spelledType: "A")]
    #expect(keys.count == 1)
  }

  @Test func aSpelledGraphValidatesLikeAContainersGraph() {
    let auth = DependencyKey(spelledType: "AuthService")
    let tokens = DependencyKey(spelledType: "TokenStore")
    let graph = DependencyGraph(
      [
        DependencyGraph.Node(auth, lifetime: .singleton),
        DependencyGraph.Node(tokens, lifetime: .singleton),
      ],
      edges: [
        DependencyGraph.Edge(auth, to: tokens),
        DependencyGraph.Edge(tokens, to: auth),
        DependencyGraph.Edge(tokens, to: DependencyKey(spelledType: "Clock")),
        DependencyGraph.Edge(auth, to: DependencyKey(spelledKeyPath: "config")),
      ])

    let problems = graph.validate().problems
    #expect(problems.map(\.code) == [.missing, .cycle])
    #expect(
      problems.map(\.summary) == [
        "no registration for Clock", "dependency cycle: AuthService → TokenStore → AuthService",
      ])
  }

  @Test func spelledKeysDrawInClustersLikeAnyOther() {
    let config = DependencyKey(spelledType: "AppConfig", name: "AppComponent.config")
    let api = DependencyKey(spelledType: "APIClient", name: "AppComponent.api")
    let graph = DependencyGraph(
      [
        DependencyGraph.Node(config, lifetime: .singleton),
        DependencyGraph.Node(api, lifetime: .singleton),
      ],
      edges: [DependencyGraph.Edge(api, to: config)])

    #expect(
      DependencyGraph.export(
        clusters: [DependencyGraph.Cluster("AppComponent", graph: graph)], as: .text)
          == """
          AppComponent
            APIClient (name: "AppComponent.api") (singleton)
            └─ AppConfig (name: "AppComponent.config") (singleton)

          """)
  }
}
