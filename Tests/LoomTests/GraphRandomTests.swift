import Testing

@_spi(LoomInternals) @testable import Loom

/// Randomly generated graphs checked against slow, obviously correct reference algorithms, and
/// graphs too large for recursion.
@Suite struct GraphRandomTests {
  /// One generated graph: `n` nodes named `v0`... with lifetimes, and their edges.
  struct Generated {
    let lifetimes: [Lifetime]
    /// `(from, to, isDeferred)`.
    let edges: [(Int, Int, Bool)]

    var count: Int { lifetimes.count }

    /// Whether `from` has a plain (not deferred) edge to `to`.
    func hasPlainEdge(_ from: Int, _ to: Int) -> Bool {
      edges.contains { $0.0 == from && $0.1 == to && !$0.2 }
    }

    func plainSuccessors(of vertex: Int) -> [Int] {
      edges.filter { $0.0 == vertex && !$0.2 }.map(\.1)
    }
  }

  static let lifetimes: [Lifetime] = [
    .transient, .transient, .transient, .singleton, .weak, .graph, .request, .testSession,
  ]

  /// A graph of 1–40 nodes; half of the seeds give a DAG (edges only to lower numbers), the others
  /// any directed graph, with a density picked per graph.
  static func generate(seed: UInt64) -> Generated {
    var random = SplitMix64(seed: seed)
    let count = Int.random(in: 1...40, using: &random)
    let density = [0.01, 0.03, 0.06, 0.12][Int.random(in: 0..<4, using: &random)]
    let acyclic = seed % 2 == 0
    let lifetimes = (0..<count).map { _ in
      Self.lifetimes[Int.random(in: 0..<Self.lifetimes.count, using: &random)]
    }
    var edges: [(Int, Int, Bool)] = []
    for from in 0..<count {
      for to in 0..<(acyclic ? from : count)
      where Double.random(in: 0..<1, using: &random) < density {
        edges.append((from, to, Double.random(in: 0..<1, using: &random) < 0.15))
      }
    }
    return Generated(lifetimes: lifetimes, edges: edges)
  }

  /// The generated graph as named registrations that declare their edges (deferred ones as
  /// `Provider<GraphNodeValue>` of the name).
  static func register(_ generated: Generated) -> Container {
    let container = Container()
    for vertex in 0..<generated.count {
      let dependencies = generated.edges.filter { $0.0 == vertex }.map { edge in
        edge.2
          ? DependencyKey(Provider<GraphNodeValue>.self, name: "v\(edge.1)")
          : graphNodeKey("v\(edge.1)")
      }
      container.registerGraphNode(
        "v\(vertex)", lifetime: generated.lifetimes[vertex], dependencies: dependencies)
    }
    return container
  }

  // MARK: - References

  /// Whether the plain edges have a cycle: repeatedly remove nodes without plain outgoing edges
  /// to remaining nodes; a cycle is what can never be removed.
  static func referenceHasCycle(_ graph: Generated) -> Bool {
    var remaining = Set(0..<graph.count)
    var removed = true
    while removed {
      removed = false
      for vertex in remaining.sorted()
      where !graph.plainSuccessors(of: vertex).contains(where: remaining.contains) {
        remaining.remove(vertex)
        removed = true
      }
    }
    return !remaining.isEmpty
  }

  /// How many groups of nodes reach each other through plain edges (more than one node, or one
  /// with an edge to itself), from the transitive closure (Floyd–Warshall).
  static func referenceCycleGroupCount(_ graph: Generated) -> Int {
    let count = graph.count
    var reach = [[Bool]](repeating: [Bool](repeating: false, count: count), count: count)
    for (from, to, deferred) in graph.edges where !deferred { reach[from][to] = true }
    for middle in 0..<count {
      for from in 0..<count where reach[from][middle] {
        for to in 0..<count where reach[middle][to] { reach[from][to] = true }
      }
    }
    var groups = Set<[Int]>()
    for vertex in 0..<count where reach[vertex][vertex] {
      groups.insert((0..<count).filter { reach[vertex][$0] && reach[$0][vertex] })
    }
    return groups.count
  }

  /// The cached nodes that hold a shorter-lived one captive, directly or through transients,
  /// by depth-first search from each.
  static func referenceCaptiveHolders(_ graph: Generated) -> Set<Int> {
    var holders = Set<Int>()
    for holder in 0..<graph.count where graph.lifetimes[holder].isCached {
      var seen = Set<Int>()
      var stack = graph.plainSuccessors(of: holder)
      while let vertex = stack.popLast() {
        guard seen.insert(vertex).inserted else { continue }
        let lifetime = graph.lifetimes[vertex]
        if lifetime == .transient || lifetime == .graph {
          // Transient and graph instances belong to their holder: look through them.
          stack += graph.plainSuccessors(of: vertex)
        } else if lifetime.rank < graph.lifetimes[holder].rank {
          holders.insert(holder)
        }
      }
    }
    return holders
  }

  // MARK: - The checks

