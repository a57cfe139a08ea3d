import Loom

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

  func findings() -> [Finding] {
    var found = app.scan.unreadable
    found += childWiring()
    found += hierarchy()
    found += componentCycles()
    found += duplicateBindings()
    found += coreProblems()
    let ignored = app.scan.ignored
    return
      found
      .filter { finding in !ignored.contains { $0.contains(finding.position) } }
      .sorted { ($0.position, $0.message) < ($1.position, $1.message) }
  }

  private var components: [ComponentFact] {
    app.scan.components.filter { app.components[$0.name]?.position == $0.position }
  }

  // MARK: - Children

  private func childWiring() -> [Finding] {
    var found: [Finding] = []
    for parent in components {
      for child in parent.children {
        guard let wired = child.inputs, let owned = app.components[child.type] else { continue }
        let inputs = owned.inputs
        let labels = Set(wired.map(\.label))
        for input in inputs where !labels.contains(input.name) {
          let member = parent.members.contains { $0.name == input.name }
          let fix =
            member
            ? "add \\Self.\(input.name) to its with:"
            : "add \"\(input.name)\": \\Self.<member> to its bindings:"
          var finding = Finding(
            severity: .error, position: child.position,
            message: "child '\(child.name)' of \(parent.name) gets no value for input"
              + " '\(input.name)' of \(owned.name); \(fix)")
          finding.notes.append(
            (input.position, "\(owned.name) declares input '\(input.name)' here"))
          found.append(finding)
        }
        let names = inputs.map(\.name)
        for wiring in wired where !names.contains(wiring.label) {
          var message =
            "child '\(child.name)' of \(parent.name) wires '\(wiring.label)', which is not an"
            + " input of \(owned.name)"
          message +=
            names.isEmpty
            ? " (it has no inputs)"
            : " (its inputs: \(names.joined(separator: ", ")))"
          if let close = Spelling.closest(to: wiring.label, in: names) {
            message += "; did you mean '\(close)'?"
          }
          var finding = Finding(severity: .error, position: wiring.position, message: message)
          finding.notes.append((owned.position, "\(owned.name) is declared here"))
          found.append(finding)
        }
      }
    }
    return found
  }

  // MARK: - Hierarchy

  private func hierarchy() -> [Finding] {
    var found: [Finding] = []
    let names = components.map(\.name)
    for component in components {
      if let root = component.root, let first = component.parents.first {
        found.append(
          Finding(
            severity: .error, position: first.position,
            message: "\(component.name) is a root component (root: true at \(root)), so it has"
              + " no parents; remove parents: or root: true"))
      }
      for parent in component.parents where !names.contains(parent.name) {
        var message =
          "\(component.name) names '\(parent.name)' as a parent, which is not a @Component"
          + " loom-graph found"
        if let close = Spelling.closest(to: parent.name, in: names) {
          message += "; did you mean '\(close)'?"
        }
        found.append(Finding(severity: .warning, position: parent.position, message: message))
      }
    }
    for parent in components {
      for child in parent.children {
        guard let owned = app.components[child.type] else { continue }
        if let root = owned.root {
          var finding = Finding(
            severity: .error, position: child.position,
            message: "\(parent.name) mounts \(owned.name) as child '\(child.name)', but"
              + " \(owned.name) is a root component that no component may mount; remove the"
              + " child, or remove root: true from \(owned.name)")
          finding.notes.append((root, "\(owned.name) is declared a root here"))
          found.append(finding)
        } else if !owned.parents.isEmpty, !owned.parents.contains(where: { $0.name == parent.name })
        {
          let allowed = owned.parents.map(\.name).joined(separator: ", ")
          var finding = Finding(
            severity: .error, position: child.position,
            message: "\(parent.name) mounts \(owned.name) as child '\(child.name)', but only"
              + " \(allowed) may mount \(owned.name); mount it there, or list"
              + " \"\(parent.name)\" in its @Component(parents:)")
          finding.notes.append((owned.parents[0].position, "\(owned.name) lists its parents here"))
          found.append(finding)
        }
      }
    }
    return found
  }

  /// Components that mount themselves through their children: each would build the next
  /// without end.
  private func componentCycles() -> [Finding] {
    var found: [Finding] = []
    var reported: Set<String> = []
    for start in components.sorted(by: { $0.position < $1.position }) {
      // Depth-first from `start`, over child edges, looking for a path back to it.
      var stack: [(name: String, path: [ComponentFact.Child])] = [(start.name, [])]
      var visited: Set<String> = []
      while let (name, path) = stack.popLast() {
        guard let component = app.components[name] else { continue }
        for child in component.children {
          if child.type == start.name {
            let loop = path + [child]
            let members = Set([start.name] + loop.map(\.type))
            guard reported.isDisjoint(with: members) else { continue }
            reported.formUnion(members)
            let owners = [start.name] + loop.dropLast().map(\.type)
            let names = [start.name] + loop.map(\.type)
            var finding = Finding(
              severity: .error, position: loop[0].position,
              message: "component cycle: \(names.joined(separator: " → ")); each would build"
                + " the next without end; remove one of these children")
            for (owner, step) in zip(owners, loop).dropFirst() {
              finding.notes.append(
                (step.position, "\(owner) mounts \(step.type) as child '\(step.name)' here"))
            }
            found.append(finding)
          } else if visited.insert(child.type).inserted {
            stack.append((child.type, path + [child]))
          }
        }
      }
    }
    return found
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
          severity: .error, position: extra.position,
          message: "a second @Bind for \(key): \(implementation(of: extra)) and"
            + " \(implementation(of: first)) both bind it, and the app stops with DiscoveryError"
            + " when Container.default installs them; keep one @Bind")
        finding.notes.append((first.position, "\(implementation(of: first)) binds \(key) here"))
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

  private func coreProblems() -> [Finding] {
    let report = app.graph.validate()
    var found: [Finding] = []
    for problem in report.problems {
      switch problem.code {
      case .cycle:
        guard let position = app.position(of: problem.key) else { continue }
        var finding = Finding(
          severity: .error, position: position,
          message: "\(problem.summary); \(problem.hint)")
        for key in Set(problem.path) where key != problem.key {
          if let other = app.position(of: key) {
            finding.notes.append((other, "\(key) is declared here"))
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
          finding.notes.append((other, "\(held) is declared here"))
        }
        found.append(finding)
      case .missing:
        for needer in problem.neededBy {
          guard let position = app.position(of: needer) else { continue }
          found.append(
            Finding(
              severity: .warning, position: position,
              message: "\(needer) depends on \(problem.key), which no registration loom-graph"
                + " can read provides; register it, or ignore this if it is registered in a way"
                + " loom-graph cannot see"))
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
