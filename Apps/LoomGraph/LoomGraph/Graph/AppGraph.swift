@_spi(LoomInternals) import Loom

/// The whole app's graph, built from a scan: one core ``DependencyGraph`` of the container side
/// (registrations, bindings, modules, `@Injectable` types, key-path declarations) and of every
/// component (its members named `Component.member`), which the checks read, with where each key
/// is declared and what could not be seen. Drawing splits it into boxes (`AppGraph+Clusters`).
struct AppGraph {
  /// The graph the core draws and validates.
  let graph: DependencyGraph
  /// The component each component node belongs to; a key without one is on the container side.
  let componentOfKey: [DependencyKey: String]
  /// Where each key is provided or declared, in source order.
  let positions: [DependencyKey: [SourcePosition]]
  /// What could not be read: registrations, dependencies, types outside the scan.
  let unseen: [UnseenFact]
  /// The keys of each component's members, and of the members of the components below it, by
  /// the component's id.
  let componentKeys: [String: [DependencyKey]]
  let scan: ScanResult
  /// The components, told apart by module and name, and what each child mounts.
  let components: ComponentIndex

  init(scan input: ScanResult) {
    var scan = input
    for (type, initializers) in scan.extensionInitializers {
      scan.types[type]?.initializers += initializers
    }
    self.scan = scan
    var builder = Builder(scan: scan)
    builder.addProvisions()
    builder.addComponents()
    graph = DependencyGraph(builder.nodes, edges: builder.edges)
    componentOfKey = builder.componentOfKey
    positions = builder.positions
    unseen = (scan.unseen + builder.unseen + builder.components.unseen).sorted {
      $0.position < $1.position
    }
    components = builder.components
    componentKeys = builder.componentKeys()
  }

  /// The position of a key's first declaration, if it has one.
  func position(of key: DependencyKey) -> SourcePosition? { positions[key]?.first }
}

/// The work of ``AppGraph/init(scan:)``.
private struct Builder {
  let scan: ScanResult
  var nodes: [DependencyGraph.Node] = []
  var edges: [DependencyGraph.Edge] = []
  var componentOfKey: [DependencyKey: String] = [:]
  var positions: [DependencyKey: [SourcePosition]] = [:]
  var unseen: [UnseenFact] = []
  let components: ComponentIndex

  init(scan: ScanResult) {
    self.scan = scan
    components = ComponentIndex(scan: scan)
  }

  /// `P` as `any P` when `P` is a protocol of the scan, so that both spellings are one key.
  func canonical(_ key: SourceKey) -> SourceKey {
    guard case .type(let type, let name) = key, scan.protocols.contains(type) else { return key }
    return .type("any \(type)", name: name)
  }

  func canonical(_ edge: SourceEdge) -> SourceEdge {
    SourceEdge(to: canonical(edge.to), isDeferred: edge.isDeferred)
  }

  // MARK: - The container side

  /// Which provision of a key speaks for its node: a registration over the `@Injectable` type
  /// it registers; otherwise the first in source order.
  private static func rank(_ kind: Provision.Kind) -> Int { kind == .injectable ? 1 : 0 }

  mutating func addProvisions() {
    var byKey: [SourceKey: [Provision]] = [:]
    var order: [SourceKey] = []
    let sorted = scan.provisions.sorted { $0.position < $1.position }
    for var provision in sorted {
      provision = resolved(provision)
      let key = canonical(provision.key)
      if byKey[key] == nil { order.append(key) }
      byKey[key, default: []].append(provision)
    }
    for key in order {
      let provisions = byKey[key] ?? []
      guard
        let primary = provisions.min(by: { Self.rank($0.kind) < Self.rank($1.kind) })
      else { continue }
      let dependencyKey = key.dependencyKey
      let origin = primary.enclosingType.flatMap { scan.types[$0]?.isAssembly == true ? $0 : nil }
      nodes.append(
        DependencyGraph.Node(
          dependencyKey, lifetime: SourceLifetime.lifetime(primary.lifetime),
          isAsync: primary.isAsync, isBinding: primary.isBinding, origin: origin))
      positions[dependencyKey] = provisions.map(\.position)
      var seen: Set<SourceEdge> = []
      for provision in provisions {
        for edge in provision.edges.map(canonical) where seen.insert(edge).inserted {
          edges.append(
            DependencyGraph.Edge(
              dependencyKey, to: edge.to.dependencyKey, isDeferred: edge.isDeferred))
        }
        unseen += provision.unseenEdges
      }
    }
  }

