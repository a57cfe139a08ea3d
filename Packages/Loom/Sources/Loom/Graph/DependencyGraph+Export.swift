extension DependencyGraph {
  /// Writes the graph as Mermaid, Graphviz DOT or an indented text tree.
  ///
  /// Every format shows each node's key and lifetime (with `async`, `binding`, the container
  /// level and the origin when they apply), draws deferred edges (``Lazy``, ``Provider``) dashed
  /// and labels observed edges `observed`. A key that edges point to without a node is shown as
  /// `missing`, or as `declared default` for a key path whose default has not been resolved yet.
  /// The same graph always gives the same bytes: nodes are numbered `n0`, `n1`... in the order of
  /// ``nodes`` (keys without a node after them) and edges are written in the order of ``edges``.
  ///
  /// For a graph of `Storefront` (transient) that takes a `Catalog` singleton and a
  /// `Lazy<Checkout>`:
  ///
  /// ```swift
  /// print(container.graph.export(.text))
  /// // Storefront (transient)
  /// // ├─ Catalog (singleton)
  /// // └─ Checkout (transient) [deferred]
  /// print(container.graph.export(.mermaid))
  /// // flowchart TD
  /// //   n0["Catalog<br/>singleton"]
  /// //   n1["Checkout<br/>transient"]
  /// //   n2["Storefront<br/>transient"]
  /// //   n2 --> n0
  /// //   n2 -.-> n1
  /// print(container.graph.subgraph(reachableFrom: [DependencyKey(Catalog.self)]).export(.dot))
  /// ```
  ///
  /// The text tree starts from the nodes that nothing depends on, in the order of ``nodes``; a
  /// cycle that nothing outside it depends on starts from its first node in that order. A node's
  /// dependencies are printed below it the first time it appears; later it is marked
  /// `(see above)`, and a dependency on a node that is being printed further up is marked
  /// `(cycle)`. (Each node's dependencies are printed once, but each line is indented by its
  /// depth: a chain thousands of registrations deep makes a very wide text tree.)
  ///
  /// - Parameter format: The format to write.
  /// - Returns: The graph in that format, ending with a newline (empty for an empty text tree).
  public func export(_ format: GraphFormat) -> String {
    GraphRenderer(self).render(format)
  }

  /// A graph drawn in a titled box of a clustered export, inside the box of the cluster that owns
  /// it: a container and its feature children, a component and its children.
  ///
  /// Only Loom's tools make and draw them (LoomAssembly's feature graph and `loom-graph`'s
  /// pictures), so the type is not API (README, "Definition of Public API"); it stays public, and
  /// hidden, so that code written for 0.1.0 compiles.
  ///
  /// ```swift
  /// for cluster in clusters { print(cluster.title, cluster.graph.nodes.count) }
  /// ```
  @_documentation(visibility: private)
  public struct Cluster: Sendable {
    /// The box's title.
    ///
    /// ```swift
    /// print(cluster.title)  // Feature Settings
    /// ```
    public let title: String
    /// A second line under the title, if any.
    ///
    /// ```swift
    /// print(cluster.subtitle ?? "")  // owned by UserAssembly
    /// ```
    public let subtitle: String?
    /// What the box's container (or component) sees, as ``Container/graph`` gives it: the box
    /// draws its own nodes (``Node/containerDepth`` 0; every node, for a top-level box) and the
    /// edges from them; nodes further up belong to the boxes that own it, where its edges to them
    /// point, and show with their depth in its text tree.
    ///
    /// ```swift
    /// print(cluster.graph.nodes.count)
    /// ```
    public let graph: DependencyGraph
    /// The position, in the list given to ``DependencyGraph/export(clusters:as:)``, of the
    /// cluster that owns this one (it must come earlier); nil for a top-level cluster.
    ///
    /// ```swift
    /// if let owner = cluster.owner { print("inside \(clusters[owner].title)") }
    /// ```
    public let owner: Int?

    /// Deprecated: only Loom's tools make clusters.
    ///
    /// ```swift
    /// print(container.graph.export(.mermaid))
    /// ```
    ///
    /// - Parameters:
    ///   - title: The box's title.
    ///   - subtitle: A second line under the title.
    ///   - graph: The nodes in the box and the edges from them.
    ///   - owner: The position of the owning cluster in the exported list, if any.
    @_documentation(visibility: private)
    @available(
      *, deprecated,
      message: "Only Loom's tools make clusters: export one graph with `graph.export(_:)`"
    )
    public init(title: String, subtitle: String? = nil, graph: DependencyGraph, owner: Int? = nil) {
      self.init(title, subtitle: subtitle, graph: graph, owner: owner)
    }

    /// Makes a cluster (for Loom's own packages and tools).
    ///
    /// ```swift
    /// let feature = DependencyGraph.Cluster("Feature Settings", graph: graph, owner: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - title: The box's title.
    ///   - subtitle: A second line under the title.
    ///   - graph: The nodes in the box and the edges from them.
    ///   - owner: The position of the owning cluster in the exported list, if any.
    @_spi(LoomInternals)
    public init(_ title: String, subtitle: String? = nil, graph: DependencyGraph, owner: Int? = nil)
    {
      self.title = title
      self.subtitle = subtitle
      self.graph = graph
      self.owner = owner
    }
  }

  /// Writes several graphs, each in a titled box inside the box of its owner, as Mermaid
  /// subgraphs, DOT clusters or an indented text tree per box.
  ///
  /// Each box draws as ``export(_:)`` draws a graph. An edge whose target is not a node of its own
  /// box goes to the node with that key in the nearest owning box (a feature's dependency on the
  /// app's singleton); a key no box on the way has is drawn inside the edge's box as `missing` or
  /// `declared default`. Owning boxes are linked to the boxes they own by an `owns` edge.
  ///
  /// ```swift
  /// print(DependencyGraph.export(clusters: clusters, as: .dot))
  /// ```
  ///
  /// - Parameters:
  ///   - clusters: The boxes, each after the box that owns it.
  ///   - format: The format to write.
  /// - Returns: The drawing, ending with a newline.
  @_spi(LoomInternals)
  public static func export(clusters: [Cluster], as format: GraphFormat) -> String {
    GraphRenderer(clusters).render(format)
  }

  /// Deprecated: only Loom's tools draw clusters; draw one graph with ``export(_:)``.
  ///
  /// ```swift
  /// print(container.graph.export(.mermaid))
  /// ```
  ///
  /// - Parameters:
  ///   - clusters: The boxes, each after the box that owns it.
  ///   - format: The format to write.
  /// - Returns: The drawing, ending with a newline.
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message: "Only Loom's tools draw clusters: export one graph with `graph.export(_:)`"
  )
  public static func export(_ clusters: [Cluster], as format: GraphFormat) -> String {
    export(clusters: clusters, as: format)
  }
}

