@_spi(LoomInternals) import Loom

extension AppGraph {
  /// One box of the drawing, before the boxes are numbered.
  private struct Box {
    var title: String
    var subtitle: String?
    var owner: Int?
    var nodes: [DependencyGraph.Node]
    var edges: [DependencyGraph.Edge]
    /// Nodes of the owner that this box's edges reach, shown in its text tree.
    var above: [DependencyGraph.Node] = []
  }

  /// The graph as the core's clustered export draws it: a `Container` box for the container side,
  /// then a box for each component that no component mounts, and inside it a box for each child
  /// it mounts (a component mounted in two places is drawn in both), down the hierarchy. A
  /// child's inputs point at the members of the box that owns it.
  ///
  /// - Parameter kept: When given, only these keys are drawn (`--root-pruning`), and a box with
  ///   none of them, nor any box inside it that has some, is left out.
  /// - Returns: The boxes for `DependencyGraph.export(clusters:as:)`, each after its owner.
  func clusters(keeping kept: Set<DependencyKey>? = nil) -> [DependencyGraph.Cluster] {
    let byKey = Dictionary(
      graph.nodes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    var outgoing: [DependencyKey: [DependencyGraph.Edge]] = [:]
    for edge in graph.edges { outgoing[edge.from, default: []].append(edge) }
    func isKept(_ key: DependencyKey) -> Bool { kept?.contains(key) ?? true }

    var boxes: [Box] = []
    let containerNodes = graph.nodes.filter { componentOfKey[$0.key] == nil && isKept($0.key) }
    boxes.append(
      Box(
        title: "Container", owner: nil, nodes: containerNodes,
        edges: containerNodes.flatMap { outgoing[$0.key] ?? [] }))

    // The members of a component, and the edges among them (and to `ownerKeys`, its inputs'
    // wiring to the box that owns it).
    func box(for component: ComponentFact, title: String, subtitle: String?, owner: Int?)
      -> Box
    {
      let keys = componentKeys(of: component)
      let keySet = Set(keys)
      let ownerNodes = owner.map { boxes[$0].nodes } ?? []
      let ownerKeys = Set(ownerNodes.map(\.key))
      let nodes = keys.compactMap { byKey[$0] }.filter { isKept($0.key) }
      let edges = nodes.flatMap { outgoing[$0.key] ?? [] }.filter {
        keySet.contains($0.to) || ownerKeys.contains($0.to)
      }
      let reached = Set(edges.map(\.to))
      let above = ownerNodes.filter { reached.contains($0.key) }.map(\.raisedOneLevel)
      return Box(
        title: title, subtitle: subtitle, owner: owner, nodes: nodes, edges: edges, above: above)
    }

    // Depth first from each component: its box, then its children's, never looping.
    var drawn: Set<String> = []
    func draw(_ component: ComponentFact, subtitle: String?, owner: Int?, path: [String]) {
      drawn.insert(component.id)
      let title = components.displayName(of: component)
      boxes.append(box(for: component, title: title, subtitle: subtitle, owner: owner))
      let number = boxes.count - 1
      for (index, child) in component.children.enumerated() {
        guard let owned = components.component(mountedBy: component, child: index),
          !path.contains(owned.id)
        else { continue }
        draw(owned, subtitle: "child '\(child.name)'", owner: number, path: path + [owned.id])
      }
    }
    var mounted: Set<String> = []
    for component in components.components {
      for index in component.children.indices {
        if let owned = components.component(mountedBy: component, child: index) {
          mounted.insert(owned.id)
        }
      }
    }
    for component in components.components where !mounted.contains(component.id) {
      draw(component, subtitle: nil, owner: nil, path: [component.id])
    }
    // Components that only mount each other have no root: each starts a tree of its own.
    for component in components.components where !drawn.contains(component.id) {
      draw(component, subtitle: nil, owner: nil, path: [component.id])
    }
    return Self.numbered(boxes, keepingEmpty: kept == nil)
  }

  /// The member keys of a component, in declaration order (members, then children).
  private func componentKeys(of component: ComponentFact) -> [DependencyKey] {
    let name = components.displayName(of: component)
    let own = Set(
      (component.members.map(\.name) + component.children.map(\.name)).map {
        "\(name).\($0)"
      })
    return (componentKeys[component.id] ?? []).filter { own.contains($0.name ?? "") }
  }

  /// The boxes as clusters; without `keepingEmpty`, a box that draws nothing, and has no box
  /// inside it that does, is left out and the owners are numbered again.
  private static func numbered(_ boxes: [Box], keepingEmpty: Bool) -> [DependencyGraph.Cluster] {
    var needed = boxes.map { keepingEmpty || !$0.nodes.isEmpty }
    for number in boxes.indices.reversed() where needed[number] {
      if let owner = boxes[number].owner { needed[owner] = true }
    }
    if !keepingEmpty, boxes[0].nodes.isEmpty { needed[0] = false }
    var newNumber: [Int?] = Array(repeating: nil, count: boxes.count)
    var clusters: [DependencyGraph.Cluster] = []
    for (number, box) in boxes.enumerated() where needed[number] {
      newNumber[number] = clusters.count
      clusters.append(
        DependencyGraph.Cluster(
          box.title, subtitle: box.subtitle,
          graph: DependencyGraph(box.nodes + box.above, edges: box.edges),
          owner: box.owner.flatMap { newNumber[$0] }))
    }
    return clusters
  }
}

extension DependencyGraph.Node {
  /// The node as a box inside its own sees it: one level up.
  fileprivate var raisedOneLevel: DependencyGraph.Node {
    DependencyGraph.Node(
      key, lifetime: lifetime, isAsync: isAsync, containerDepth: containerDepth + 1,
      isBinding: isBinding, origin: origin)
  }
}
