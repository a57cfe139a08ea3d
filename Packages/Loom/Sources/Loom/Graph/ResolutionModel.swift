/// The dependencies of a container as its resolves would meet them: the input of
/// ``Container/validate(_:)``.
///
/// A vertex is a key *and the container it is resolved in*, because the same key can mean two
/// registrations: a singleton registered in a parent is built in the parent, with the parent's
/// registrations, so a child's override of one of its dependencies never reaches it; a transient
/// is built in the container the resolve was called on, so it does see the override. The model
/// follows the rules of ``Container/locate(_:valueType:context:)`` and
/// ``Container/placement(of:context:)``: the lineage, isolated children (which copy an ancestor's
/// registration and build it themselves), where each lifetime is built, a key path's declared
/// default (a vertex even before its first resolve), a ``Lazy`` or ``Provider`` of an unregistered
/// type (a deferred edge to the type). Nothing is resolved or installed.
struct ResolutionModel {
  /// A key, looked up from one container.
  private struct Request: Hashable {
    let key: DependencyKey
    let from: ObjectIdentifier
  }

  /// What a vertex resolves to: a registration built in a container, or nothing.
  private enum Target: Hashable {
    case registration(ObjectIdentifier, builder: ObjectIdentifier)
    case missing(Request)
  }

  private struct Vertex {
    let key: DependencyKey
    let registration: Registration?
    /// For a start-up task of the validated container (whose registration is nil), the task.
    var task: StartupTask? = nil
    let builder: Container?
    /// The container the key was looked up from.
    let lookup: Container
    /// How many containers up from the validated one the builder is.
    let depth: Int
    var edges: [(target: Int, isDeferred: Bool, isObserved: Bool, isAfterCreation: Bool)] = []
  }

  private let root: Container
  private var vertices: [Vertex] = []
  private var vertexOfTarget: [Target: Int] = [:]
  private var targetOfRequest: [Request: Target] = [:]
  /// Registrations whose closure factory, decorators or completion declare no dependencies and
  /// never ran to completion, with what of them did not.
  private(set) var unseen: [(key: DependencyKey, parts: UndeclaredParts)] = []
  /// The keys in ``unseen``, to add each once without searching the list.
  private var unseenKeys: Set<DependencyKey> = []
  /// Keys declared without a default that nothing registers, with no vertex needing them.
  private(set) var unboundRoots: [DependencyKey] = []

  /// Models every key `container` sees.
  init(_ container: Container) {
    root = container
    var queue: [Int] = []
    var lineage: [Container] = []
    var current: Container? = container
    while let step = current {
      lineage.append(step)
      current = step.parent
    }
    var seen: Set<DependencyKey> = []
    for step in lineage {
      for entry in step.entries where seen.insert(entry.registration.key).inserted {
        queue.append(vertex(for: entry.registration.key, from: container))
      }
    }
    for step in lineage {
      for key in step.requiredKeys where seen.insert(key).inserted {
        let index = vertex(for: key, from: container)
        if vertices[index].registration == nil { unboundRoots.append(key) }
      }
    }
    // The start-up tasks `bootstrap()` runs: its own, resolving from it, after the tasks they
    // name (the last task of a name is the one `after:` finds, as in `bootstrap()`).
    var taskVertices: [String: Int] = [:]
    let tasks = container.registry.withLock { $0.startupTasks }
    for task in tasks {
      let key = DependencyKey.startupTask(task.name)
      if let index = taskVertices[task.name] {
        vertices[index].task = task
        vertices[index].edges = []
        continue
      }
      taskVertices[task.name] = vertices.count
      vertices.append(
        Vertex(key: key, registration: nil, task: task, builder: nil, lookup: container, depth: 0))
    }
    for task in tasks {
      let index = taskVertices[task.name]!
      guard vertices[index].task?.location == task.location else { continue }
      for dependency in task.dependencies {
        var key = dependency
        var isDeferred = false
        if let (deferred, _) = dependency.deferredTarget,
          container.lineageEntry(for: dependency) == nil
        {
          key = deferred
          isDeferred = true
        }
        let target = vertex(for: key, from: container)
        vertices[index].edges.append((target, isDeferred, false, false))
        queue.append(target)
      }
      for name in task.after {
        let target: Int
        if let found = taskVertices[name] {
          target = found
        } else {
          let request = Request(key: .startupTask(name), from: ObjectIdentifier(container))
          if let known = vertexOfTarget[.missing(request)] {
            target = known
          } else {
            target = vertices.count
            vertexOfTarget[.missing(request)] = target
            vertices.append(
              Vertex(
                key: request.key, registration: nil, builder: nil, lookup: container, depth: 0))
          }
        }
        vertices[index].edges.append((target, false, false, false))
      }
    }
    // Follow the edges of every registration reached.
    var expanded = Set<Int>()
    while let index = queue.popLast() {
      guard expanded.insert(index).inserted, let registration = vertices[index].registration,
        let builder = vertices[index].builder
      else { continue }
      var parts = UndeclaredParts()
      if registration.isObserving {
        parts.formUnion(registration.undeclared.subtracting(.completion))
      }
      if registration.isObservingCompletion { parts.insert(.completion) }
      if !parts.isEmpty, registration.kind != .withArguments,
        unseenKeys.insert(registration.key).inserted
      {
        unseen.append((registration.key, parts))
      }
      var declared = registration.declaredDependencies(builtIn: builder)
      if let target = registration.bindingTarget, !declared.contains(target) {
        declared.append(target)
      }
      let dependencies =
        declared.map { ($0, false, false) }
        + registration.observedDependencies.map { ($0, true, false) }
        + (registration.extras?.completionDependencies ?? []).map { ($0, false, true) }
        + registration.observedCompletionDependencies.map { ($0, true, true) }
      for (dependency, isObserved, isAfterCreation) in dependencies {
        var key = dependency
        var isDeferred = false
        if let (deferred, _) = dependency.deferredTarget,
          builder.lineageEntry(for: dependency) == nil
        {
          key = deferred
          isDeferred = true
        }
        let target = vertex(for: key, from: builder)
        vertices[index].edges.append((target, isDeferred, isObserved, isAfterCreation))
        queue.append(target)
      }
    }
  }