/// The one renderer behind ``DependencyGraph/export(_:)`` and the clustered
/// ``DependencyGraph/export(clusters:as:)`` (LoomAssembly's feature graphs, loom-graph's
/// components): a list of sections (one untitled section for a plain graph), each with its vertices and links,
/// written as Mermaid, DOT or text.
struct GraphRenderer {
  struct Vertex {
    let id: String
    let label: String
    let detail: String
    let isOpen: Bool
  }

  struct Link {
    let from: String
    let to: String
    let isDeferred: Bool
    let isObserved: Bool
  }

  struct Section {
    /// The title lines; empty for the one section of a plain graph.
    let title: [String]
    let owner: Int?
    let level: Int
    var vertices: [Vertex] = []
    var links: [Link] = []
    /// What the text export draws for the section: its nodes and those its edges reach in its
    /// owners.
    var textGraph: DependencyGraph
  }

  private(set) var sections: [Section] = []
  private var isClustered: Bool { !(sections.first?.title.isEmpty ?? true) }

  /// The renderer of one graph: `n0`, `n1`... in the order of its index.
  init(_ graph: DependencyGraph) {
    let index = graph.index
    var section = Section(title: [], owner: nil, level: 0, textGraph: graph)
    for vertex in 0..<index.vertexCount {
      section.vertices.append(
        Vertex(
          id: "n\(vertex)", label: index.label(vertex), detail: Self.detail(of: vertex, in: graph),
          isOpen: !index.isNode(vertex)))
    }
    for vertex in 0..<index.nodeCount {
      for position in index.edgeRange(of: vertex) {
        section.links.append(
          Link(
            from: "n\(vertex)", to: "n\(index.targets[position])",
            isDeferred: index.deferred[position] || index.afterCreation[position],
            isObserved: index.observed[position]))
      }
    }
    sections = [section]
  }

