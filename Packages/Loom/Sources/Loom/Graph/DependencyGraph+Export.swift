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
    let exporter = GraphExporter(graph: self)
    switch format {
    case .mermaid: return exporter.mermaid()
    case .dot: return exporter.dot()
    case .text: return exporter.text()
    }
  }
}

/// The writers behind ``DependencyGraph/export(_:)``.
struct GraphExporter {
  let graph: DependencyGraph
  let index: GraphIndex

  init(graph: DependencyGraph) {
    self.graph = graph
    self.index = graph.index
  }

  /// What is shown under a vertex's key: the node's details, or why it has no node.
  private func detail(of vertex: Int) -> String {
    if index.isNode(vertex) { return graph.nodes[vertex].detail }
    return index.keys[vertex].isKeyPath ? "declared default" : "missing"
  }

  // MARK: - Mermaid

  func mermaid() -> String {
    var out = UTF8Writer()
    out.reserve(index.vertexCount * 64 + index.targets.count * 20)
    out.write("flowchart TD\n")
    var hasOpenTargets = false
    for vertex in 0..<index.vertexCount {
      out.write("  n")
      out.write(number: vertex)
      out.write("[\"")
      out.writeMermaidLabel(index.labels[vertex])
      out.write("<br/>")
      out.writeMermaidLabel(detail(of: vertex))
      out.write("\"]")
      if !index.isNode(vertex) {
        out.write(":::open")
        hasOpenTargets = true
      }
      out.write("\n")
    }
    for vertex in 0..<index.nodeCount {
      for position in index.edgeRange(of: vertex) {
        out.write("  n")
        out.write(number: vertex)
        out.write(index.deferred[position] ? " -.->" : " -->")
        if index.observed[position] { out.write("|observed|") }
        out.write(" n")
        out.write(number: index.targets[position])
        out.write("\n")
      }
    }
    if hasOpenTargets { out.write("  classDef open stroke-dasharray: 4 4\n") }
    return out.string
  }

  // MARK: - DOT

  func dot() -> String {
    var out = UTF8Writer()
    out.reserve(index.vertexCount * 64 + index.targets.count * 20)
    out.write("digraph Loom {\n  node [shape=box];\n")
    for vertex in 0..<index.vertexCount {
      out.write("  n")
      out.write(number: vertex)
      out.write(" [label=\"")
      out.writeDOTString(index.labels[vertex])
      out.write("\\n")
      out.writeDOTString(detail(of: vertex))
      out.write(index.isNode(vertex) ? "\"];\n" : "\", style=dashed];\n")
    }
    for vertex in 0..<index.nodeCount {
      for position in index.edgeRange(of: vertex) {
        out.write("  n")
        out.write(number: vertex)
        out.write(" -> n")
        out.write(number: index.targets[position])
        switch (index.deferred[position], index.observed[position]) {
        case (false, false): out.write(";\n")
        case (true, false): out.write(" [style=dashed];\n")
        case (false, true): out.write(" [label=\"observed\"];\n")
        case (true, true): out.write(" [style=dashed, label=\"observed\"];\n")
        }
      }
    }
    out.write("}\n")
    return out.string
  }

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
      "\(exporter.index.labels[vertex]) (\(exporter.detail(of: vertex)))"
    }
  }
}

/// Text written as UTF-8 bytes and turned into a `String` once: the exports of a large graph
/// append millions of small pieces, which costs several times less on a byte array.
struct UTF8Writer {
  private var bytes: [UInt8] = []

  /// What was written.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  mutating func write(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Makes room for about `count` bytes.
  mutating func reserve(_ count: Int) {
    bytes.reserveCapacity(count)
  }

  /// A non-negative number in decimal.
  mutating func write(number: Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      var rest = number
      repeat {
        start -= 1
        digits[start] = 0x30 + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Text inside a quoted Mermaid label: quotes and angle brackets as entity codes.
  mutating func writeMermaidLabel(_ text: String) {
    for byte in text.utf8 {
      switch byte {
      case 0x22: write("#quot;")
      case 0x3C: write("#lt;")
      case 0x3E: write("#gt;")
      default: bytes.append(byte)
      }
    }
  }

  /// Text inside a quoted DOT string: backslashes and quotes escaped.
  mutating func writeDOTString(_ text: String) {
    for byte in text.utf8 {
      if byte == 0x22 || byte == 0x5C { bytes.append(0x5C) }
      bytes.append(byte)
    }
  }
}
