/// A `@Component` struct as loom-graph reads it.
struct ComponentFact: Sendable {
  /// A `@Provide` member.
  struct Member: Sendable {
    enum Lifetime: String, Sendable { case input, shared, lazy, transient, once }

    let name: String
    let type: String
    let lifetime: Lifetime
    var dependencies: [String] = []
    var deferred: [String] = []
    var isAsync = false
    let position: SourcePosition
  }

  /// A `@Child` component.
  struct Child: Sendable {
    let name: String
    let type: String
    /// The child's inputs, each with the parent member wired to it (`with:` and `bindings:`);
    /// `nil` when a `factory:` closure makes the child.
    var inputs: [(label: String, member: String, position: SourcePosition)]?
    var dependencies: [String] = []
    var isAsync = false
    let position: SourcePosition
  }

  /// The struct's name, with the types it is nested in (`Namespace.FeatureComponent`).
  let name: String
  let module: String
  let position: SourcePosition
  /// The modules its file imports: where the types of its children are looked up.
  var imports: Set<String> = []
  var members: [Member] = []
  var children: [Child] = []
  /// `parents:`, each name with where it is written.
  var parents: [(name: String, position: SourcePosition)] = []
  /// Where `root: true` is written, if it is.
  var root: SourcePosition?

  var inputs: [Member] { members.filter { $0.lifetime == .input } }

  /// What tells it apart from every other component: `Module.Name`.
  var id: String { "\(module).\(name)" }
}