  /// The renderer of clusters: `c<section>n<vertex>`, edges resolved through the owners.
  init(_ clusters: [DependencyGraph.Cluster]) {
    var vertexOfKey: [[DependencyKey: String]] = []
    for (number, cluster) in clusters.enumerated() {
      let level = cluster.owner.map { sections[$0].level + 1 } ?? 0
      var section = Section(
        title: [cluster.title] + (cluster.subtitle.map { [$0] } ?? []), owner: cluster.owner,
        level: level, textGraph: cluster.graph)
      var own: [DependencyKey: String] = [:]
      let drawn =
        cluster.owner == nil
        ? cluster.graph.nodes : cluster.graph.nodes.filter { $0.containerDepth == 0 }
      for node in drawn {
        let id = "c\(number)n\(section.vertices.count)"
        own[node.key] = id
        section.vertices.append(
          Vertex(id: id, label: node.key.description, detail: node.detail, isOpen: false))
      }
      var referenced: Set<DependencyKey> = []
      let edges = cluster.graph.edges.filter { own[$0.from] != nil }
      for edge in edges {
        let from = own[edge.from]!
        var target = own[edge.to]
        var owner = cluster.owner
        while target == nil, let current = owner {
          target = vertexOfKey[current][edge.to]
          if target != nil { referenced.insert(edge.to) }
          owner = clusters[current].owner
        }
        if target == nil {
          let id = "c\(number)n\(section.vertices.count)"
          own[edge.to] = id
          section.vertices.append(
            Vertex(
              id: id, label: edge.to.description,
              detail: edge.to.isKeyPath ? "declared default" : "missing", isOpen: true))
          target = id
        }
        section.links.append(
          Link(
            from: from, to: target!, isDeferred: edge.isDeferred || edge.isAfterCreation,
            isObserved: edge.kind == .observed))
      }
      if cluster.owner != nil {
        let seen = cluster.graph.nodes.filter {
          $0.containerDepth > 0 && referenced.contains($0.key)
        }
        section.textGraph = DependencyGraph(drawn + seen, edges: edges)
      }
      vertexOfKey.append(own)
      sections.append(section)
    }
  }

  /// What is shown under a vertex's key: the node's details, or why it has no node.
  static func detail(of vertex: Int, in graph: DependencyGraph) -> String {
    let index = graph.index
    if index.isNode(vertex) { return graph.nodes[vertex].detail }
    return index.keys[vertex].isKeyPath ? "declared default" : "missing"
  }

  func render(_ format: GraphFormat) -> String {
    switch format {
    case .mermaid: mermaid()
    case .dot: dot()
    case .text: text()
    }
  }

  // MARK: - Mermaid

  private func mermaid() -> String {
    var out = "flowchart TD\n"
    for (number, section) in sections.enumerated() {
      var indent = "  "
      if isClustered {
        let title = section.title.map(Self.mermaidEscaped).joined(separator: "<br/>")
        out += "  subgraph c\(number)[\"\(title)\"]\n"
        indent = "    "
      }
      for vertex in section.vertices {
        out += "\(indent)\(vertex.id)[\"\(Self.mermaidEscaped(vertex.label))<br/>"
        out += "\(Self.mermaidEscaped(vertex.detail))\"]\(vertex.isOpen ? ":::open" : "")\n"
      }
      if isClustered { out += "  end\n" }
    }
    for link in sections.lazy.flatMap(\.links) {
      out += "  \(link.from) \(link.isDeferred ? "-.->" : "-->")"
      out += "\(link.isObserved ? "|observed|" : "") \(link.to)\n"
    }
    for (number, section) in sections.enumerated() {
      if let owner = section.owner { out += "  c\(owner) ==>|owns| c\(number)\n" }
    }
    if sections.contains(where: { $0.vertices.contains(where: \.isOpen) }) {
      out += "  classDef open stroke-dasharray: 4 4\n"
    }
    return out
  }

  static func mermaidEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\"": out += "#quot;"
      case "<": out += "#lt;"
      case ">": out += "#gt;"
      default: out.append(character)
      }
    }
    return out
  }

  // MARK: - DOT

  private func dot() -> String {
    var out = "digraph Loom {\n"
    if isClustered { out += "  compound=true;\n" }
    out += "  node [shape=box];\n"
    for (number, section) in sections.enumerated() {
      var indent = "  "
      if isClustered {
        out += "  subgraph cluster_c\(number) {\n"
        out += "    label=\"\(section.title.map(Self.dotEscaped).joined(separator: "\\n"))\";\n"
        // An invisible point that the ownership edges start and end at.
        out += "    c\(number) [shape=point, style=invis];\n"
        indent = "    "
      }
      for vertex in section.vertices {
        out += "\(indent)\(vertex.id) [label=\"\(Self.dotEscaped(vertex.label))\\n"
        out += "\(Self.dotEscaped(vertex.detail))\"\(vertex.isOpen ? ", style=dashed" : "")];\n"
      }
      if isClustered { out += "  }\n" }
    }
    for link in sections.lazy.flatMap(\.links) {
      var attributes: [String] = []
      if link.isDeferred { attributes.append("style=dashed") }
      if link.isObserved { attributes.append("label=\"observed\"") }
      let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
      out += "  \(link.from) -> \(link.to)\(suffix);\n"
    }
    for (number, section) in sections.enumerated() {
      guard let owner = section.owner else { continue }
      out += "  c\(owner) -> c\(number) [ltail=cluster_c\(owner), lhead=cluster_c\(number), "
      out += "style=bold, label=\"owns\"];\n"
    }
    return out + "}\n"
  }

  static func dotEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if character == "\"" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out
  }

  // MARK: - Text

  private func text() -> String {
    guard isClustered else { return GraphExporter(graph: sections[0].textGraph).text() }
    var out = ""
    for section in sections {
      let indent = String(repeating: "  ", count: section.level)
      let subtitle = section.title.dropFirst().map { " (\($0))" }.joined()
      out += "\(indent)\(section.title[0])\(subtitle)\n"
      for line in GraphExporter(graph: section.textGraph).text().split(separator: "\n") {
        out += "\(indent)  \(line)\n"
      }
    }
    return out
  }
}

