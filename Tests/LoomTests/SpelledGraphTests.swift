import Loom
import Testing

/// Graphs built from keys known only by their spelling (what loom-graph reads from source).
@Suite struct SpelledGraphTests {
  @Test func spelledKeysDescribeThemselvesAsWritten() {
    #expect(DependencyKey(typeNamed: "Database").description == "Database")
    #expect(
      DependencyKey(typeNamed: "any APIClient", name: "primary").description
        == #"any APIClient (name: "primary")"#)
    #expect(DependencyKey(keyPathNamed: "api").description == #"\.api"#)
    #expect(DependencyKey(typeNamed: "Database", name: "main").name == "main")
    #expect(DependencyKey(keyPathNamed: "api").isKeyPath)
    #expect(!DependencyKey(typeNamed: "Database").isKeyPath)
    #expect(
      ObjectIdentifier(DependencyKey(typeNamed: "Database").valueType) == ObjectIdentifier(Any.self)
    )
  }

  @Test func spelledKeysAreEqualOnlyToTheSameSpelling() {
    #expect(DependencyKey(typeNamed: "Database") == DependencyKey(typeNamed: "Database"))
    #expect(DependencyKey(typeNamed: "Database") != DependencyKey(typeNamed: "Database", name: "a"))
    #expect(DependencyKey(keyPathNamed: "api") != DependencyKey(typeNamed: "api"))
    // A spelling never stands for a real type: the two come from different worlds.
    #expect(DependencyKey(typeNamed: "Int") != DependencyKey(Int.self))
    let keys: Set = [DependencyKey(typeNamed: "A"), DependencyKey(typeNamed: "A")]
    #expect(keys.count == 1)
  }

  @Test func aSpelledGraphValidatesLikeAContainersGraph() {
    let auth = DependencyKey(typeNamed: "AuthService")
    let tokens = DependencyKey(typeNamed: "TokenStore")
    let graph = DependencyGraph(
      nodes: [
        DependencyGraph.Node(key: auth, lifetime: .singleton),
        DependencyGraph.Node(key: tokens, lifetime: .singleton),
      ],
      edges: [
        DependencyGraph.Edge(from: auth, to: tokens),
        DependencyGraph.Edge(from: tokens, to: auth),
        DependencyGraph.Edge(from: tokens, to: DependencyKey(typeNamed: "Clock")),
        DependencyGraph.Edge(from: auth, to: DependencyKey(keyPathNamed: "config")),
      ])

    let problems = graph.validate().problems
    #expect(problems.map(\.code) == [.missing, .cycle])
    #expect(
      problems.map(\.summary) == [
        "no registration for Clock", "dependency cycle: AuthService → TokenStore → AuthService",
      ])
  }

  @Test func spelledKeysDrawInClustersLikeAnyOther() {
    let config = DependencyKey(typeNamed: "AppConfig", name: "AppComponent.config")
    let api = DependencyKey(typeNamed: "APIClient", name: "AppComponent.api")
    let graph = DependencyGraph(
      nodes: [
        DependencyGraph.Node(key: config, lifetime: .singleton),
        DependencyGraph.Node(key: api, lifetime: .singleton),
      ],
      edges: [DependencyGraph.Edge(from: api, to: config)])

    #expect(
      DependencyGraph.export(
        [DependencyGraph.Cluster(title: "AppComponent", graph: graph)], as: .text)
          == """
          AppComponent
            APIClient (name: "AppComponent.api") (singleton)
            └─ AppConfig (name: "AppComponent.config") (singleton)

          """)
  }
}
