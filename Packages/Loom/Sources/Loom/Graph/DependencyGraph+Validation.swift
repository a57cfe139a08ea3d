extension DependencyGraph {
  /// Checks the whole graph and reports every problem at once.
  ///
  /// | problem | what is reported |
  /// | --- | --- |
  /// | ``GraphProblem/Code/missing`` | each key that edges point to but nothing registers, once, with every registration that needs it and a path to it |
  /// | ``GraphProblem/Code/cycle`` | one loop for each group of registrations that depend on each other |
  /// | ``GraphProblem/Code/captive`` | each cached registration that holds a shorter-lived one |
  /// | ``GraphProblem/Code/asyncFromSync`` | each synchronous registration that depends on an async-only one |
  ///
  /// The rules:
  ///
  /// - **Missing.** A key-path key is never missing: its declaration carries a default factory,
  ///   which becomes a registration on first resolve (so it may have no node yet, and then its
  ///   lifetime is unknown and it takes part in no other check). A ``Lazy`` or ``Provider``
  ///   edge to a missing key is reported too: the handle would fail when used.
  /// - **Cycles.** Deferred edges (``Lazy``, ``Provider``) never form a cycle. Registrations that
  ///   all depend on each other (a strongly connected component, found with Tarjan's algorithm)
  ///   are reported as **one** problem with one loop through them, starting at the key that
  ///   sorts first; a registration that depends on itself is a loop too. Breaking that loop may
  ///   leave another one in the same group, which the next validation reports.
  /// - **Captive lifetimes.** A registration whose lifetime ``Lifetime/isCached`` (singleton,
  ///   once, weak, custom) holds captive a dependency whose ``Lifetime/rank`` is lower and whose
  ///   lifetime can end while the holder lives: a weak one, or a shorter custom lifetime (a
  ///   session's, a flow's, an expiring one); for a `.once` holder, a singleton too. A transient
  ///   or a `.graph` instance is never captive: once the resolve that made it ends, it belongs to
  ///   whatever it was built into, as a transient does. But a cached registration that depends on
  ///   one holds what *it* holds, so the check looks through chains of transient and graph
  ///   registrations (and bindings, which are transient) and reports, for each one the cached
  ///   registration depends on, the shortest-lived registration behind it, whatever else (a
  ///   cycle, say) the registrations in between take part in. Deferred edges are not checked: a
  ///   ``Provider`` is the fix, though a ``Lazy`` keeps what it resolved.
  /// - **Async from sync.** A registration whose factory is synchronous depending, not through a
  ///   ``Lazy`` or ``Provider``, on one whose factory is `async`, unless that one is an
  ///   ``Lifetime/eagerSingleton``: ``Container/bootstrap()`` builds it, after which a synchronous
  ///   resolve is a cache hit.
  ///
  /// The problems are sorted by kind, then by the description of their key, so the same graph
  /// always gives the same report. Validation runs in time linear in nodes and edges (sorting the
  /// problems aside) and without recursion: a graph of 100,000 nodes takes a fraction of a second.
  ///
  /// ```swift
  /// let report = container.graph.validate()
  /// if !report.isValid {
  ///   print(report)
  /// }
  /// ```
  ///
  /// - Returns: The report, with ``ValidationReport/isValid`` true when nothing is wrong.
  public func validate() -> ValidationReport {
    var validator = GraphValidator(index: index, nodes: nodes, rules: .graph)
    return validator.run()
  }
}

/// What a validation knows beyond the graph's nodes and edges.
struct ValidationRules: Sendable {
  /// Whether an edge to a key-path key without a node is fine (a graph on its own cannot tell a
  /// key path declared with a default from one without).
  var keyPathsHaveDefaults = true
  /// For each node whose instance is made on an actor, which one (none, for a graph on its own).
  var isolation: [IsolationRule?] = []
  /// The hint of a missing key, given the missing vertex and the first vertex that needs it (a
  /// graph on its own gives the generic one).
  var missingHint: @Sendable (DependencyKey, _ missing: Int, _ needer: Int) -> String = {
    key, _, _ in ResolutionError.notRegistered(key, chain: [key], location: CodeLocation()).hint
  }

  /// The rules of a graph on its own.
  static let graph = ValidationRules()
}

