// Every problem loom-graph reports, in the same catalogue as the macros' diagnostics: the one
// place their words are written. loom-graph (Apps/LoomGraph) builds its findings with these;
// `DiagnosticCatalogue.graphEntries` renders them with placeholder values for the documentation
// (`LoomMacros.docc/Diagnostics.md`, which `DiagnosticCatalogueTests` keeps equal to it).

/// A problem loom-graph reports about the whole app, as a `file:line:column: error:` line: what
/// one macro cannot see because it sees one declaration, and input loom-graph cannot read.
package struct GraphMessage: Sendable, Equatable {
  /// Whether the problem fails validation.
  package enum Severity: String, Sendable {
    case error, warning
  }

  /// `Graph.childInput`: the id the catalogue lists it under.
  package let id: String
  package let severity: Severity
  package let message: String

  private static func error(_ id: String, _ message: String) -> GraphMessage {
    GraphMessage(id: "Graph.\(id)", severity: .error, message: message)
  }

  private static func warning(_ id: String, _ message: String) -> GraphMessage {
    GraphMessage(id: "Graph.\(id)", severity: .warning, message: message)
  }

  // MARK: - Children

  /// A child whose parent does not wire one of its inputs.
  package static func childInput(
    child: String, parent: String, input: String, component: String, parentHasMember: Bool
  ) -> GraphMessage {
    let fix =
      parentHasMember
      ? "add \\Self.\(input) to its with:" : "add \"\(input)\": \\Self.<member> to its bindings:"
    return error(
      "childInput",
      "child '\(child)' of \(parent) gets no value for input '\(input)' of \(component); \(fix)")
  }

  /// A child wired under a name the child has no input for.
  package static func childWiring(
    child: String, parent: String, label: String, component: String, inputs: [String],
    closest: String?
  ) -> GraphMessage {
    let list =
      inputs.isEmpty ? "it has no inputs" : "its inputs: \(inputs.joined(separator: ", "))"
    return error(
      "childWiring",
      "child '\(child)' of \(parent) wires '\(label)', which is not an input of \(component)"
        + " (\(list))" + (closest.map { "; did you mean '\($0)'?" } ?? ""))
  }

  /// The note at a child's input.
  package static func declaresInput(component: String, input: String) -> String {
    "\(component) declares input '\(input)' here"
  }

  /// The note at a component's declaration.
  package static func declaredHere(_ name: String) -> String { "\(name) is declared here" }

  // MARK: - The hierarchy

  /// A root component that lists parents.
  package static func rootWithParents(component: String, root: String) -> GraphMessage {
    error(
      "rootWithParents",
      "\(component) is a root component (root: true at \(root)), so it has no parents; remove"
        + " parents: or root: true")
  }

  /// A `parents:` name that is no component.
  package static func unknownParent(component: String, parent: String, closest: String?)
    -> GraphMessage
  {
    warning(
      "unknownParent",
      "\(component) names '\(parent)' as a parent, which is not a @Component loom-graph found"
        + (closest.map { "; did you mean '\($0)'?" } ?? ""))
  }

  /// A root component mounted as a child.
  package static func mountedRoot(parent: String, component: String, child: String)
    -> GraphMessage
  {
    error(
      "mountedRoot",
      "\(parent) mounts \(component) as child '\(child)', but \(component) is a root component"
        + " that no component may mount; remove the child, or remove root: true from"
        + " \(component)")
  }

  /// The note at `root: true`.
  package static func declaredRoot(_ component: String) -> String {
    "\(component) is declared a root here"
  }

  /// A component mounted by one its `parents:` do not list.
  package static func notAParent(
    parent: String, component: String, child: String, parents: [String]
  ) -> GraphMessage {
    error(
      "notAParent",
      "\(parent) mounts \(component) as child '\(child)', but only"
        + " \(parents.joined(separator: ", ")) may mount \(component); mount it there, or list"
        + " \"\(parent)\" in its @Component(parents:)")
  }

  /// The note at `parents:`.
  package static func listsParents(_ component: String) -> String {
    "\(component) lists its parents here"
  }

  /// Components that mount each other.
  package static func componentCycle(_ names: [String]) -> GraphMessage {
    error(
      "componentCycle",
      "component cycle: \(names.joined(separator: " → ")); each would build the next without"
        + " end; remove one of these children")
  }

  /// The note at each further step of a component cycle.
  package static func mounts(parent: String, component: String, child: String) -> String {
    "\(parent) mounts \(component) as child '\(child)' here"
  }

  // MARK: - Bindings and registrations

  /// A second `@Bind` for one key.
  package static func duplicateBind(key: String, type: String, first: String) -> GraphMessage {
    error(
      "duplicateBind",
      "a second @Bind for \(key): \(type) and \(first) both bind it, and the app stops with"
        + " DiscoveryError when Container.default installs them; keep one @Bind")
  }

  /// The note at the first `@Bind`.
  package static func binds(type: String, key: String) -> String { "\(type) binds \(key) here" }

  /// A dependency no registration loom-graph can read provides.
  package static func missing(needer: String, key: String) -> GraphMessage {
    warning(
      "missing",
      "\(needer) depends on \(key), which no registration loom-graph can read provides; register"
        + " it, or ignore this if it is registered in a way loom-graph cannot see")
  }

  // MARK: - Files it cannot read

  /// A file nested more deeply than the parser reads.
  package static func tooDeep(limit: Int) -> GraphMessage {
    error(
      "tooDeep",
      "this file nests more than \(limit) levels deep here (brackets, #if, else, try, await, ->),"
        + " which loom-graph does not read; name the inner parts (a typealias, a variable, a"
        + " function)")
  }

  /// A file that nests `[` more deeply than the parser reads in reasonable time.
  package static func squaresTooDeep(limit: Int) -> GraphMessage {
    error(
      "squaresTooDeep",
      "this file nests '[' more than \(limit) levels deep here, which loom-graph does not read"
        + " (its parser's time doubles with each level); name the inner parts (a typealias, a"
        + " variable)")
  }

  /// A file that is not valid Swift.
  package static func notSwift(_ what: String) -> GraphMessage {
    error(
      "notSwift",
      "this file is not valid Swift (\(what) here), so loom-graph cannot read all of it; fix it"
        + " as the compiler says")
  }

  /// A file that cannot be opened.
  package static let cannotOpen = error("cannotOpen", "loom-graph cannot open this file")
}

