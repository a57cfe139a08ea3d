import Loom
import LoomMacrosImplementation

/// The checks of `--validate`: what one macro cannot see because it sees one declaration, and
/// the core's validation of the whole graph.
///
/// - a child whose inputs its parent does not wire, or wires under a name the child lacks;
/// - the hierarchy rules of `@Component(parents:root:)`, and a component that mounts itself
///   through its children;
/// - two `@Bind` for one key (the app would stop when `Container.default` installs them);
/// - the core's cycles, captive lifetimes and async-from-sync dependencies over every module
///   (errors), and its missing dependencies (warnings: a registration loom-graph cannot see may
///   provide them).
struct GraphChecker {
  let app: AppGraph

  /// Every problem once, in source order; a problem any of whose places (its own or a note's)
  /// lies under `// loom-graph:ignore` is left out.
  func findings() -> [Finding] {
    var found = app.scan.unreadable
    found += childWiring()
    found += hierarchy()
    let (cycles, inCycles) = componentCycles()
    found += cycles
    found += duplicateBindings()
    found += coreProblems(besides: inCycles)
    let ignored = app.scan.ignored
    return
      found
      .filter { finding in
        let places = [finding.position] + finding.notes.map(\.position)
        return !places.contains { place in ignored.contains { $0.contains(place) } }
      }
      .sorted { ($0.position, $0.message) < ($1.position, $1.message) }
  }

  private var components: [ComponentFact] { app.components.components }

  private func name(_ component: ComponentFact) -> String {
    app.components.displayName(of: component)
  }

  /// The children of `parent` with the component each mounts.
  private func mounted(by parent: ComponentFact) -> [(ComponentFact.Child, ComponentFact)] {
    parent.children.enumerated().compactMap { index, child in
      app.components.component(mountedBy: parent, child: index).map { (child, $0) }
    }
  }

  // MARK: - Children

  private func childWiring() -> [Finding] {
    var found: [Finding] = []
    for parent in components {
      for (child, owned) in mounted(by: parent) {
        guard let wired = child.inputs else { continue }
        let (parentName, ownedName) = (name(parent), name(owned))
        let inputs = owned.inputs
        let labels = Set(wired.map(\.label))
        for input in inputs where !labels.contains(input.name) {
          var finding = Finding(
            .childInput(
              child: child.name, parent: parentName, input: input.name, component: ownedName,
              parentHasMember: parent.members.contains { $0.name == input.name }),
            at: child.position)
          finding.notes.append(
            (input.position, GraphMessage.declaresInput(component: ownedName, input: input.name)))
          found.append(finding)
        }
        let names = inputs.map(\.name)
        for wiring in wired where !names.contains(wiring.label) {
          var finding = Finding(
            .childWiring(
              child: child.name, parent: parentName, label: wiring.label, component: ownedName,
              inputs: names, closest: Spelling.closest(to: wiring.label, in: names)),
            at: wiring.position)
          finding.notes.append((owned.position, GraphMessage.declaredHere(ownedName)))
          found.append(finding)
        }
      }
    }
    return found
  }

  // MARK: - Hierarchy

  private func hierarchy() -> [Finding] {
    var found: [Finding] = []
    let names = components.map(name)
    for component in components {
      if let root = component.root, let first = component.parents.first {
        found.append(
          Finding(
            .rootWithParents(component: name(component), root: "\(root)"), at: first.position))
      }
      for parent in component.parents
      where !components.contains(where: { ComponentIndex.names(parent.name, $0) }) {
        let message = GraphMessage.unknownParent(
          component: name(component), parent: parent.name,
          closest: Spelling.closest(to: parent.name, in: names))
        found.append(Finding(message, at: parent.position))
      }
    }
    for parent in components {
      for (child, owned) in mounted(by: parent) {
        let (parentName, ownedName) = (name(parent), name(owned))
        if let root = owned.root {
          var finding = Finding(
            .mountedRoot(parent: parentName, component: ownedName, child: child.name),
            at: child.position)
          finding.notes.append((root, GraphMessage.declaredRoot(ownedName)))
          found.append(finding)
        } else if !owned.parents.isEmpty,
          !owned.parents.contains(where: { ComponentIndex.names($0.name, parent) })
        {
          var finding = Finding(
            .notAParent(
              parent: parentName, component: ownedName, child: child.name,
              parents: owned.parents.map(\.name)),
            at: child.position)
          finding.notes.append((owned.parents[0].position, GraphMessage.listsParents(ownedName)))
          found.append(finding)
        }
      }
    }
    return found
  }

