/// The numbering and adjacency of a ``DependencyGraph``, computed once when it is made.
///
/// Vertices are numbered `0..<vertexCount`: first the graph's nodes in their sorted order, then
/// the keys that edges point to without a node ("open" targets), sorted by description. The edges
/// of vertex `v` are `edges[edgeStart[v]..<edgeStart[v + 1]]` (compressed sparse rows); open
/// targets have none. Every pass of validation and export runs over these arrays, in linear time
/// and without recursion.
struct GraphIndex: Sendable {
  /// The key of each vertex.
  let keys: [DependencyKey]
  /// The description of each vertex's key (empty in an index made only to tell whether a graph
  /// has problems: read them with ``label(_:)``).
  let labels: [String]
  /// How many vertices are nodes (the rest are open targets).
  let nodeCount: Int
  /// The vertex of each key.
  let table: [DependencyKey: Int]
  /// Where each vertex's edges start in the graph's `edges` (one more entry than vertices).
  let edgeStart: [Int]
  /// The target vertex of each edge, in the order of the graph's `edges`.
  let targets: [Int]
  /// Whether each edge is deferred, parallel to `targets`.
  let deferred: [Bool]
  /// Whether each edge is observed (not declared), parallel to `targets`.
  let observed: [Bool]
  /// Whether each edge is resolved by its source's completion, parallel to `targets`.
  let afterCreation: [Bool]
  /// The graph's `edges`, made on first use.
  let edgeCache: EdgeCache

  var vertexCount: Int { keys.count }

  /// The vertex of `key`, if the graph has a node for it or an edge to it.
  func vertex(of key: DependencyKey) -> Int? {
    table[key]
  }

  /// The vertex of `key` if the graph has a node for it.
  func node(of key: DependencyKey) -> Int? {
    guard let vertex = vertex(of: key), vertex < nodeCount else { return nil }
    return vertex
  }

  /// The description of the key of `vertex`.
  func label(_ vertex: Int) -> String {
    vertex < labels.count ? labels[vertex] : keys[vertex].description
  }

  /// Whether vertex `vertex` is a node (not an open target).
  func isNode(_ vertex: Int) -> Bool { vertex < nodeCount }

  /// The edge positions of `vertex`.
  func edgeRange(of vertex: Int) -> Range<Int> { edgeStart[vertex]..<edgeStart[vertex + 1] }

  /// The edge at `position`, which starts at `source`.
  func edge(at position: Int, from source: Int) -> DependencyGraph.Edge {
    DependencyGraph.Edge(
      keys[source], to: keys[targets[position]],
      kind: observed[position] ? .observed : .declared, isDeferred: deferred[position],
      isAfterCreation: afterCreation[position])
  }

  /// The edges of `vertex`.
  func edges(from vertex: Int) -> [DependencyGraph.Edge] {
    edgeRange(of: vertex).map { edge(at: $0, from: vertex) }
  }

  /// Every edge, in order: made once, on first use, then shared by copies of the graph.
  var edges: [DependencyGraph.Edge] {
    edgeCache.edges.withLock { cached in
      if let cached { return cached }
      var made: [DependencyGraph.Edge] = []
      made.reserveCapacity(targets.count)
      for vertex in 0..<nodeCount {
        for position in edgeRange(of: vertex) { made.append(edge(at: position, from: vertex)) }
      }
      cached = made
      return made
    }
  }

  // MARK: - Building

  /// An edge whose endpoints are numbered: `target` is a node's vertex, or `-1 - n` for the
  /// n-th open target found.
  private struct NumberedEdge {
    let source: Int
    var target: Int
    let isObserved: Bool
    let isDeferred: Bool
    let isAfterCreation: Bool
  }

