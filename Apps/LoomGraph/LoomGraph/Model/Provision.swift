/// One way the container side of the app gets a key: a registration, a binding, an `@Bind`, a
/// `@Provides` method, an `@Injectable` type or a key-path `Dependency` declaration.
struct Provision: Sendable {
  enum Kind: String, Sendable {
    case registration, binding, bind, provides, injectable, declaration
  }

  /// Edges that need the whole scan (every type's initializers) to be known.
  enum PendingEdges: Sendable {
    /// An auto-wired initializer, `T.init` (`labels` nil) or `T.init(a:b:)`.
    case initializer(type: String, labels: [String]?)
    /// `register(T.self)` with no factory: the initializer `@Injectable` chose.
    case injectable(type: String)
    /// `T(label: r.tryResolve())`: the resolved type is the one of `T`'s parameter `label`.
    case inferred(type: String, label: String?, name: String?, position: SourcePosition)
  }

  let key: SourceKey
  let kind: Kind
  /// The lifetime as spelled (`singleton`, `session`...).
  var lifetime: String
  /// The type whose body makes the registration (an assembly names its registrations).
  var enclosingType: String?
  let module: String
  let position: SourcePosition
  var edges: [SourceEdge] = []
  var pending: [PendingEdges] = []
  /// Why some of its dependencies cannot be read, one reason each.
  var unseenEdges: [UnseenFact] = []
  var isAsync = false
  /// Whether it binds its key to another registration (`bind(_:to:)`, `@Bind(P.self)`).
  var isBinding = false
}

/// Something loom-graph cannot read without running the app: a registration whose key is
/// computed, or a dependency a factory resolves without naming its type.
struct UnseenFact: Hashable, Sendable {
  let position: SourcePosition
  /// What and why, as one line: `register(type, …): the key is computed at run time`.
  let text: String
}