  /// Components that mount themselves through their children: each would build the next
  /// without end. Each loop is reported once, at the first child of its first component; also
  /// returns the ids of the components in a loop.
  private func componentCycles() -> ([Finding], Set<String>) {
    var found: [Finding] = []
    var reported: Set<String> = []
    for start in components.sorted(by: { $0.position < $1.position }) {
      // Depth-first from `start`, over child edges, looking for a path back to it.
      var stack: [(component: ComponentFact, path: [(ComponentFact.Child, ComponentFact)])] = [
        (start, [])
      ]
      var visited: Set<String> = []
      while let (component, path) = stack.popLast() {
        for (child, owned) in mounted(by: component) {
          if owned.id == start.id {
            let loop = path + [(child, owned)]
            let members = Set([start.id] + loop.map(\.1.id))
            guard reported.isDisjoint(with: members) else { continue }
            reported.formUnion(members)
            let owners = [start] + loop.dropLast().map(\.1)
            let names = ([start] + loop.map(\.1)).map(name)
            var finding = Finding(.componentCycle(names), at: loop[0].0.position)
            for (owner, step) in zip(owners, loop).dropFirst() {
              finding.notes.append(
                (
                  step.0.position,
                  GraphMessage.mounts(
                    parent: name(owner), component: name(step.1), child: step.0.name)
                ))
            }
            found.append(finding)
          } else if visited.insert(owned.id).inserted {
            stack.append((owned, path + [(child, owned)]))
          }
        }
      }
    }
    return (found, reported)
  }

  // MARK: - Bindings

  private func duplicateBindings() -> [Finding] {
    var byKey: [SourceKey: [Provision]] = [:]
    for provision in app.scan.provisions where provision.kind == .bind {
      byKey[provision.key, default: []].append(provision)
    }
    var found: [Finding] = []
    for (key, binds) in byKey where binds.count > 1 {
      let sorted = binds.sorted { $0.position < $1.position }
      let first = sorted[0]
      for extra in sorted.dropFirst() {
        var finding = Finding(
          .duplicateBind(
            key: "\(key)", type: implementation(of: extra), first: implementation(of: first)),
          at: extra.position)
        finding.notes.append(
          (first.position, GraphMessage.binds(type: implementation(of: first), key: "\(key)")))
        found.append(finding)
      }
    }
    return found
  }

  private func implementation(of bind: Provision) -> String {
    if case .type(let type, _) = bind.edges.first?.to { return type }
    if case .type(let type, _) = bind.key { return type }
    return bind.key.description
  }

  // MARK: - The core's checks

  /// The core's problems; a cycle among the members of components that mount each other (their
  /// inputs wired round the loop) is the component cycle already reported, so it is left out.
  private func coreProblems(besides componentLoop: Set<String>) -> [Finding] {
    let report = app.graph.validate()
    let loopNames = Set(components.filter { componentLoop.contains($0.id) }.map(name))
    var found: [Finding] = []
    for problem in report.problems {
      switch problem.code {
      case .cycle:
        guard let position = app.position(of: problem.key) else { continue }
        let inComponentLoop = ([problem.key] + problem.path).allSatisfy { key in
          app.componentOfKey[key].map(loopNames.contains) ?? false
        }
        if inComponentLoop { continue }
        var finding = Finding(
          severity: .error, position: position,
          message: "\(problem.summary); \(problem.hint)")
        for key in Set(problem.path) where key != problem.key {
          if let other = app.position(of: key) {
            finding.notes.append((other, GraphMessage.declaredHere("\(key)")))
          }
        }
        finding.notes.sort { $0.position < $1.position }
        found.append(finding)
      case .captive, .asyncFromSync:
        guard let position = app.position(of: problem.key),
          problem.path.allSatisfy({
            app.graph.node(for: $0).map { SourceLifetime.isKnown($0.lifetime) } ?? true
          })
        else { continue }
        var finding = Finding(
          severity: .error, position: position, message: "\(problem.summary); \(problem.hint)")
        if let held = problem.path.last, let other = app.position(of: held) {
          finding.notes.append((other, GraphMessage.declaredHere("\(held)")))
        }
        found.append(finding)
      case .missing:
        for needer in problem.neededBy {
          guard let position = app.position(of: needer) else { continue }
          found.append(
            Finding(.missing(needer: "\(needer)", key: "\(problem.key)"), at: position))
        }
      default:
        continue
      }
    }
    return found
  }
}

/// Close spellings, for "did you mean".
enum Spelling {
  /// The candidate closest to `word` within a small edit distance, if any.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let limit = max(1, word.count / 3)
    return
      candidates
      .map { ($0, distance(word, $0)) }
      .filter { $0.1 <= limit && $0.0 != word }
      .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
  }

  static func distance(_ left: String, _ right: String) -> Int {
    let a = Array(left)
    let b = Array(right)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return a.isEmpty ? b.count : row[b.count]
  }
}
