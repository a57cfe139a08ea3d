/// A snapshot of the registrations a container sees and of the dependencies between them.
///
/// Get one from ``Container/graph``: a node for every registration of the container and of its
/// ancestors (an override in a child hides the ancestor's node for the same key; each node records
/// the ``Node/containerDepth`` it comes from), and an edge for every dependency known so far:
///
/// - **declared** edges are known without running anything: the parameters of an auto-wired
///   initializer (`register(UserService.init)`) and the target of a binding;
/// - **observed** edges are recorded the first time a closure factory (`{ r in ... }`) runs, one
///   for each dependency it resolved.
///
/// An edge to a ``Lazy`` or ``Provider`` points to the dependency the handle resolves and is
/// ``Edge/isDeferred``: it never forms a cycle. An edge may point to a key that has no node: a
/// missing registration, or a key-path dependency whose default factory has not run yet.
///
/// ```swift
/// let graph = container.graph
/// print(graph.nodes.count, graph.edges.count)
/// print(graph.export(.mermaid))
///
/// let report = graph.validate()  // every missing dependency, cycle, captive lifetime...
/// try report.throwIfInvalid()
/// ```
///
/// The graph is a value: it does not change when the container does. Its ``nodes`` are sorted by
/// the description of their key (then by container depth) and its ``edges`` by their source, then
/// their target, so the same registrations always give the same graph and the same exported bytes.
public struct DependencyGraph: Sendable {
  /// Every node, sorted by the description of its key, then by ``Node/containerDepth``.
  ///
  /// ```swift
  /// for node in container.graph.nodes { print(node) }
  /// ```
  public let nodes: [Node]
  /// Every edge, sorted by the position of its source in ``nodes``, then of its target (targets
  /// without a node come after all nodes, sorted by description), declared before observed.
  ///
  /// The graph keeps its edges in a compact form; this array is made on first access and then
  /// kept (copies of the graph share it).
  ///
  /// ```swift
  /// for edge in container.graph.edges { print(edge) }
  /// ```
  public var edges: [Edge] { index.edges }
  /// Vertex numbers, descriptions and adjacency, computed once for validation and export.
  let index: GraphIndex

  /// Deprecated: only Loom makes graphs; get one from ``Container/graph``.
  ///
  /// ```swift
  /// let graph = container.graph
  /// ```
  ///
  /// - Parameters:
  ///   - nodes: The registrations, in any order.
  ///   - edges: The dependencies between them, in any order.
  @_documentation(visibility: private)
  @available(*, deprecated, message: "Only Loom makes graphs: read `container.graph`")
  public init(nodes: [Node], edges: [Edge]) {
    self.init(nodes, edges: edges)
  }

  /// Makes a graph from nodes and edges built by hand (for Loom's own packages and tools, tests
  /// and benchmarks).
  ///
  /// ``Container/graph`` is the usual way to get a graph; this initializer builds one without a
  /// container, for example to validate or draw a wiring described elsewhere (`loom-graph`'s,
  /// read from sources). The input is normalised as ``Container/graph`` does it:
  ///
  /// - when several nodes have the same key, the one with the smallest
  ///   ``Node/containerDepth`` is kept (the first given on a tie);
  /// - an edge whose source is not a node is dropped; an edge to a key without a node is kept
  ///   (it is a missing dependency, unless the key is a key path);
  /// - an edge to `Lazy<T>` or `Provider<T>`, when that key is not itself a node, becomes a
  ///   deferred edge to `T`;
  /// - identical edges are kept once.
  ///
  /// ```swift
  /// let database = DependencyKey(Database.self)
  /// let service = DependencyKey(UserService.self)
  /// let graph = DependencyGraph(
  ///   [
  ///     DependencyGraph.Node(database, lifetime: .singleton),
  ///     DependencyGraph.Node(service),
  ///   ],
  ///   edges: [DependencyGraph.Edge(service, to: database)])
  /// graph.validate().isValid  // true
  /// ```
  ///
  /// - Parameters:
  ///   - nodes: The registrations, in any order.
  ///   - edges: The dependencies between them, in any order.
  @_spi(LoomInternals)
  public init(_ nodes: [Node], edges: [Edge]) {
    (self.nodes, self.index) = GraphIndex.build(nodes: nodes, edges: edges)
  }

  /// The node of `key`, or `nil` when the graph has none.
  ///
  /// ```swift
  /// container.graph.node(for: DependencyKey(Database.self))?.lifetime  // singleton
  /// ```
  ///
  /// - Parameter key: The key of a registration.
  /// - Returns: Its node, or `nil`.
  public func node(for key: DependencyKey) -> Node? {
    index.node(of: key).map { nodes[$0] }
  }

  /// The edges that start at `key`: what its registration depends on.
  ///
  /// ```swift
  /// for edge in container.graph.edges(from: DependencyKey(UserService.self)) {
  ///   print(edge.to)
  /// }
  /// ```
  ///
  /// - Parameter key: The key of a registration.
  /// - Returns: Its outgoing edges, sorted like ``edges``; empty when it has none or no node.
  public func edges(from key: DependencyKey) -> [Edge] {
    index.node(of: key).map { index.edges(from: $0) } ?? []
  }

  /// The part of the graph reachable from `roots`: their nodes, the nodes they depend on,
  /// directly or not, and the edges between them.
  ///
  /// Deferred edges are followed too (what a ``Lazy`` resolves is reachable). Keys of `roots`
  /// that have no node are ignored. Export the result to draw only what one screen or one
  /// feature needs:
  ///
  /// ```swift
  /// let feature = container.graph.subgraph(reachableFrom: [DependencyKey(CheckoutModel.self)])
  /// print(feature.export(.dot))
  /// ```
  ///
  /// - Parameter roots: The keys to start from.
  /// - Returns: A graph with only the reachable nodes and their outgoing edges.
  public func subgraph(reachableFrom roots: [DependencyKey]) -> DependencyGraph {
    var reached = [Bool](repeating: false, count: index.vertexCount)
    var queue: [Int] = []
    for root in roots {
      guard let vertex = index.node(of: root), !reached[vertex] else { continue }
      reached[vertex] = true
      queue.append(vertex)
    }
    var head = 0
    while head < queue.count {
      let vertex = queue[head]
      head += 1
      for position in index.edgeStart[vertex]..<index.edgeStart[vertex + 1] {
        let target = index.targets[position]
        if target < index.nodeCount, !reached[target] {
          reached[target] = true
          queue.append(target)
        }
      }
    }
    queue.sort()
    var keptEdges: [Edge] = []
    for vertex in queue {
      keptEdges.append(contentsOf: index.edges(from: vertex))
    }
    return DependencyGraph(queue.map { nodes[$0] }, edges: keptEdges)
  }
}
