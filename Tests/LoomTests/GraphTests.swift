import Testing

@_spi(LoomInternals) @testable import Loom

// NB: expected locations are computed from `#line`; keep each registration on the line the
// offset names.

@Suite struct GraphTests {
  @Test func nodesCarryKeyLifetimeLocationAndAreSortedByDescription() {
    let container = Container()
    let line = #line
    container.register(lifetime: .singleton, Catalog.init)
    container.register(Basket.init)
    container.register(HTTPTransport.self, lifetime: .weak) { _ in HTTPTransport() }

    let graph = container.graph
    #expect(graph.nodes.map(\.key.description) == ["Basket", "Catalog", "HTTPTransport"])
    let catalog = graph.node(for: DependencyKey(Catalog.self))
    #expect(catalog?.lifetime == .singleton)
    #expect(catalog?.location == CodeLocation(fileID: #fileID, line: UInt(line + 1)))
    #expect(catalog?.containerDepth == 0)
    #expect(catalog?.isAsync == false)
    #expect(catalog?.isBinding == false)
    #expect(
      catalog?.description == "Catalog (singleton) at LoomTests/GraphTests.swift:\(line + 1)")
    #expect(graph.node(for: DependencyKey(Database.self)) == nil)
  }

  @Test func autoWiredInitializersDeclareTheirEdgesWithoutRunning() {
    let container = Container()
    container.register(Storefront.init)
    container.register(Basket.init)

    let graph = container.graph
    #expect(
      graph.edges(from: DependencyKey(Storefront.self)) == [
        DependencyGraph.Edge(DependencyKey(Storefront.self), to: DependencyKey(Basket.self)),
        DependencyGraph.Edge(DependencyKey(Storefront.self), to: DependencyKey(Catalog.self)),
        DependencyGraph.Edge(
          DependencyKey(Storefront.self), to: DependencyKey(Payment.self), isDeferred: true),
      ])
    #expect(graph.edges.count == 4)
    #expect(graph.edges.allSatisfy { $0.kind == .declared })
  }

  @Test func closureFactoriesGetObservedEdgesAfterTheirFirstResolve() throws {
    let container = Container()
    container.register(HTTPTransport.self, lifetime: .singleton) { _ in HTTPTransport() }
    container.register(Catalog.self) { r in Catalog(http: try r.tryResolve()) }
    #expect(container.graph.edges.isEmpty)

    _ = container.resolve(Catalog.self)
    _ = container.resolve(Catalog.self)
    #expect(
      container.graph.edges == [
        DependencyGraph.Edge(
          DependencyKey(Catalog.self), to: DependencyKey(HTTPTransport.self),
          kind: .observed)
      ])
  }

  @Test func aBuiltSingletonResolvedThroughACapturedContainerIsAnObservedEdge() throws {
    let container = Container()
    container.register(HTTPTransport.self, lifetime: .singleton) { _ in HTTPTransport() }
    _ = container.resolve(HTTPTransport.self)  // built and published: the fast path serves it
    container.register(Catalog.self) { _ in Catalog(http: container.resolve(HTTPTransport.self)) }

    _ = try collectingRegistrationWarnings { try container.tryResolve(Catalog.self) }
    let edge = DependencyGraph.Edge(
      DependencyKey(Catalog.self), to: DependencyKey(HTTPTransport.self), kind: .observed)
    #expect(container.graph.edges == [edge])
    // A resolve outside any factory records nothing.
    _ = container.resolve(HTTPTransport.self)
    #expect(container.graph.edges == [edge])
  }

  @Test func childOverridesHideTheParentsNodeAndDepthsAreRecorded() {
    let root = Container()
    root.register(lifetime: .singleton, HTTPTransport.init)
    root.register(Catalog.self, lifetime: .singleton) { r in Catalog(http: try r.tryResolve()) }
    let middle = root.makeChild()
    middle.register(Basket.init)
    let child = middle.makeChild()
    child.register(Catalog.init)

    let nodes = child.graph.nodes
    #expect(nodes.map(\.key.description) == ["Basket", "Catalog", "HTTPTransport"])
    #expect(nodes.map(\.containerDepth) == [1, 0, 2])
    #expect(nodes[1].lifetime == .transient)
    #expect(
      nodes.map { "\($0.key) (\($0.detail))" } == [
        "Basket (transient, 1 container up)", "Catalog (transient)",
        "HTTPTransport (singleton, 2 containers up)",
      ])
    #expect(root.graph.nodes.map(\.containerDepth) == [0, 0])
  }

  @Test func bindingsAreNodesWithADeclaredEdgeToTheirImplementation() {
    let container = Container()
    container.register(lifetime: .singleton, LiveAPIClient.init)
    container.bind((any APIClient).self, to: LiveAPIClient.self)

    let graph = container.graph
    let binding = graph.node(for: DependencyKey((any APIClient).self))
    #expect(binding?.isBinding == true)
    #expect(binding?.lifetime == .transient)
    #expect(
      graph.edges == [
        DependencyGraph.Edge(
          DependencyKey((any APIClient).self), to: DependencyKey(LiveAPIClient.self))
      ])
  }

  @Test func keyPathDefaultsBecomeNodesOnceResolved() {
    let container = Container()
    let child = container.makeChild()
    #expect(child.graph.nodes.isEmpty)

    _ = child.resolve(\.api)
    let node = child.graph.node(for: DependencyKey(\Container.api))
    #expect(node?.lifetime == .singleton)
    #expect(node?.containerDepth == 1)  // a default lives in the root container
    #expect(node?.key.description == "\\.api")
  }

  @Test func asyncRegistrationsAreMarkedAsync() {
    let container = Container()
    container.register(SessionStore.self, lifetime: .singleton) { _ async in SessionStore() }
    container.register(ProfileModel.init)

    let graph = container.graph
    #expect(graph.node(for: DependencyKey(SessionStore.self))?.isAsync == true)
    #expect(graph.node(for: DependencyKey(ProfileModel.self))?.isAsync == false)
  }

  @Test func nodesRecordWhichModuleRegisteredThem() {
    let container = Container()
    Container.withRegistrationOrigin("ShopAssembly") {
      container.register(Basket.init)
    }
    container.register(lifetime: .singleton, Catalog.init)

    let graph = container.graph
    #expect(graph.node(for: DependencyKey(Basket.self))?.origin == "ShopAssembly")
    #expect(graph.node(for: DependencyKey(Catalog.self))?.origin == nil)
    #expect(
      graph.export(.text) == """
        Basket (transient, from ShopAssembly)
        └─ Catalog (singleton)
           └─ HTTPTransport (missing)

        """)
  }

  // MARK: - Graphs built by hand

  @Test func handMadeGraphsAreNormalised() {
    let a = graphNodeKey("a")
    let b = graphNodeKey("b")
    let nodes = [
      DependencyGraph.Node(b, lifetime: .singleton, containerDepth: 2),
      DependencyGraph.Node(a),
      DependencyGraph.Node(b, lifetime: .weak, containerDepth: 1),
    ]
    let edges = [
      DependencyGraph.Edge(a, to: b),
      DependencyGraph.Edge(a, to: b),
      DependencyGraph.Edge(a, to: DependencyKey(Lazy<Thumbnail>.self)),
      DependencyGraph.Edge(graphNodeKey("nowhere"), to: a),
      DependencyGraph.Edge(b, to: a, kind: .observed),
    ]

    let graph = DependencyGraph(nodes, edges: edges)
    // The duplicate with the smaller depth is kept.
    #expect(graph.nodes.map(\.lifetime) == [.transient, .weak])
    #expect(
      graph.edges.map(\.description) == [
        #"GraphNodeValue (name: "a") → GraphNodeValue (name: "b")"#,
        #"GraphNodeValue (name: "a") → Thumbnail (deferred)"#,
        #"GraphNodeValue (name: "b") → GraphNodeValue (name: "a") (observed)"#,
      ])
  }

  @Test func theSameNodesAndEdgesInAnyOrderGiveTheSameGraph() {
    var generator = SplitMix64(seed: 7)
    let keys = (0..<30).map { graphNodeKey("k\($0)") }
    let nodes = keys.map { DependencyGraph.Node($0, fileID: "A/B.swift", line: 1) }
    var edges: [DependencyGraph.Edge] = []
    for _ in 0..<90 {
      let from = keys[Int.random(in: 0..<30, using: &generator)]
      let to = keys[Int.random(in: 0..<30, using: &generator)]
      edges.append(
        DependencyGraph.Edge(from, to: to, isDeferred: Bool.random(using: &generator)))
    }
    let graph = DependencyGraph(nodes, edges: edges)
    let shuffled = DependencyGraph(
      nodes.shuffled(using: &generator), edges: edges.shuffled(using: &generator))

    #expect(graph.nodes == shuffled.nodes)
    #expect(graph.edges == shuffled.edges)
    for format in GraphFormat.allCases {
      #expect(graph.export(format) == shuffled.export(format))
    }
    #expect(graph.validate().description == shuffled.validate().description)
  }

  @Test func subgraphKeepsOnlyWhatTheRootsReach() {
    let container = Container()
    container.register(lifetime: .singleton, HTTPTransport.init)
    container.register(lifetime: .singleton, Catalog.init)
    container.register(Basket.init)
    container.register(Storefront.init)
    container.register(Payment.self) { _ in throw DiskFull() }
    container.register(lifetime: .singleton, LiveAPIClient.init)

    let graph = container.graph
    let basket = graph.subgraph(reachableFrom: [DependencyKey(Basket.self)])
    #expect(basket.nodes.map(\.key.description) == ["Basket", "Catalog", "HTTPTransport"])
    #expect(basket.edges.count == 2)

    let storefront = graph.subgraph(reachableFrom: [
      DependencyKey(Storefront.self), DependencyKey(Database.self),
    ])
    #expect(
      storefront.nodes.map(\.key.description) == [
        "Basket", "Catalog", "HTTPTransport", "Payment", "Storefront",
      ])
    #expect(graph.subgraph(reachableFrom: []).nodes.isEmpty)
  }

  @Test func keyDescriptionsInTheGraphMatchTheKeysOwn() {
    let keys = [
      DependencyKey(Database.self), DependencyKey(Database.self, name: "replica \"2\""),
      DependencyKey((any APIClient).self), DependencyKey(\Container.api),
      DependencyKey(Lazy<Database>.self), DependencyKey(Leaf<Left<Right<Int>>>.self),
    ]
    var namer = KeyNamer()
    for key in keys + keys {
      #expect(namer.describe(key) == key.description)
    }
  }
}
