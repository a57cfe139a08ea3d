import Loom

/// The writer behind `Container.exportFeatureGraph(_:)`: one section per container (the
/// root, then each feature depth first, in declaration order), each with its vertices and edges.
struct FeatureGraphWriter {
  /// One container of the diagram.
  struct Section {
    /// `Container`, or `Feature <name>`.
    let title: String
    /// The assembly that declared the feature.
    let owner: String?
    /// The section of the container that declares this feature; `nil` for the root.
    let parent: Int?
    /// How many features deep the section is (0 for the root).
    let level: Int
    /// The container's whole graph, ancestors included.
    let graph: DependencyGraph
    /// The nodes drawn in this section: every node for the root, the child's own for a feature.
    let nodes: [DependencyGraph.Node]
    /// The edges that start at those nodes.
    let edges: [DependencyGraph.Edge]
  }

  /// A vertex of the diagram: a node, or a key that edges point to without a node.
  struct Vertex {
    let id: String
    let label: String
    let detail: String
    let isOpen: Bool
  }

  /// An edge between two vertex ids.
  struct Link {
    let from: String
    let to: String
    let edge: DependencyGraph.Edge
  }

  private(set) var sections: [Section] = []
  /// The vertices of each section, nodes first (in node order), then open keys.
  private(set) var vertices: [[Vertex]] = []
  /// The links that start in each section.
  private(set) var links: [[Link]] = []

  init(root: Container) {
    collect(root, title: "Container", owner: nil, parent: nil, level: 0, names: [])
    resolveVertices()
  }

  // MARK: - Building

  private mutating func collect(
    _ container: Container, title: String, owner: String?, parent: Int?, level: Int,
    names: [String]
  ) {
    let graph = container.graph
    let nodes = parent == nil ? graph.nodes : graph.nodes.filter { $0.containerDepth == 0 }
    let keys = Set(nodes.map(\.key))
    let edges = graph.edges.filter { keys.contains($0.from) }
    let index = sections.count
    sections.append(
      Section(
        title: title, owner: owner, parent: parent, level: level, graph: graph, nodes: nodes,
        edges: edges))
    let features = AssemblyLedger.existing(for: container)?.features ?? []
    // NB: a feature that declares itself again, directly or not, is drawn once.
    for feature in features where !names.contains(feature.name) {
      collect(
        container.makeFeatureChild(feature), title: "Feature \(feature.name)",
        owner: feature.owner, parent: index, level: level + 1, names: names + [feature.name])
    }
  }

  private mutating func resolveVertices() {
    var vertexOfKey: [[DependencyKey: String]] = []
    for (number, section) in sections.enumerated() {
      var own: [DependencyKey: String] = [:]
      var list: [Vertex] = []
      for node in section.nodes {
        let id = "c\(number)n\(list.count)"
        own[node.key] = id
        list.append(
          Vertex(id: id, label: node.key.description, detail: Self.detail(of: node), isOpen: false))
      }
      var sectionLinks: [Link] = []
      for edge in section.edges {
        guard let from = own[edge.from] else { continue }
        var target = own[edge.to]
        var ancestor = section.parent
        while target == nil, let current = ancestor {
          target = vertexOfKey[current][edge.to]
          ancestor = sections[current].parent
        }
        if target == nil {
          let id = "c\(number)n\(list.count)"
          own[edge.to] = id
          list.append(
            Vertex(
              id: id, label: edge.to.description,
              detail: edge.to.isKeyPath ? "declared default" : "missing", isOpen: true))
          target = id
        }
        if let target { sectionLinks.append(Link(from: from, to: target, edge: edge)) }
      }
      vertexOfKey.append(own)
      vertices.append(list)
      links.append(sectionLinks)
    }
  }

  /// What is shown under a node's key, exactly as `DependencyGraph.export(_:)` shows it: the
  /// lifetime, then `async`, `binding`, the container level and the origin when they apply.
  // NB: the core keeps that text internal; it is read back from the documented `description`
  // (`<key> (<detail>) at <location>`), so this export stays identical to the core's as the core
  // adds details. The lifetime alone is the fallback should that shape ever change.
  static func detail(of node: DependencyGraph.Node) -> String {
    let text = node.description
    let prefix = "\(node.key) ("
    let suffix = ") at \(node.location)"
    guard text.count >= prefix.count + suffix.count, text.hasPrefix(prefix), text.hasSuffix(suffix)
    else { return node.lifetime.description }
    return String(text.dropFirst(prefix.count).dropLast(suffix.count))
  }