extension DiagnosticCatalogue {
  /// Every problem loom-graph reports, rendered with placeholder values, in the order of the
  /// documentation. (A dependency cycle, a captive lifetime and an asynchronous dependency of a
  /// synchronous factory are reported in the words of the core's `DependencyGraph.validate()`.)
  ///
  /// ```swift
  /// for entry in DiagnosticCatalogue.graphEntries { print(entry.id, entry.message) }
  /// ```
  public static let graphEntries: [Entry] = {
    let (child, parent, component, input) = ("‹child›", "‹Parent›", "‹Component›", "‹input›")
    let messages: [GraphMessage] = [
      .childInput(
        child: child, parent: parent, input: input, component: component,
        parentHasMember: true),
      .childInput(
        child: child, parent: parent, input: input, component: component,
        parentHasMember: false),
      .childWiring(
        child: child, parent: parent, label: "‹label›", component: component,
        inputs: ["‹a›", "‹b›"], closest: "‹a›"),
      .rootWithParents(component: component, root: "‹file:line:column›"),
      .unknownParent(component: component, parent: "‹name›", closest: "‹Name›"),
      .mountedRoot(parent: parent, component: component, child: child),
      .notAParent(parent: parent, component: component, child: child, parents: ["‹Other›"]),
      .componentCycle(["‹A›", "‹B›", "‹A›"]),
      .duplicateBind(key: "‹key›", type: "‹Type›", first: "‹Other›"),
      .missing(needer: "‹needer›", key: "‹key›"),
      .tooDeep(limit: 256),
      .squaresTooDeep(limit: 12),
      .notSwift("unexpected code '‹code›'"),
      .cannotOpen,
    ]
    return messages.map { Entry(id: $0.id, message: $0.message) }
  }()
}