  /// `provision` with its pending edges read from the types the scan found.
  private func resolved(_ input: Provision) -> Provision {
    var provision = input
    for pending in input.pending {
      switch pending {
      case .initializer(let type, let labels):
        let candidates = initializers(of: type).filter { parameters in
          labels.map { $0 == parameters.map { $0.label ?? "_" } } ?? true
        }
        guard candidates.count == 1 else {
          let reference =
            "\(type).init" + (labels.map { "(\($0.map { "\($0):" }.joined()))" } ?? "")
          let why =
            candidates.isEmpty
            ? "\(type) is not declared in the scanned sources, or has no such initializer"
            : "\(type) has \(candidates.count) initializers; name one, as in \(type).init(a:b:)"
          provision.unseenEdges.append(
            UnseenFact(
              position: provision.position,
              text: "the dependencies of \(provision.key) (auto-wired \(reference)): \(why)"))
          continue
        }
        // NB: a function reference resolves every parameter by its type; `@Named` and default
        // values apply only to `@Injectable`.
        provision.edges += candidates[0].map { TypeSpelling.edge(to: $0.type) }
      case .injectable(let type):
        guard let parameters = scan.types[type]?.injectable else {
          provision.unseenEdges.append(
            UnseenFact(
              position: provision.position,
              text: "the dependencies of \(provision.key): \(type) is not an @Injectable type"
                + " loom-graph can read (declared elsewhere, or one the macro reports, such as"
                + " several initializers and none marked @InjectableInit)"))
          continue
        }
        provision.edges += parameters.filter { !$0.hasDefault }.map(\.edge)
      case .inferred(let type, let label, let name, let position):
        let parameter = initializers(of: type).lazy.compactMap { parameters in
          parameters.first { $0.label == label }
        }.first
        guard let parameter else {
          provision.unseenEdges.append(
            UnseenFact(
              position: position,
              text: "a dependency of \(provision.key): a resolve passed to \(type)("
                + "\(label.map { "\($0):" } ?? "_:")) infers its type, and \(type)'s"
                + " initializers are not in the scanned sources"))
          continue
        }
        provision.edges.append(TypeSpelling.edge(to: parameter.type, name: name))
      }
    }
    return provision
  }

  private func initializers(of type: String) -> [[SourceParameter]] {
    scan.types[type]?.callableInitializers ?? []
  }

  // MARK: - Components

  /// The key of member `member` of component `component` (its display name): its type, named
  /// `Component.member`.
  static func memberKey(_ component: String, _ member: String, type: String) -> DependencyKey {
    DependencyKey(spelledType: type, name: "\(component).\(member)")
  }

  mutating func addComponents() {
    for component in components.components {
      let name = components.displayName(of: component)
      var keys: [String: DependencyKey] = [:]
      for member in component.members {
        let type = canonical(.type(member.type, name: nil))
        keys[member.name] = Self.memberKey(name, member.name, type: type.description)
      }
      for child in component.children {
        keys[child.name] = Self.memberKey(name, child.name, type: child.type)
      }
      for member in component.members {
        guard let key = keys[member.name] else { continue }
        let lifetime: Lifetime =
          switch member.lifetime {
          // NB: as the component's own graph draws them (`ComponentLifetime`).
          case .input, .shared, .lazy: .singleton
          case .transient: .transient
          case .once: .once
          }
        add(key, lifetime: lifetime, isAsync: member.isAsync, component: name, at: member.position)
        for dependency in member.dependencies {
          if let target = keys[dependency] { edges.append(.init(key, to: target)) }
        }
        for dependency in member.deferred {
          if let target = keys[dependency] {
            edges.append(.init(key, to: target, isDeferred: true))
          }
        }
      }
      for (index, child) in component.children.enumerated() {
        guard let key = keys[child.name] else { continue }
        add(key, lifetime: .singleton, isAsync: child.isAsync, component: name, at: child.position)
        for dependency in child.dependencies {
          if let target = keys[dependency] { edges.append(.init(key, to: target)) }
        }
        guard let owned = components.component(mountedBy: component, child: index) else {
          if components.isAmbiguous(component, child: index) { continue }
          unseen.append(
            UnseenFact(
              position: child.position,
              text: "child '\(child.name)' of \(name): \(child.type) is not a @Component in the"
                + " scanned sources"))
          continue
        }
        // The child's inputs come from the parent's members.
        let ownedName = components.displayName(of: owned)
        for input in child.inputs ?? [] {
          guard let member = owned.members.first(where: { $0.name == input.label }),
            member.lifetime == .input, let target = keys[input.member]
          else { continue }
          let inputType = canonical(.type(member.type, name: nil)).description
          edges.append(
            .init(Self.memberKey(ownedName, member.name, type: inputType), to: target))
        }
      }
    }
  }

  private mutating func add(
    _ key: DependencyKey, lifetime: Lifetime, isAsync: Bool, component: String,
    at position: SourcePosition
  ) {
    nodes.append(DependencyGraph.Node(key, lifetime: lifetime, isAsync: isAsync))
    componentOfKey[key] = component
    positions[key, default: []].append(position)
  }

  /// Each component's member keys, with those of the components it mounts, directly or not, by
  /// the component's id.
  func componentKeys() -> [String: [DependencyKey]] {
    var result: [String: [DependencyKey]] = [:]
    for start in components.components {
      var keys: [DependencyKey] = []
      var visited: Set<String> = []
      var pending = [start]
      while let current = pending.popLast() {
        guard visited.insert(current.id).inserted else { continue }
        let name = components.displayName(of: current)
        for member in current.members {
          let type = canonical(.type(member.type, name: nil)).description
          keys.append(Self.memberKey(name, member.name, type: type))
        }
        for (index, child) in current.children.enumerated() {
          keys.append(Self.memberKey(name, child.name, type: child.type))
          if let owned = components.component(mountedBy: current, child: index) {
            pending.append(owned)
          }
        }
      }
      result[start.id] = keys
    }
    return result
  }
}