  /// The vertex `key` resolves to from `container`, made on first use.
  private mutating func vertex(for key: DependencyKey, from container: Container) -> Int {
    let request = Request(key: key, from: ObjectIdentifier(container))
    if let target = targetOfRequest[request], let index = vertexOfTarget[target] { return index }
    let (registration, builder) = locate(key, from: container)
    let target: Target =
      if let registration, let builder {
        .registration(ObjectIdentifier(registration), builder: ObjectIdentifier(builder))
      } else {
        .missing(request)
      }
    targetOfRequest[request] = target
    if let index = vertexOfTarget[target] { return index }
    let index = vertices.count
    vertices.append(
      Vertex(
        key: registration?.key ?? key, registration: registration, builder: builder,
        lookup: container, depth: depth(of: builder ?? container)))
    vertexOfTarget[target] = index
    return index
  }

  /// The registration a resolve of `key` from `container` uses, and the container that builds
  /// its value (its owner, or the isolated child that copies it, for a singleton, weak or once
  /// registration; `container` for the others), without resolving or installing anything.
  private func locate(_ key: DependencyKey, from container: Container) -> (
    Registration?, Container?
  ) {
    var found = container.lineageEntry(for: key).map { ($0.entry.registration, $0.owner) }
    if found == nil, case .keyPath(let identity) = key.identity,
      let keyPath = identity.keyPath as? any DependencyDeclaration
    {
      let root = container.root
      if let registration = keyPath.declaration(in: root).registration(
        for: identity.keyPath, in: root)
      {
        found = (registration, root)
      }
    }
    guard var (registration, owner) = found else { return (nil, nil) }
    if container.isInIsolatedLineage, owner !== container, let sandbox = container.sandbox,
      sandbox.descends(from: owner)
    {
      // The isolated child copies the registration and builds it itself.
      owner = sandbox
      if let copied = sandbox.localEntry(for: key) { registration = copied.registration }
    }
    switch registration.lifetimeKind {
    case .singleton, .weak, .once: return (registration, owner)
    case .transient, .graph, .custom: return (registration, container)
    }
  }

  /// How many containers up from the validated one `container` is (0 for another lineage).
  private func depth(of container: Container) -> Int {
    var depth = 0
    var current: Container? = root
    while let step = current {
      if step === container { return depth }
      depth += 1
      current = step.parent
    }
    return 0
  }