  /// Sorts and numbers the nodes, drops what `DependencyGraph.init(_:edges:)` says it drops,
  /// and builds the adjacency.
  static func build(nodes input: [DependencyGraph.Node], edges inputEdges: [DependencyGraph.Edge])
    -> (nodes: [DependencyGraph.Node], index: GraphIndex)
  {
    var namer = KeyNamer()
    let inputLabels = input.map { namer.describe($0.key) }
    let order = input.indices.sorted { left, right in
      if inputLabels[left] != inputLabels[right] {
        return readsBefore(inputLabels[left], inputLabels[right])
      }
      let (leftDepth, rightDepth) = (input[left].containerDepth, input[right].containerDepth)
      if leftDepth != rightDepth { return leftDepth < rightDepth }
      return left < right
    }

    var nodes: [DependencyGraph.Node] = []
    var keys: [DependencyKey] = []
    var labels: [String] = []
    var table: [DependencyKey: Int] = [:]
    table.reserveCapacity(input.count)
    nodes.reserveCapacity(input.count)
    keys.reserveCapacity(input.count)
    labels.reserveCapacity(input.count)
    for position in order {
      let node = input[position]
      guard table[node.key] == nil else { continue }
      table[node.key] = keys.count
      nodes.append(node)
      keys.append(node.key)
      labels.append(inputLabels[position])
    }
    let nodeCount = nodes.count

    // Number the edges; targets without a node get provisional negative numbers.
    var openKeys: [DependencyKey] = []
    var openNumber: [DependencyKey: Int] = [:]
    var numbered: [NumberedEdge] = []
    numbered.reserveCapacity(inputEdges.count)
    // Edges usually come grouped by source: look each source up once per group.
    var lastSource: (key: DependencyKey, vertex: Int?)?
    for edge in inputEdges {
      let source: Int
      if let last = lastSource, last.key == edge.from, let vertex = last.vertex {
        source = vertex
      } else {
        let vertex = table[edge.from]
        lastSource = (edge.from, vertex)
        guard let vertex else { continue }
        source = vertex
      }
      var target = edge.to
      var isDeferred = edge.isDeferred
      var vertex = table[target]
      if vertex == nil, let (handled, _) = target.deferredTarget {
        target = handled
        isDeferred = true
        vertex = table[target]
      }
      if vertex == nil {
        if let number = openNumber[target] {
          vertex = -1 - number
        } else {
          openNumber[target] = openKeys.count
          vertex = -1 - openKeys.count
          openKeys.append(target)
        }
      }
      numbered.append(
        NumberedEdge(
          source: source, target: vertex.unsafelyUnwrapped, isObserved: edge.kind == .observed,
          isDeferred: isDeferred, isAfterCreation: edge.isAfterCreation))
    }

    // Open targets come after the nodes, sorted by description.
    let openLabels = openKeys.map { namer.describe($0) }
    let openOrder = openKeys.indices.sorted { left, right in
      openLabels[left] != openLabels[right]
        ? readsBefore(openLabels[left], openLabels[right]) : left < right
    }
    var openVertex = [Int](repeating: 0, count: openKeys.count)
    for (rank, number) in openOrder.enumerated() {
      openVertex[number] = nodeCount + rank
      table[openKeys[number]] = keys.count
      keys.append(openKeys[number])
      labels.append(openLabels[number])
    }
    for position in numbered.indices where numbered[position].target < 0 {
      numbered[position].target = openVertex[-1 - numbered[position].target]
    }

    // Bucket the edges by source (counting sort), then sort each bucket by target, declared
    // before observed, plain before deferred, and drop duplicates.
    let vertexCount = keys.count
    var bucketStart = [Int](repeating: 0, count: vertexCount + 1)
    for edge in numbered { bucketStart[edge.source + 1] += 1 }
    for vertex in 0..<vertexCount { bucketStart[vertex + 1] += bucketStart[vertex] }
    var fill = bucketStart
    var packed = [UInt64](repeating: 0, count: numbered.count)
    for edge in numbered {
      packed[fill[edge.source]] =
        UInt64(edge.target) << 3 | (edge.isAfterCreation ? 4 : 0) | (edge.isObserved ? 2 : 0)
        | (edge.isDeferred ? 1 : 0)
      fill[edge.source] += 1
    }

    var targets: [Int] = []
    var deferred: [Bool] = []
    var observed: [Bool] = []
    var afterCreation: [Bool] = []
    var edgeStart = [Int](repeating: 0, count: vertexCount + 1)
    targets.reserveCapacity(packed.count)
    deferred.reserveCapacity(packed.count)
    observed.reserveCapacity(packed.count)
    afterCreation.reserveCapacity(packed.count)
    for vertex in 0..<vertexCount {
      edgeStart[vertex] = targets.count
      let bucket = bucketStart[vertex]..<bucketStart[vertex + 1]
      if bucket.count > 1 { packed[bucket].sort() }
      var previous: UInt64?
      for value in packed[bucket] where value != previous {
        previous = value
        targets.append(Int(value >> 3))
        afterCreation.append(value & 4 != 0)
        observed.append(value & 2 != 0)
        deferred.append(value & 1 != 0)
      }
    }
    edgeStart[vertexCount] = targets.count

    let index = GraphIndex(
      keys: keys, labels: labels, nodeCount: nodeCount, table: table,
      edgeStart: edgeStart, targets: targets, deferred: deferred, observed: observed,
      afterCreation: afterCreation, edgeCache: EdgeCache())
    return (nodes, index)
  }
}

/// The edges of a graph as ``DependencyGraph/Edge`` values, made on first use: validation and
/// export never need them, and making 300,000 of them would be most of the cost of building a
/// large graph.
final class EdgeCache: Sendable {
  let edges = Lock<[DependencyGraph.Edge]?>(nil)
}

/// Describes keys as ``DependencyKey/description`` does, looking each value type's name up once:
/// `String(describing:)` of a type costs a few hundred nanoseconds, and a large graph often has
/// many named keys of one type.
struct KeyNamer {
  private var typeNames: [ObjectIdentifier: String] = [:]

  /// The key's ``DependencyKey/description``.
  mutating func describe(_ key: DependencyKey) -> String {
    guard case .type(let identifier, let name) = key.identity, key.argumentList == nil else {
      return key.description
    }
    let type: String
    if let known = typeNames[identifier] {
      type = known
    } else {
      type = typeName(key.valueType)
      typeNames[identifier] = type
    }
    guard let name else { return type }
    return "\(type) (name: \"\(name)\")"
  }
}

extension Array {
  /// The elements in the order their keys' descriptions read (``readsBefore(_:_:)``), after
  /// `rank` when given, else as they came; each description is made once, never in the
  /// comparator.
  func sorted(
    byDescriptionOf key: (Element) -> DependencyKey, after rank: (Element) -> Int = { _ in 0 }
  ) -> [Element] {
    var namer = KeyNamer()
    let labels = map { namer.describe(key($0)) }
    let ranks = map(rank)
    return indices.sorted { left, right in
      if ranks[left] != ranks[right] { return ranks[left] < ranks[right] }
      if labels[left] != labels[right] { return readsBefore(labels[left], labels[right]) }
      return left < right
    }.map { self[$0] }
  }
}