/// Where a node's instance is made, for ``GraphValidator``'s isolation rule.
struct IsolationRule: Sendable {
  /// The actor, compared by identity.
  let actor: ObjectIdentifier
  /// How messages name it (`the main actor`), and how a factory is marked for it (`@MainActor`).
  let name: String
  let attribute: String
  /// Whether the instance, once made, is served anywhere (a cached `Sendable` value): then an
  /// eager singleton, which `bootstrap()` builds on the actor, is a cache hit for a synchronous
  /// resolve elsewhere.
  let isServedAnywhere: Bool
}

/// The passes of ``DependencyGraph/validate()`` over a graph's ``GraphIndex``.
struct GraphValidator {
  /// A problem and what the report sorts it by.
  private struct Finding {
    let order: Int
    let vertices: [Int]
    let problem: GraphProblem
  }

  private let nodes: [DependencyGraph.Node]
  private let index: GraphIndex
  private let rules: ValidationRules
  /// The edges that count for captives and async: not deferred, between nodes.
  private let strongStart: [Int]
  private let strongTargets: [Int]
  /// The edges that count for cycles: the strong ones, but a completion's from a registration
  /// whose instance is kept while its completion runs (found again, not made again).
  private let cycleStart: [Int]
  private let cycleTargets: [Int]
  private var findings: [Finding] = []

  init(index: GraphIndex, nodes: [DependencyGraph.Node], rules: ValidationRules) {
    self.nodes = nodes
    self.index = index
    self.rules = rules
    var start = [Int](repeating: 0, count: index.nodeCount + 1)
    var targets: [Int] = []
    var loopStart = start
    var loopTargets: [Int] = []
    targets.reserveCapacity(index.targets.count)
    for vertex in 0..<index.nodeCount {
      start[vertex] = targets.count
      loopStart[vertex] = loopTargets.count
      let isKeptWhileCompleting = nodes[vertex].lifetime != .transient
      for position in index.edgeRange(of: vertex)
      where !index.deferred[position] && index.isNode(index.targets[position]) {
        targets.append(index.targets[position])
        if !(index.afterCreation[position] && isKeptWhileCompleting) {
          loopTargets.append(index.targets[position])
        }
      }
    }
    start[index.nodeCount] = targets.count
    loopStart[index.nodeCount] = loopTargets.count
    self.strongStart = start
    self.strongTargets = targets
    self.cycleStart = loopStart
    self.cycleTargets = loopTargets
  }

  mutating func run() -> ValidationReport {
    findMissing()
    let components = StronglyConnectedComponents(
      vertexCount: index.nodeCount, edgeStart: cycleStart, targets: cycleTargets)
    findCycles(components)
    findCaptives()
    findAsyncFromSync()
    findMainActorFromSync()
    findings.sort { left, right in
      if left.order != right.order { return left.order < right.order }
      return left.vertices.lexicographicallyPrecedes(right.vertices)
    }
    return ValidationReport(findings.map(\.problem))
  }

  // MARK: - Missing

  private mutating func findMissing() {
    // For each open target that is not a key path: the nodes that need it, and whether every
    // edge from that node to it is deferred.
    var needers: [Int: [(vertex: Int, onlyDeferred: Bool)]] = [:]
    for vertex in 0..<index.nodeCount {
      for position in index.edgeRange(of: vertex) {
        let target = index.targets[position]
        guard !index.isNode(target), !(rules.keyPathsHaveDefaults && index.keys[target].isKeyPath)
        else { continue }
        let isDeferred = index.deferred[position]
        var list = needers.removeValue(forKey: target) ?? []
        if let last = list.last, last.vertex == vertex {
          list[list.count - 1].onlyDeferred = last.onlyDeferred && isDeferred
        } else {
          list.append((vertex, isDeferred))
        }
        needers[target] = list
      }
    }
    guard !needers.isEmpty else { return }
    // The nodes of registrations with runtime arguments, by the key they have without them: an
    // edge to that key is one whose arguments nothing can pass.
    var argumentNodes: [DependencyKey: [Int]] = [:]
    for vertex in 0..<index.nodeCount {
      if let key = index.keys[vertex].withoutArguments {
        argumentNodes[key, default: []].append(vertex)
      }
    }
    let parents = shortestPathParents()
    for (missing, needing) in needers {
      let key = index.keys[missing]
      if let nodes = argumentNodes[key] {
        appendArgumentsRequired(missing, neededBy: needing.map(\.vertex), registered: nodes)
        continue
      }
      var path = [missing]
      var step = needing[0].vertex
      while step >= 0 {
        path.append(step)
        step = parents[step]
      }
      path.reverse()
      let shown = needing.prefix(Self.listedLimit).map { needer in
        "Needed by: \(describe(needer.vertex))"
          + (needer.onlyDeferred ? " through a Lazy or Provider" : "")
      }
      var details = Array(shown)
      if needing.count > Self.listedLimit {
        details.append("Needed by \(needing.count - Self.listedLimit) more registrations")
      }
      details.append("Path: \(arrowed(path))")
      let hint = rules.missingHint(key, missing, needing[0].vertex)
      findings.append(
        Finding(
          order: GraphProblem.Code.missing.order, vertices: [missing],
          problem: GraphProblem(
            .missing, key: key, path: path.map { index.keys[$0] },
            neededBy: needing.map { index.keys[$0.vertex] },
            summary: key.startupTaskName.map { "no start-up task \"\($0)\" in this container" }
              ?? "no registration for \(index.label(missing))",
            details: details, hint: hint)))
    }
  }