  /// `Feature Checkout`, with the owner on a second line when there is one.
  private func titleLines(of section: Section) -> [String] {
    [section.title] + (section.owner.map { ["owned by \($0)"] } ?? [])
  }

  // MARK: - Mermaid

  func mermaid() -> String {
    var out = "flowchart TD\n"
    for (number, section) in sections.enumerated() {
      let title = titleLines(of: section).map(Self.mermaidEscaped).joined(separator: "<br/>")
      out += "  subgraph c\(number)[\"\(title)\"]\n"
      for vertex in vertices[number] {
        out += "    \(vertex.id)[\"\(Self.mermaidEscaped(vertex.label))<br/>"
        out += "\(Self.mermaidEscaped(vertex.detail))\"]\(vertex.isOpen ? ":::open" : "")\n"
      }
      out += "  end\n"
    }
    for link in links.joined() {
      let arrow = link.edge.isDeferred ? "-.->" : "-->"
      let label = link.edge.kind == .observed ? "|observed|" : ""
      out += "  \(link.from) \(arrow)\(label) \(link.to)\n"
    }
    for (number, section) in sections.enumerated() {
      if let parent = section.parent { out += "  c\(parent) ==>|owns| c\(number)\n" }
    }
    if vertices.joined().contains(where: \.isOpen) {
      out += "  classDef open stroke-dasharray: 4 4\n"
    }
    return out
  }

  /// Text inside a quoted Mermaid label: quotes and angle brackets as entities.
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

  func dot() -> String {
    var out = "digraph Loom {\n  compound=true;\n  node [shape=box];\n"
    for (number, section) in sections.enumerated() {
      let title = titleLines(of: section).map(Self.dotEscaped).joined(separator: "\\n")
      out += "  subgraph cluster_c\(number) {\n"
      out += "    label=\"\(title)\";\n"
      // An invisible point that the ownership edges start and end at.
      out += "    c\(number) [shape=point, style=invis];\n"
      for vertex in vertices[number] {
        out += "    \(vertex.id) [label=\"\(Self.dotEscaped(vertex.label))\\n"
        out += "\(Self.dotEscaped(vertex.detail))\"\(vertex.isOpen ? ", style=dashed" : "")];\n"
      }
      out += "  }\n"
    }
    for link in links.joined() {
      var attributes: [String] = []
      if link.edge.isDeferred { attributes.append("style=dashed") }
      if link.edge.kind == .observed { attributes.append("label=\"observed\"") }
      let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
      out += "  \(link.from) -> \(link.to)\(suffix);\n"
    }
    for (number, section) in sections.enumerated() {
      guard let parent = section.parent else { continue }
      out += "  c\(parent) -> c\(number) [ltail=cluster_c\(parent), lhead=cluster_c\(number), "
      out += "style=bold, label=\"owns\"];\n"
    }
    out += "}\n"
    return out
  }

  /// Text inside a quoted DOT string: backslashes and quotes escaped.
  static func dotEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if character == "\"" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out
  }

  // MARK: - Text

  func text() -> String {
    var out = ""
    for section in sections {
      let indent = String(repeating: "  ", count: section.level)
      let owner = section.owner.map { " (owned by \($0))" } ?? ""
      out += "\(indent)\(section.title)\(owner)\n"
      for line in textGraph(of: section).export(.text).split(separator: "\n") {
        out += "\(indent)  \(line)\n"
      }
    }
    return out
  }

  /// The graph drawn for a section as text: its nodes, the nodes of ancestors its edges point to
  /// (marked with their container level), and its edges.
  private func textGraph(of section: Section) -> DependencyGraph {
    guard section.parent != nil else { return section.graph }
    let own = Set(section.nodes.map(\.key))
    let targets = Set(section.edges.map(\.to)).subtracting(own)
    let referenced = section.graph.nodes.filter { targets.contains($0.key) }
    return DependencyGraph(nodes: section.nodes + referenced, edges: section.edges)
  }
}
