extension Container {
  /// A snapshot of the registrations this container sees and the dependencies between them.
  ///
  /// The graph has a node for every registration of this container and of its ancestors: a
  /// registration in a child hides the ancestor's one for the same key, each node's
  /// ``DependencyGraph/Node/containerDepth`` says which container holds it (0: this one) and its
  /// ``DependencyGraph/Node/origin`` which module registered it, when one was named. Its
  /// edges are those declared by auto-wired initializers and bindings, and those observed when a
  /// closure factory first ran: a closure registration that was never resolved has no edges yet.
  /// Key-path dependencies appear once resolved (or registered); before that their defaults are
  /// not registrations.
  ///
  /// Edges point to keys as this container resolves them. A singleton or weak registration held
  /// by an ancestor builds its dependencies in that ancestor, where a child's override is not
  /// visible; the graph does not show that difference.
  ///
  /// ```swift
  /// let graph = container.graph
  /// print(graph.export(.text))
  /// ```
  public var graph: DependencyGraph {
    var nodes: [DependencyGraph.Node] = []
    var edges: [DependencyGraph.Edge] = []
    var seen: Set<DependencyKey> = []
    var container: Container? = self
    var depth = 0
    while let current = container {
      for registration in current.entries.map(\.registration)
      where seen.insert(registration.key).inserted {
        nodes.append(
          DependencyGraph.Node(
            key: registration.key, lifetime: registration.lifetime,
            isAsync: registration.isAsync, location: registration.location,
            containerDepth: depth, isBinding: registration.isBinding,
            origin: registration.origin))
        var declared = registration.declaredDependencies
        if let target = registration.bindingTarget, !declared.contains(target) {
          declared.append(target)
        }
        for dependency in declared {
          edges.append(DependencyGraph.Edge(from: registration.key, to: dependency))
        }
        for dependency in registration.observedDependencies {
          edges.append(
            DependencyGraph.Edge(from: registration.key, to: dependency, kind: .observed))
        }
      }
      container = current.parent
      depth += 1
    }
    return DependencyGraph(nodes: nodes, edges: edges)
  }

  /// Validates ``graph``: every missing dependency, cycle, captive lifetime and synchronous
  /// dependency on an async registration, at once.
  ///
  /// Closure factories contribute edges only once they have run; resolve the app's roots first
  /// (or register with auto-wired initializers) for a complete check. See
  /// ``DependencyGraph/validate()`` for the rules.
  ///
  /// ```swift
  /// let report = container.validate()
  /// print(report)
  /// try report.throwIfInvalid()
  /// ```
  ///
  /// - Returns: The report of ``graph``.
  public func validate() -> ValidationReport {
    graph.validate()
  }
}