  /// For each node, its predecessor on a shortest path from a node that no edge points to
  /// (breadth first, all edges, roots in vertex order); -1 for those roots and for nodes that no
  /// root reaches (which are in cycles).
  private func shortestPathParents() -> [Int] {
    var hasIncoming = [Bool](repeating: false, count: index.nodeCount)
    for target in index.targets where index.isNode(target) { hasIncoming[target] = true }
    var parents = [Int](repeating: -1, count: index.nodeCount)
    var reached = hasIncoming.map { !$0 }
    var queue = (0..<index.nodeCount).filter { !hasIncoming[$0] }
    var head = 0
    while head < queue.count {
      let vertex = queue[head]
      head += 1
      for position in index.edgeRange(of: vertex) {
        let target = index.targets[position]
        guard index.isNode(target), !reached[target] else { continue }
        reached[target] = true
        parents[target] = vertex
        queue.append(target)
      }
    }
    return parents
  }

  // MARK: - Cycles

  private mutating func findCycles(_ components: StronglyConnectedComponents) {
    // Scratch for the breadth-first searches, reset after each one.
    var parents = [Int](repeating: -2, count: index.nodeCount)
    for number in 0..<components.count {
      let members = components.members(of: number)
      guard let start = members.min() else { continue }
      if members.count == 1, !cycleEdges(of: start).contains(start) { continue }
      // The shortest loop through `start` inside its component, back to `start`.
      let loop =
        components.shortestLoop(through: start, edges: cycleEdges(of:), parents: &parents)
        + [start]
      appendCycle(loop, componentSize: members.count, members: members)
    }
  }

  private mutating func appendCycle(_ loop: [Int], componentSize: Int, members: ArraySlice<Int>) {
    var details = loop.dropLast().prefix(Self.listedLimit).map { describe($0) }
    if loop.count - 1 > Self.listedLimit {
      details.append("… and \(loop.count - 1 - Self.listedLimit) more registrations in this loop")
    }
    if componentSize > loop.count - 1 {
      let inLoop = Set(loop)
      let others = members.filter { !inLoop.contains($0) }.sorted()
      var names = others.prefix(Self.listedLimit).map { index.label($0) }
      if others.count > Self.listedLimit { names.append("\(others.count - names.count) more") }
      details.append("Also in this cycle group: \(names.joined(separator: ", "))")
    }
    let key = index.keys[loop[0]]
    var summary = "dependency cycle: \(arrowed(loop))"
    var hint = ResolutionError.cycle(key, chain: [key], acrossThreads: false, location: .init())
      .hint
    if let name = key.startupTaskName {
      // Start-up tasks wait only for start-up tasks (`after:`): the whole loop is theirs.
      let names = loop.map { "\"\(index.keys[$0].startupTaskName ?? index.label($0))\"" }
      summary =
        loop.count == 2
        ? "start-up task \"\(name)\" waits for itself"
        : "start-up tasks wait for each other in a cycle: \(names.joined(separator: " → "))"
      hint = "remove one of these names from the `after:` of the task that lists it."
    }
    findings.append(
      Finding(
        order: GraphProblem.Code.cycle.order, vertices: loop,
        problem: GraphProblem(
          .cycle, key: key, path: loop.map { index.keys[$0] },
          summary: summary, details: details, hint: hint)))
  }

