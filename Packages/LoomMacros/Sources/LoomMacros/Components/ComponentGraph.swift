@_spi(LoomInternals) public import Loom

/// Collects the nodes and edges of a ``Component``'s ``Component/graph-swift.type.property``.
///
/// Generated `_describe(in:)` methods call ``member(_:_:_:effects:dependencies:deferred:fileID:line:)``
/// for every member and ``child(_:_:effects:dependencies:inputs:fileID:line:)`` for every child; the
/// builder turns member names into keys (`DependencyKey(Value.self, name: "member")`, prefixed
/// with the child's name inside a child) and edges into `DependencyGraph.Edge` values.
///
/// ```swift
/// var builder = _ComponentGraph()
/// builder.member("config", AppConfig.self, .input, fileID: "App/Wiring.swift", line: 3)
/// builder.member(
///   "api", LiveAPIClient.self, .shared, dependencies: ["config"],
///   fileID: "App/Wiring.swift", line: 4)
/// let graph = builder.graph
/// ```
@_documentation(visibility: private)
public struct _ComponentGraph: Sendable {
  private struct PendingEdge: Sendable {
    let from: DependencyKey
    let to: String
    let isDeferred: Bool
  }

  /// The names, keys and unresolved edges of the component being described.
  private struct Scope: Sendable {
    var prefix = ""
    var origin: String? = nil
    var keys: [String: DependencyKey] = [:]
    var pending: [PendingEdge] = []
  }

  private var nodes: [DependencyGraph.Node] = []
  private var edges: [DependencyGraph.Edge] = []
  private var scope = Scope()

  /// Makes an empty builder.
  ///
  /// ```swift
  /// var builder = _ComponentGraph()
  /// ```
  public init() {}

  /// The graph of everything described so far.
  ///
  /// ```swift
  /// let graph = builder.graph
  /// ```
  public var graph: DependencyGraph {
    var copy = self
    copy.resolvePending()
    return DependencyGraph(copy.nodes, edges: copy.edges)
  }

  /// Adds a member: a node, and an edge to each member it is built from.
  ///
  /// ```swift
  /// builder.member(
  ///   "users", UserService.self, .shared, effects: .async, dependencies: ["api", "database"],
  ///   fileID: "App/AppComponent.swift", line: 9)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The member's name.
  ///   - type: The member's type.
  ///   - lifetime: The member's lifetime.
  ///   - effects: Whether reading it suspends or throws (the node is asynchronous if it suspends).
  ///   - dependencies: The members it is built from, taken directly.
  ///   - deferred: The members it takes through a `Lazy` or `Provider`.
  ///   - fileID: The file that declares it.
  ///   - line: The line that declares it.
  public mutating func member<Value>(
    _ name: String, _ type: Value.Type, _ lifetime: ComponentLifetime,
    effects: ComponentEffects = [], dependencies: [String] = [], deferred: [String] = [],
    fileID: StaticString, line: UInt
  ) {
    let key = DependencyKey(type, name: scope.prefix + name)
    scope.keys[name] = key
    nodes.append(
      DependencyGraph.Node(
        key, lifetime: lifetime.lifetime, isAsync: effects.contains(.async),
        origin: scope.origin, fileID: fileID, line: line))
    for dependency in dependencies {
      scope.pending.append(PendingEdge(from: key, to: dependency, isDeferred: false))
    }
    for dependency in deferred {
      scope.pending.append(PendingEdge(from: key, to: dependency, isDeferred: true))
    }
  }

  /// Adds a child component: a node for the child, edges to the members its inputs come from,
  /// and the child's own members and edges, named after the child (`session.token`).
  ///
  /// ```swift
  /// builder.child(
  ///   "session", SessionComponent.self, dependencies: ["api", "authToken"],
  ///   inputs: ["api": "api", "token": "authToken"], fileID: "App/AppComponent.swift", line: 12)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The child's member name.
  ///   - type: The child's component type.
  ///   - effects: Whether reading it suspends or throws.
  ///   - dependencies: The parent's members its inputs come from.
  ///   - inputs: The parent member each of the child's inputs is wired from, by input label
  ///     (`["token": "authToken"]`): each becomes an edge from the child's input node
  ///     (`session.token`) to the parent's member.
  ///   - fileID: The file that declares it.
  ///   - line: The line that declares it.
  public mutating func child<Child: Component>(
    _ name: String, _ type: Child.Type, effects: ComponentEffects = [],
    dependencies: [String] = [], inputs: [String: String] = [:], fileID: StaticString,
    line: UInt
  ) {
    member(
      name, type, .shared, effects: effects, dependencies: dependencies, fileID: fileID,
      line: line)
    let prefix = scope.prefix + name + "."
    describe(type, prefix: prefix)
    for (label, parentMember) in inputs.sorted(by: { $0.key < $1.key }) {
      guard let input = nodes.first(where: { $0.key.name == prefix + label })?.key else { continue }
      scope.pending.append(PendingEdge(from: input, to: parentMember, isDeferred: false))
    }
  }

  /// Describes the component `type`, its names prefixed with `prefix`.
  mutating func describe<Described: Component>(_ type: Described.Type, prefix: String) {
    let outer = scope
    scope = Scope(prefix: prefix, origin: String(describing: type))
    type._describe(in: &self)
    resolvePending()
    scope = outer
  }

  /// Turns the edges of the current scope into graph edges, now that all its names are known.
  private mutating func resolvePending() {
    for edge in scope.pending {
      guard let target = scope.keys[edge.to] else { continue }
      edges.append(DependencyGraph.Edge(edge.from, to: target, isDeferred: edge.isDeferred))
    }
    scope.pending = []
  }
}