  @Test func cyclesAreReportedExactlyWhenTheReferenceFindsThem() throws {
    var cyclic = 0
    for seed in UInt64(1)...50 {
      let generated = Self.generate(seed: seed)
      let report = Self.register(generated).validate()
      let cycles = report.problems.filter { $0.code == .cycle }
      let hasCycle = Self.referenceHasCycle(generated)
      if hasCycle { cyclic += 1 }

      #expect(!cycles.isEmpty == hasCycle, "seed \(seed)")
      #expect(cycles.count == Self.referenceCycleGroupCount(generated), "seed \(seed)")
      #expect(!report.problems.contains { $0.code == .missing }, "seed \(seed)")
      #expect(!report.problems.contains { $0.code == .asyncFromSync }, "seed \(seed)")
      // Every reported loop is made of plain edges and closes on its start.
      for cycle in cycles {
        let path = try cycle.path.map { key in try #require(Int(key.name!.dropFirst())) }
        #expect(path.count >= 2 && path.first == path.last, "seed \(seed)")
        #expect(Set(path.dropLast()).count == path.count - 1, "seed \(seed)")
        for (from, to) in zip(path, path.dropFirst()) {
          #expect(generated.hasPlainEdge(from, to), "seed \(seed): \(from) → \(to)")
        }
      }
    }
    // The seeds give both outcomes, so the comparison means something.
    #expect(cyclic >= 5 && cyclic <= 45, "cyclic graphs: \(cyclic)")
  }

  @Test func captivesAreReportedExactlyWhenTheReferenceFindsThem() throws {
    var withCaptives = 0
    for seed in UInt64(1)...50 {
      let generated = Self.generate(seed: seed)
      let report = Self.register(generated).validate()
      let captives = report.problems.filter { $0.code == .captive }
      let paths = try captives.map { problem in
        try problem.path.map { key in try #require(Int(key.name!.dropFirst())) }
      }
      if !captives.isEmpty { withCaptives += 1 }

      // Sound on every graph: each path is plain edges from a cached node, through transient and
      // graph ones, to a shorter-lived node that is neither.
      for path in paths {
        let (holder, held) = (path[0], path[path.count - 1])
        #expect(generated.lifetimes[holder].isCached, "seed \(seed)")
        #expect(![.transient, .graph].contains(generated.lifetimes[held]), "seed \(seed)")
        #expect(generated.lifetimes[held].rank < generated.lifetimes[holder].rank, "seed \(seed)")
        #expect(
          path.dropFirst().dropLast().allSatisfy {
            [.transient, .graph].contains(generated.lifetimes[$0])
          })
        for (from, to) in zip(path, path.dropFirst()) {
          #expect(generated.hasPlainEdge(from, to), "seed \(seed): \(from) → \(to)")
        }
      }
      // Complete where there is no cycle (inside a cycle the look-through may stop short).
      if !Self.referenceHasCycle(generated) {
        #expect(Set(paths.map { $0[0] }) == Self.referenceCaptiveHolders(generated), "seed \(seed)")
      }
    }
    #expect(withCaptives >= 5, "graphs with captives: \(withCaptives)")
  }

  // MARK: - Large graphs

  @Test func aHundredThousandNodeCycleIsFoundWithoutRecursion() throws {
    let count = 100_000
    let keys = (0..<count).map { graphNodeKey("n\($0)") }
    let nodes = keys.map { DependencyGraph.Node($0) }
    let edges = (0..<count).map { DependencyGraph.Edge(keys[$0], to: keys[($0 + 1) % count]) }

    let report = DependencyGraph(nodes, edges: edges).validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.code == .cycle)
    #expect(problem.path.count == count + 1)
    #expect(problem.key == graphNodeKey("n0"))
    #expect(
      problem.summary == """
        dependency cycle: GraphNodeValue (name: "n0") → GraphNodeValue (name: "n1") → \
        GraphNodeValue (name: "n2") → GraphNodeValue (name: "n3") → GraphNodeValue (name: "n4") → \
        … 99991 more … → GraphNodeValue (name: "n99996") → GraphNodeValue (name: "n99997") → \
        GraphNodeValue (name: "n99998") → GraphNodeValue (name: "n99999") → \
        GraphNodeValue (name: "n0")
        """)
  }

  @Test func aHundredThousandNodeDAGValidatesAndExports() {
    let count = 100_000
    var random = SplitMix64(seed: 42)
    let keys = (0..<count).map { graphNodeKey("n\($0)") }
    let nodes = keys.map { DependencyGraph.Node($0, lifetime: .singleton) }
    var edges: [DependencyGraph.Edge] = []
    for vertex in 1..<count {
      // A long spine (a chain as deep as the graph) plus two random earlier nodes.
      edges.append(DependencyGraph.Edge(keys[vertex], to: keys[vertex - 1]))
      for _ in 0..<2 {
        let target = Int.random(in: 0..<vertex, using: &random)
        edges.append(DependencyGraph.Edge(keys[vertex], to: keys[target]))
      }
    }
    let graph = DependencyGraph(nodes, edges: edges)

    #expect(graph.validate().isValid)
    let dot = graph.export(.dot)
    #expect(dot.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } == 3 + count + graph.edges.count)
    #expect(graph.subgraph(reachableFrom: [keys[count - 1]]).nodes.count == count)
  }
}