  // MARK: - Captive lifetimes

  private mutating func findCaptives() {
    let ranks = nodes.map(\.lifetime.rank)
    // Transient and graph instances belong to their holder: looked through, never held captive.
    let isTransient = nodes.map { $0.lifetime.isOwnedByHolder }
    func shorter(_ left: Int, than right: Int) -> Bool {
      right < 0 || ranks[left] < ranks[right] || (ranks[left] == ranks[right] && left < right)
    }
    // The look-through follows strong edges between transients; its strongly connected components
    // (sinks first) are groups of transients that reach each other, and so hold the same.
    var lookStart = [Int](repeating: 0, count: index.nodeCount + 1)
    var lookTargets: [Int] = []
    for vertex in 0..<index.nodeCount {
      lookStart[vertex] = lookTargets.count
      guard isTransient[vertex] else { continue }
      lookTargets += strongEdges(of: vertex).filter { isTransient[$0] }
    }
    lookStart[index.nodeCount] = lookTargets.count
    let groups = StronglyConnectedComponents(
      vertexCount: index.nodeCount, edgeStart: lookStart, targets: lookTargets)
    // For each transient: the shortest-lived registration behind it, through transients only,
    // and the next vertex towards it.
    var behind = [Int](repeating: -1, count: index.nodeCount)
    var via = [Int](repeating: -1, count: index.nodeCount)
    for number in 0..<groups.count {
      let members = groups.members(of: number)
      guard isTransient[members[members.startIndex]] else { continue }
      // What a step leads to: a cached registration, or what is behind another group.
      func reached(_ target: Int) -> Int {
        guard isTransient[target] else { return target }
        return groups.component[target] == number ? -1 : behind[target]
      }
      var best = -1
      for vertex in members {
        for target in strongEdges(of: vertex) {
          let candidate = reached(target)
          if candidate >= 0, shorter(candidate, than: best) { best = candidate }
        }
      }
      guard best >= 0 else { continue }
      // The members that step out of the group towards `best`, then, backwards inside the group,
      // the next step of each other member towards one of them.
      var queue: [Int] = []
      for vertex in members {
        behind[vertex] = best
        if let exit = strongEdges(of: vertex).first(where: { reached($0) == best }) {
          via[vertex] = exit
          queue.append(vertex)
        }
      }
      guard members.count > 1 else { continue }
      var predecessors: [Int: [Int]] = [:]
      for vertex in members {
        for target in strongEdges(of: vertex)
        where isTransient[target] && groups.component[target] == number {
          predecessors[target, default: []].append(vertex)
        }
      }
      var head = 0
      while head < queue.count {
        let vertex = queue[head]
        head += 1
        for predecessor in predecessors[vertex] ?? [] where via[predecessor] < 0 {
          via[predecessor] = vertex
          queue.append(predecessor)
        }
      }
    }

    // The holder that last reported each held vertex, so that each pair is reported once.
    var reportedFor = [Int](repeating: -1, count: index.nodeCount)
    for holder in 0..<index.nodeCount where nodes[holder].lifetime.isCached {
      for dependency in strongEdges(of: holder) {
        let held = isTransient[dependency] ? behind[dependency] : dependency
        guard held >= 0, ranks[held] < ranks[holder], reportedFor[held] != holder else {
          continue
        }
        reportedFor[held] = holder
        var path = [holder, dependency]
        var step = dependency
        while isTransient[step] {
          step = via[step]
          path.append(step)
        }
        appendCaptive(path)
      }
    }
  }

  private mutating func appendCaptive(_ path: [Int]) {
    let (holder, first, held) = (path[0], path[1], path[path.count - 1])
    let holderLifetime = nodes[holder].lifetime
    let heldLifetime = nodes[held].lifetime
    var summary =
      "\(index.label(holder)) (\(holderLifetime)) holds \(index.label(held)) (\(heldLifetime))"
      + " captive"
    if path.count > 2 {
      summary += " through \(arrowed(Array(path.dropFirst().dropLast())))"
    }
    var details = path.count > 2 ? ["Path: \(arrowed(path))"] : []
    details += path.count > Self.listedLimit ? [holder, held].map(describe) : path.map(describe)
    let hint =
      "give \(index.label(held)) a lifetime that lives at least as long as \(holderLifetime),"
      + " give \(index.label(holder)) a lifetime no longer than \(heldLifetime), or let"
      + " \(index.label(holder)) take a Provider of \(index.label(first)) and resolve it on"
      + " each use."
    findings.append(
      Finding(
        order: GraphProblem.Code.captive.order, vertices: path,
        problem: GraphProblem(
          .captive, key: index.keys[holder], path: path.map { index.keys[$0] },
          summary: summary, details: details, hint: hint)))
  }

