import BenchFixtures
@_spi(LoomInternals) import Loom

// The `validate.*` cases: build a `DependencyGraph` of a generated random DAG, validate it and
// export it as DOT, reported in ns per node.
//
// NB: the graphs are built with `DependencyGraph(_:edges:)` (`@_spi(LoomInternals)`), not from a
// container: 100,000 distinct keys are names of one type, and registering names with declared
// dependencies needs the core's internal `add` (reachable only through `@testable import`, which a
// release build cannot use). What a container adds on top (`container.graph` reading its registrations)
// is not timed.

/// The value type of the generated graphs' nodes: every node is a name of it.
struct BenchGraphNode: Sendable {}

/// The sizes measured (their cases are listed in `allCases`).
enum GraphBench {
  static let sizes: [(name: String, nodes: Int)] = [
    ("validate.1k", 1_000), ("validate.10k", 10_000), ("validate.100k", 100_000),
  ]

  /// One runner per size; the 100k one also reports `validate.growth`, the same figure as a
  /// ratio to `validate.1k` (a diagnostic row, for the goal that validation grows no faster than
  /// linearly: at most 2).
  static func runners() -> [any Runner] {
    sizes.map { size in
      GraphRunner(
        name: size.name, nodeCount: size.nodes,
        alsoReportedAs: size.nodes == 100_000 ? "validate.growth" : nil)
    }
  }

  /// A random DAG of `count` nodes: node `i` (a name of ``BenchGraphNode``) depends on up to three
  /// random earlier nodes, one edge in ten through a `Provider`; lifetimes are transient or
  /// singleton at random, so no edge is captive and the graph is valid.
  static func randomDAG(count: Int) -> (
    nodes: [DependencyGraph.Node], edges: [DependencyGraph.Edge]
  ) {
    var random = BenchRandom(seed: 0x5EED_0000 &+ UInt64(count))
    let keys = (0..<count).map { DependencyKey(BenchGraphNode.self, name: "n\($0)") }
    let nodes = keys.map { key in
      DependencyGraph.Node(
        key, lifetime: random.next() & 1 == 0 ? .transient : .singleton,
        fileID: "Bench/Generated.swift", line: 1)
    }
    var edges: [DependencyGraph.Edge] = []
    edges.reserveCapacity(3 * count)
    for vertex in 1..<max(count, 1) {
      for _ in 0..<min(vertex, 3) {
        let target = Int(random.next() % UInt64(vertex))
        edges.append(
          DependencyGraph.Edge(
            keys[vertex], to: keys[target], isDeferred: random.next() % 10 == 0))
      }
    }
    return (nodes, edges)
  }
}

/// Rounds of: `DependencyGraph(_:edges:)`, `validate()` and `export(.dot)` of one generated
/// DAG (made once, before timing). Yields ns per node.
struct GraphRunner: Runner {
  let name: String
  let nodeCount: Int
  /// A second case that reports the same figure (`validate.growth`).
  let alsoReportedAs: String?
  var nodes: [DependencyGraph.Node] = []
  var edges: [DependencyGraph.Edge] = []
  var rounds = 1

  init(name: String, nodeCount: Int, alsoReportedAs: String?) {
    self.name = name
    self.nodeCount = nodeCount
    self.alsoReportedAs = alsoReportedAs
  }

  var cases: [String] { [name] + (alsoReportedAs.map { [$0] } ?? []) }

  mutating func calibrate(toward nanoseconds: Double) {
    (nodes, edges) = GraphBench.randomDAG(count: nodeCount)
    // The generated graph must be valid, or the case would also time the report's text.
    let report = DependencyGraph(nodes, edges: edges).validate()
    precondition(report.isValid, "loom-bench: the generated graph is not valid:\n\(report)")
    _ = measure(rounds: 1)
    rounds = max(1, Int(nanoseconds / measure(rounds: 1)))
  }

  func sample() -> [Sample] {
    let perNode = measure(rounds: rounds) / Double(rounds * nodeCount)
    return cases.map { Sample(name: $0, nanosecondsPerOperation: perNode) }
  }

  func profile(iterations: Int) {
    var runner = self
    if runner.nodes.isEmpty {
      (runner.nodes, runner.edges) = GraphBench.randomDAG(count: nodeCount)
    }
    _ = runner.measure(rounds: max(1, iterations / nodeCount))
  }

  /// The total time of `rounds` rounds.
  private func measure(rounds: Int) -> Double {
    var total = 0.0
    var bits: UInt = 0
    for _ in 0..<rounds {
      total += timed {
        let graph = DependencyGraph(nodes, edges: edges)
        let report = graph.validate()
        let dot = graph.export(.dot)
        bits &+= UInt(report.problems.count) &+ UInt(dot.utf8.count)
      }
    }
    benchSink(bits)
    return total
  }
}

/// SplitMix64: the same graphs on every run.
struct BenchRandom {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
