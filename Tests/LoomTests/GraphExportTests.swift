@_spi(LoomInternals) import Loom
import Testing

@Suite struct GraphExportTests {
  /// A shop: a parent container holds the transport; the child the rest. `Payment` is made by a
  /// closure (observed edges, one to a key-path default), `Storefront` takes it lazily, and a
  /// named `Config` has quotes in its name.
  static func shop() -> DependencyGraph {
    let parent = Container()
    parent.register(lifetime: .singleton, HTTPTransport.init)
    let container = parent.makeChild()
    container.register(lifetime: .singleton, Catalog.init)
    container.register(Basket.init)
    container.register(Storefront.init)
    container.register(Config.self, name: #"eu "west""#, instance: Config(label: "eu"))
    container.register(Payment.self) { r in
      Payment(
        basket: try r.tryResolve(), region: try r.tryResolve(name: #"eu "west""#),
        api: try r.tryResolve(\.api))
    }
    _ = container.resolve(Storefront.self).payment.value
    return container.graph
  }

  /// A graph built by hand with every other feature: a binding, an async node in a parent, a
  /// cycle, an edge both observed and deferred, a missing key, a key-path key with no node yet,
  /// and a node nothing touches.
  static func handMade() -> DependencyGraph {
    let app = DependencyKey(AppCoordinator.self)
    let users = DependencyKey(UserService.self)
    let api = DependencyKey((any APIClient).self)
    return DependencyGraph(
      [
        DependencyGraph.Node(app),
        DependencyGraph.Node(users, lifetime: .singleton, isAsync: true, containerDepth: 1),
        DependencyGraph.Node(api, isBinding: true),
        DependencyGraph.Node(DependencyKey(Clock.self), lifetime: .singleton),
      ],
      edges: [
        DependencyGraph.Edge(app, to: users),
        DependencyGraph.Edge(app, to: api, kind: .observed, isDeferred: true),
        DependencyGraph.Edge(users, to: app),
        DependencyGraph.Edge(users, to: DependencyKey(\Container.requestToken)),
        DependencyGraph.Edge(api, to: DependencyKey(LiveAPIClient.self)),
      ])
  }

  // MARK: - The shop

  @Test func shopAsText() {
    #expect(
      Self.shop().export(.text) == #"""
        Storefront (transient)
        ├─ Basket (transient)
        │  └─ Catalog (singleton)
        │     └─ HTTPTransport (singleton, 1 container up)
        ├─ Catalog (singleton) (see above)
        └─ Payment (transient) [deferred]
           ├─ Basket (transient) [observed] (see above)
           ├─ Config (name: "eu "west"") (singleton) [observed]
           └─ \.api (singleton, 1 container up) [observed]

        """#)
  }

  @Test func shopAsMermaid() {
    #expect(
      Self.shop().export(.mermaid) == #"""
        flowchart TD
          n0["Basket<br/>transient"]
          n1["Catalog<br/>singleton"]
          n2["Config (name: #quot;eu #quot;west#quot;#quot;)<br/>singleton"]
          n3["HTTPTransport<br/>singleton, 1 container up"]
          n4["Payment<br/>transient"]
          n5["Storefront<br/>transient"]
          n6["\.api<br/>singleton, 1 container up"]
          n0 --> n1
          n1 --> n3
          n4 -->|observed| n0
          n4 -->|observed| n2
          n4 -->|observed| n6
          n5 --> n0
          n5 --> n1
          n5 -.-> n4

        """#)
  }

  @Test func shopAsDOT() {
    #expect(
      Self.shop().export(.dot) == #"""
        digraph Loom {
          node [shape=box];
          n0 [label="Basket\ntransient"];
          n1 [label="Catalog\nsingleton"];
          n2 [label="Config (name: \"eu \"west\"\")\nsingleton"];
          n3 [label="HTTPTransport\nsingleton, 1 container up"];
          n4 [label="Payment\ntransient"];
          n5 [label="Storefront\ntransient"];
          n6 [label="\\.api\nsingleton, 1 container up"];
          n0 -> n1;
          n1 -> n3;
          n4 -> n0 [label="observed"];
          n4 -> n2 [label="observed"];
          n4 -> n6 [label="observed"];
          n5 -> n0;
          n5 -> n1;
          n5 -> n4 [style=dashed];
        }

        """#)
  }

  @Test func shopIsValid() {
    #expect(Self.shop().validate().isValid)
  }

  // MARK: - The hand-made graph

  @Test func handMadeAsText() {
    #expect(
      Self.handMade().export(.text) == #"""
        AppCoordinator (transient)
        ├─ any APIClient (transient, binding) [observed, deferred]
        │  └─ LiveAPIClient (missing)
        └─ UserService (singleton, async, 1 container up)
           ├─ AppCoordinator (transient) (cycle)
           └─ \.requestToken (declared default)
        Clock (singleton)

        """#)
  }

  @Test func handMadeAsMermaid() {
    #expect(
      Self.handMade().export(.mermaid) == #"""
        flowchart TD
          n0["any APIClient<br/>transient, binding"]
          n1["AppCoordinator<br/>transient"]
          n2["Clock<br/>singleton"]
          n3["UserService<br/>singleton, async, 1 container up"]
          n4["LiveAPIClient<br/>missing"]:::open
          n5["\.requestToken<br/>declared default"]:::open
          n0 --> n4
          n1 -.->|observed| n0
          n1 --> n3
          n3 --> n1
          n3 --> n5
          classDef open stroke-dasharray: 4 4

        """#)
  }

  @Test func handMadeAsDOT() {
    #expect(
      Self.handMade().export(.dot) == #"""
        digraph Loom {
          node [shape=box];
          n0 [label="any APIClient\ntransient, binding"];
          n1 [label="AppCoordinator\ntransient"];
          n2 [label="Clock\nsingleton"];
          n3 [label="UserService\nsingleton, async, 1 container up"];
          n4 [label="LiveAPIClient\nmissing", style=dashed];
          n5 [label="\\.requestToken\ndeclared default", style=dashed];
          n0 -> n4;
          n1 -> n0 [style=dashed, label="observed"];
          n1 -> n3;
          n3 -> n1;
          n3 -> n5;
        }

        """#)
  }

  // MARK: - Properties of every export

  @Test func theSameGraphAlwaysGivesTheSameBytes() {
    for format in GraphFormat.allCases {
      #expect(Self.shop().export(format) == Self.shop().export(format))
      #expect(Self.handMade().export(format) == Self.handMade().export(format))
    }
  }

  @Test func exportsOfASubgraphShowOnlyWhatIsReachable() {
    let graph = Self.shop().subgraph(reachableFrom: [DependencyKey(Basket.self)])
    #expect(
      graph.export(.text) == """
        Basket (transient)
        └─ Catalog (singleton)
           └─ HTTPTransport (singleton, 1 container up)

        """)
    #expect(
      graph.export(.mermaid) == """
        flowchart TD
          n0["Basket<br/>transient"]
          n1["Catalog<br/>singleton"]
          n2["HTTPTransport<br/>singleton, 1 container up"]
          n0 --> n1
          n1 --> n2

        """)
  }

  @Test func aGraphThatIsOneCycleStartsItsTreeAtTheFirstKey() {
    let container = Container()
    container.register(Engine.init)
    container.register(lifetime: .singleton, Gearbox.init)

    #expect(
      container.graph.export(.text) == """
        Engine (transient)
        └─ Gearbox (singleton)
           └─ Engine (transient) (cycle)

        """)
  }

  @Test func anEmptyGraph() {
    let graph = Container().graph
    #expect(graph.export(.text) == "")
    #expect(graph.export(.mermaid) == "flowchart TD\n")
    #expect(graph.export(.dot) == "digraph Loom {\n  node [shape=box];\n}\n")
  }

  @Test func formatsAreNamedForCommandLines() {
    #expect(GraphFormat.allCases.map(\.rawValue) == ["mermaid", "dot", "text"])
    #expect(GraphFormat(rawValue: "dot") == .dot)
  }
}