  // MARK: - Async from sync

  private mutating func findAsyncFromSync() {
    for vertex in 0..<index.nodeCount where !nodes[vertex].isAsync {
      var previous = -1
      // An async eager singleton is built by `bootstrap()`, after which a synchronous resolve is
      // a cache hit: a synchronous dependent is fine.
      for target in strongEdges(of: vertex)
      where nodes[target].isAsync && !nodes[target].lifetime.isEager && target != previous {
        previous = target
        let (sync, async) = (index.label(vertex), index.label(target))
        appendEdgeProblem(
          .asyncFromSync, from: vertex, to: target, about: vertex,
          summary: "\(sync) is synchronous but depends on \(async), which is async only",
          hint: "make the factory of \(sync) async and resolve it with await, or give \(async) a"
            + " synchronous factory.")
      }
    }
  }

  // MARK: - Main actor from sync

  /// Each edge on which a synchronous factory would resolve, synchronously, a registration made on
  /// an actor where that actor may not run: the factory has no isolation (or another one), and it
  /// is not built only for registrations isolated to that actor (whose factories run there, and
  /// so do what they resolve). An eager singleton served anywhere is exempt: `bootstrap()` builds
  /// it on its actor, and a synchronous resolve then finds it cached.
  private mutating func findMainActorFromSync() {
    guard rules.isolation.contains(where: { $0 != nil }) else { return }
    let builtOn = actorsBuildingEachVertex()
    for vertex in 0..<index.nodeCount where !nodes[vertex].isAsync {
      var previous = -1
      for target in strongEdges(of: vertex) where target != previous {
        previous = target
        guard let rule = rules.isolation[target], builtOn[vertex] != rule.actor else { continue }
        if rule.isServedAnywhere, nodes[target].lifetime.isEager { continue }
        let (sync, isolated) = (index.label(vertex), index.label(target))
        let node = nodes[target]
        let smallest =
          rule.isServedAnywhere && node.lifetime == .singleton
          ? "make \(isolated) an eager singleton (`lifetime: .eagerSingleton`), which"
            + " `bootstrap()` builds on \(rule.name) so that synchronous resolves find it cached; or"
            + " resolve it through a `Lazy` or `Provider` in \(sync)"
          : "resolve \(isolated) through a `Lazy` or `Provider` in \(sync), used where"
            + " \(rule.name) runs"
        appendEdgeProblem(
          .mainActorFromSync, from: vertex, to: target, about: vertex,
          summary: "\(sync) is synchronous and not isolated, but depends on \(isolated), which is"
            + " made on \(rule.name)",
          hint: "\(smallest); or write the factory of \(sync) on \(rule.name) too (mark it"
            + " `\(rule.attribute)`), or make it async and resolve \(isolated) with await. (If the"
            + " factory of \(isolated) does not need \(rule.name), register it outside"
            + " `\(rule.attribute)` code: a closure takes the actor of the function it is written"
            + " in.)")
      }
    }
  }