  /// What validation knows of one vertex besides its node.
  struct Lookup {
    /// The container the vertex's key is looked up from.
    let container: Container
    /// The registration it resolves to (nil for a missing key or a start-up task).
    let registration: Registration?
    /// The container that builds its value (nil for a missing key or a start-up task).
    let builder: Container?
  }

  /// The model as the validator's input: vertices numbered nodes first (registrations and
  /// start-up tasks), then missing keys; with, by number, what validation knows of each. Sorted
  /// by description (the order reports list keys in), or, when `sortedByDescription` is false,
  /// in the model's order, without labels: enough to tell whether the graph has problems.
  func index(sortedByDescription: Bool = true)
    -> (index: GraphIndex, nodes: [DependencyGraph.Node], lookups: [Lookup])
  {
    let isNode = { (vertex: Int) in
      self.vertices[vertex].registration != nil || self.vertices[vertex].task != nil
    }
    var nodeVertices = vertices.indices.filter(isNode)
    var openVertices = vertices.indices.filter { !isNode($0) }
    // Numbered like a graph's index: nodes by key description, then depth; missing keys after.
    // Each description is made once (a type's name once per type): the sort compares them and
    // the labels reuse them. Unsorted, no description is made: the index then only tells
    // whether there is a problem, and `GraphIndex/label(_:)` describes a key when asked.
    var descriptions: [String] = []
    var keyCount: [DependencyKey: Int] = [:]
    if sortedByDescription {
      for vertex in vertices { keyCount[vertex.key, default: 0] += 1 }
      var namer = KeyNamer()
      descriptions = vertices.map { namer.describe($0.key) }
      let byDescription = { (left: Int, right: Int) -> Bool in
        let (da, db) = (descriptions[left], descriptions[right])
        return da != db
          ? readsBefore(da, db) : self.vertices[left].depth < self.vertices[right].depth
      }
      nodeVertices.sort(by: byDescription)
      openVertices.sort(by: byDescription)
    }
    let order = nodeVertices + openVertices
    var number = [Int](repeating: 0, count: vertices.count)
    for (position, vertex) in order.enumerated() { number[vertex] = position }

    var labels: [String] = []
    var nodes: [DependencyGraph.Node] = []
    var edgeStart: [Int] = []
    var targets: [Int] = []
    var deferred: [Bool] = []
    var observed: [Bool] = []
    var afterCreation: [Bool] = []
    for vertex in order {
      let model = vertices[vertex]
      if sortedByDescription {
        var label = descriptions[vertex]
        if keyCount[model.key, default: 0] > 1, model.builder != nil, model.depth > 0 {
          // The same key is built in several containers here: say which one this is.
          label += model.depth == 1 ? " (in the parent)" : " (in the container \(model.depth) up)"
        }
        labels.append(label)
      }
      edgeStart.append(targets.count)
      if let task = model.task {
        // A start-up task runs asynchronously and keeps nothing.
        nodes.append(
          DependencyGraph.Node(
            key: model.key, lifetime: .transient, isAsync: true, location: task.location,
            containerDepth: 0, isBinding: false, origin: nil))
      }
      if let registration = model.registration {
        nodes.append(
          DependencyGraph.Node(
            key: registration.key, lifetime: registration.lifetime,
            isAsync: registration.isAsync, location: registration.location,
            containerDepth: model.depth, isBinding: registration.isBinding,
            origin: registration.origin))
      }
      if model.registration != nil || model.task != nil {
        var seen = Set<Int>()
        for edge in model.edges.sorted(by: { number[$0.target] < number[$1.target] })
        where seen.insert(
          number[edge.target] * 4 + (edge.isAfterCreation ? 2 : 0) + (edge.isDeferred ? 1 : 0)
        ).inserted {
          targets.append(number[edge.target])
          deferred.append(edge.isDeferred)
          observed.append(edge.isObserved)
          afterCreation.append(edge.isAfterCreation)
        }
      }
    }
    edgeStart.append(targets.count)
    let index = GraphIndex(
      keys: order.map { vertices[$0].key }, labels: labels, nodeCount: nodeVertices.count,
      table: [:], edgeStart: edgeStart, targets: targets, deferred: deferred, observed: observed,
      afterCreation: afterCreation, edgeCache: EdgeCache())
    let lookups = order.map {
      Lookup(
        container: vertices[$0].lookup, registration: vertices[$0].registration,
        builder: vertices[$0].builder)
    }
    return (index, nodes, lookups)
  }
}