/// The text tree of one graph, behind ``GraphRenderer``.
struct GraphExporter {
  let graph: DependencyGraph
  let index: GraphIndex

  init(graph: DependencyGraph) {
    self.graph = graph
    self.index = graph.index
  }

  fileprivate func detail(of vertex: Int) -> String { GraphRenderer.detail(of: vertex, in: graph) }

  // MARK: - Text

  func text() -> String {
    var state = TextTree(exporter: self)
    for root in textRoots() {
      state.print(root: root)
    }
    // Every node is reachable from a root; this is only a safety net.
    for vertex in 0..<index.nodeCount where !state.appeared[vertex] {
      state.print(root: vertex)
    }
    return state.out
  }

  /// Where the text tree starts: the first node (in vertex order) of every group of nodes that
  /// reach each other and that no other node depends on. A node nothing depends on is such a
  /// group on its own; a cycle that nothing outside it depends on is another.
  private func textRoots() -> [Int] {
    var start = [Int](repeating: 0, count: index.nodeCount + 1)
    var targets: [Int] = []
    targets.reserveCapacity(index.targets.count)
    for vertex in 0..<index.nodeCount {
      start[vertex] = targets.count
      for position in index.edgeRange(of: vertex) where index.isNode(index.targets[position]) {
        targets.append(index.targets[position])
      }
    }
    start[index.nodeCount] = targets.count
    let components = StronglyConnectedComponents(
      vertexCount: index.nodeCount, edgeStart: start, targets: targets)
    var isDependedOn = [Bool](repeating: false, count: components.count)
    for vertex in 0..<index.nodeCount {
      for target in targets[start[vertex]..<start[vertex + 1]]
      where components.component[target] != components.component[vertex] {
        isDependedOn[components.component[target]] = true
      }
    }
    var roots: [Int] = []
    for number in 0..<components.count where !isDependedOn[number] {
      if let first = components.members(of: number).min() { roots.append(first) }
    }
    return roots.sorted()
  }

  /// The state of one text export: what was printed, and what is being printed (the frames of
  /// the simulated recursion, so that long chains do not overflow the stack).
  private struct TextTree {
    let exporter: GraphExporter
    var out = ""
    var appeared: [Bool]
    var expanded: [Bool]
    var onPath: [Bool]

    init(exporter: GraphExporter) {
      self.exporter = exporter
      let count = exporter.index.vertexCount
      appeared = [Bool](repeating: false, count: count)
      expanded = appeared
      onPath = appeared
    }

    /// Prints `root` and the dependencies below it.
    mutating func print(root: Int) {
      let index = exporter.index
      var frames: [(vertex: Int, nextEdge: Int, indent: String)] = []
      out += label(for: root) + "\n"
      appeared[root] = true
      if !index.edgeRange(of: root).isEmpty {
        expanded[root] = true
        onPath[root] = true
        frames.append((root, index.edgeStart[root], ""))
      }
      while let (vertex, nextEdge, indent) = frames.last {
        let range = index.edgeRange(of: vertex)
        guard nextEdge < range.upperBound else {
          onPath[vertex] = false
          frames.removeLast()
          continue
        }
        frames[frames.count - 1].nextEdge = nextEdge + 1
        let isLast = nextEdge + 1 == range.upperBound
        let target = index.targets[nextEdge]
        var marks: [String] = []
        if index.observed[nextEdge] { marks.append("observed") }
        if index.deferred[nextEdge] { marks.append("deferred") }
        if index.afterCreation[nextEdge] { marks.append("after creation") }
        var text = indent + (isLast ? "└─ " : "├─ ") + label(for: target)
        if !marks.isEmpty { text += " [\(marks.joined(separator: ", "))]" }
        let hasChildren = !index.edgeRange(of: target).isEmpty
        appeared[target] = true
        if onPath[target] {
          text += " (cycle)"
        } else if expanded[target] {
          text += " (see above)"
        } else if hasChildren {
          expanded[target] = true
          onPath[target] = true
          frames.append((target, index.edgeStart[target], indent + (isLast ? "   " : "│  ")))
        }
        out += text + "\n"
      }
    }

    /// `Database (singleton)`.
    private func label(for vertex: Int) -> String {
      "\(exporter.index.label(vertex)) (\(exporter.detail(of: vertex)))"
    }
  }
}