  /// For each vertex, the actor on which its instance is always built, when the graph tells: its
  /// own factory's, or (for a synchronous factory with no isolation) the one actor of every
  /// registration that depends on it, when it has at least one dependent, all of them strong edges.
  /// A vertex nothing depends on may be resolved from anywhere. (The greatest such assignment,
  /// found by removing vertices until none changes; each vertex is removed at most once.)
  private func actorsBuildingEachVertex() -> [ObjectIdentifier?] {
    var sources = [[Int]](repeating: [], count: index.nodeCount)
    var anywhere = [Bool](repeating: false, count: index.nodeCount)
    for vertex in 0..<index.nodeCount {
      for position in index.edgeRange(of: vertex) where index.isNode(index.targets[position]) {
        let target = index.targets[position]
        if index.deferred[position] {
          anywhere[target] = true
        } else {
          sources[target].append(vertex)
        }
      }
    }
    // nil: built anywhere; an actor: built on it; `open`: not decided yet (only from undecided).
    let open = ObjectIdentifier(IsolationRule.self)
    var builtOn = [ObjectIdentifier?](repeating: open, count: index.nodeCount)
    var pending: [Int] = []
    for vertex in 0..<index.nodeCount {
      if let rule = rules.isolation[vertex] {
        builtOn[vertex] = rule.actor
      } else if nodes[vertex].isAsync || anywhere[vertex] || sources[vertex].isEmpty {
        builtOn[vertex] = nil
        pending.append(vertex)
      }
    }
    var dependents = [[Int]](repeating: [], count: index.nodeCount)
    for target in 0..<index.nodeCount {
      for source in sources[target] { dependents[source].append(target) }
    }
    for vertex in 0..<index.nodeCount where builtOn[vertex] != nil && builtOn[vertex] != open {
      pending.append(vertex)
    }
    while let changed = pending.popLast() {
      for target in dependents[changed] where rules.isolation[target] == nil {
        guard let current = builtOn[target] else { continue }
        var actor: ObjectIdentifier? = open
        for source in sources[target] {
          guard let built = builtOn[source] else {
            actor = nil
            break
          }
          if built == open { continue }
          if actor == open {
            actor = built
          } else if actor != built {
            actor = nil
            break
          }
        }
        guard actor != current else { continue }
        // A vertex only moves from undecided to one actor, or to "anywhere": at most twice.
        builtOn[target] = actor
        pending.append(target)
      }
    }
    return builtOn.map { $0 == open ? nil : $0 }
  }

  // MARK: - Arguments required

  /// Reports each registration that depends, deferred or not, on `missing`, a key registered only
  /// with runtime arguments (the `registered` nodes): nothing resolved through an edge can pass
  /// them.
  private mutating func appendArgumentsRequired(
    _ missing: Int, neededBy needers: [Int], registered nodes: [Int]
  ) {
    let lists = nodes.compactMap { index.keys[$0].argumentsDescription }
    let needed = index.label(missing)
    for vertex in needers {
      let needer = index.label(vertex)
      appendEdgeProblem(
        .argumentsRequired, from: vertex, to: nodes[0], about: missing,
        summary: "\(needer) depends on \(needed), which takes runtime arguments"
          + " \(lists.joined(separator: " or "))",
        hint: ResolutionError.argumentsRequiredHint(needed: needed, by: needer))
    }
  }

  // MARK: - Helpers

  /// Reports a problem with the edge from `vertex` to `target`, about the key of `subject`.
  private mutating func appendEdgeProblem(
    _ code: GraphProblem.Code, from vertex: Int, to target: Int, about subject: Int,
    summary: String, hint: String
  ) {
    findings.append(
      Finding(
        order: code.order, vertices: [vertex, target],
        problem: GraphProblem(
          code, key: index.keys[subject], path: [index.keys[vertex], index.keys[target]],
          summary: summary, details: [describe(vertex), describe(target)], hint: hint)))
  }

  /// How many registrations a problem lists by name before it says how many more there are.
  private static let listedLimit = 10

  /// The targets of the non-deferred edges from `vertex` to nodes.
  private func strongEdges(of vertex: Int) -> ArraySlice<Int> {
    strongTargets[strongStart[vertex]..<strongStart[vertex + 1]]
  }

  /// The targets of the edges from `vertex` to nodes that count for cycles.
  private func cycleEdges(of vertex: Int) -> ArraySlice<Int> {
    cycleTargets[cycleStart[vertex]..<cycleStart[vertex + 1]]
  }

  /// `Database (singleton) at MyApp/Wiring.swift:12`.
  private func describe(_ vertex: Int) -> String {
    let node = nodes[vertex]
    if node.key.startupTaskName != nil { return "\(index.label(vertex)) at \(node.location)" }
    return "\(index.label(vertex)) (\(node.detail)) at \(node.location)"
  }

  /// The vertices' descriptions joined by arrows; the middle of a very long path is elided.
  private func arrowed(_ vertices: [Int]) -> String {
    let edge = Self.listedLimit / 2
    guard vertices.count > 2 * edge + 1 else {
      return vertices.map { index.label($0) }.joined(separator: " → ")
    }
    let head = vertices.prefix(edge).map { index.label($0) }
    let tail = vertices.suffix(edge).map { index.label($0) }
    let elided = "… \(vertices.count - 2 * edge) more …"
    return (head + [elided] + tail).joined(separator: " → ")
  }
}
