import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Writes the members `@Component` adds: the initializers, `Overrides`, the storage, a read
/// function for every member, `Resolved`, `resolve()`, `install(into:)` and the graph.
///
/// The code that builds a member is not here: the member's own `@Provide` or `@Child` accessor
/// writes it (``MemberAccessor``), and passes it to the member's read function, which supplies
/// the members it takes and keeps the result. So a mistake the compiler finds in that code (a
/// wrong initializer label, an effect or an isolation it did not declare) is reported in the
/// expansion of the member's own attribute, and the factory closure a user writes is compiled
/// once, there, and only when its attribute type-checks.
///
/// A component with errors gets the same API with bodies that stop the program (`isValid` is
/// false): the code that uses the component keeps compiling, so only the component's
/// diagnostics show.
struct ComponentGenerator {
  let component: ComponentDeclaration
  /// `fileID: "Module/File.swift", line: 12` of each member and step, by name.
  let locations: [String: String]
  /// The `#sourceLocation` directive of each member's line (see ``sendableChecks``).
  let sourceLocations: [String: String]
  /// Whether the component passed its checks.
  let isValid: Bool
  /// The members whose read function is unavailable, with the message the compiler shows when
  /// their accessor calls it (a problem Swift may report first; see ``ComponentProblems``).
  let unavailable: [String: MacroMessage]
  let order: DependencyOrder
  /// The members with a read function (they read cleanly), the first of each name.
  let members: [String: ComponentMember]
  /// The members of the API (inputs, overrides, `Resolved`): every member whose declaration
  /// reads, the first of each name, in declaration order.
  let shape: [LocalMember]
  /// The position of each cached member in `_LoomCells`.
  let cellPositions: [String: Int]

  /// `Loom::`, `LoomMacros::` and `Swift::` names, as generated code writes them.
  let loomMacros = Qualified.loomMacros
  let loom = Qualified.loom
  let swift = Qualified.swift

  /// The members whose attribute Swift may refuse, so that their `@Child` declares no alias.
  let refused: Set<String>

  init(
    _ component: ComponentDeclaration, locations: [String: String],
    sourceLocations: [String: String] = [:], isValid: Bool = true,
    unavailable: [String: MacroMessage] = [:], refused: Set<String> = []
  ) {
    self.component = component
    self.locations = locations
    self.sourceLocations = sourceLocations
    self.isValid = isValid
    self.unavailable = unavailable
    self.refused = refused
    self.order = DependencyOrder(component)
    var members: [String: ComponentMember] = [:]
    for member in component.members where members[member.name] == nil {
      members[member.name] = member
    }
    self.members = members
    var seen = Set<String>()
    // NB: a child whose type is not a component's name has no API: its `_LoomChild_` alias, which
    // every use of its type goes through, is not declared (see ``ChildMacro``).
    self.shape = component.localMembers.filter {
      ($0.kind != .child || $0.isWellFormedChild) && seen.insert($0.name).inserted
    }
    var positions: [String: Int] = [:]
    for member in shape where member.kind.isCached { positions[member.name] = positions.count }
    self.cellPositions = positions
  }

  // MARK: - What the API exposes

  var isolation: String { component.isMainActor ? Qualified.mainActor + " " : "" }
  /// The modifier of what every component has: `Overrides`, `Resolved`, `overriding(_:)`,
  /// `resolve()`, `install(into:)`.
  var access: String { component.access.modifier }
  var inputs: [LocalMember] { shape.filter { $0.kind == .input } }
  var overridable: [LocalMember] {
    shape.filter {
      $0.kind != .input && !component.typesNamingGenerated.contains($0.name)
        && !(component.clashes.contains($0.name) && $0.name == "isEmpty")
    }
  }
  var cached: [LocalMember] { shape.filter { $0.kind.isCached } }
  /// The members, in declaration order, that the checks read (valid components only).
  var checked: [ComponentMember] { shape.compactMap { members[$0.name] } }

  /// The modifier of what exposes one member (its override, its `Resolved` value): the member's
  /// own access, within the component's.
  func access(of member: LocalMember) -> String {
    min(component.access, member.access).modifier
  }

  /// The modifier of the initializers and `_LoomInputs`: public only when every input is, as
  /// Swift's memberwise initializer.
  var initializerAccess: String {
    inputs.reduce(component.access) { min($0, $1.access) }.modifier
  }

  /// The body of a function of a component with errors.
  var stop: String {
    "\(swift("fatalError"))(\(stringLiteral("\(component.name) has errors; see the diagnostics of @Component")))"
  }

  /// The component's type, as generated code inside it names it.
  var componentType: String { component.identifier }

  /// The type of a member as generated code writes it: a child's through its `_LoomChild_` alias,
  /// which reports once, at the child, a type that is not a component.
  func type(of member: LocalMember) -> String {
    usesAlias(member.name) ? childAlias(member.name) + ".Value" : member.type.trimmedDescription
  }

  /// Whether generated code names the child `name` by the alias its `@Child` declares: a child
  /// wired by `with:` and `bindings:` in a component with no problem. Swift expands the `@Child`
  /// (and declares the alias) only when its arguments type-check, which is certain for no other:
  /// a `factory:` closure is checked by Swift alone, and a component with problems may have a
  /// child whose arguments Swift refuses.
  func usesAlias(_ name: String) -> Bool {
    guard isValid, let member = members[name], case .child = member.construction else {
      return false
    }
    return !refused.contains(name)
  }

  /// `_LoomChild_session`: the alias of a child's type that its `@Child` declares.
  func childAlias(_ name: String) -> String { identifier("_LoomChild_" + name) }

  func declarations() -> [DeclSyntax] {
    var declarations: [String] = []
    if isValid { declarations.append("fileprivate let _loom: _LoomStorage") }
    declarations += typeAliases
    declarations += sendableChecks
    declarations += [inputsType, initializer, wiringInitializer]
    if isValid { declarations.append(storageInitializer) }
    // NB: what the body declares under a generated name is reported, and not declared twice.
    let clashes = component.clashes
    if !clashes.contains("overriding(_:)") { declarations.append(overriding) }
    if !clashes.contains("Overrides") { declarations.append(overrides) }
    if isValid { declarations += storage }
    declarations += onceStorage
    declarations += readFunctions
    if isValid, hasDeferred { declarations.append(registerHandles) }
    if !clashes.contains("Resolved") { declarations.append(resolved) }
    if !clashes.contains("resolve()") { declarations += resolve }
    if !clashes.contains("install(into:)") { declarations += install }
    declarations += describe
    return declarations.map { DeclSyntax(stringLiteral: $0) }
  }

  // MARK: - Inputs and initializers

  /// `_LoomInputs`: the inputs, with an initializer whose labels are sorted, so that a parent
  /// wires a child without knowing the order its inputs are declared in (and Swift's own
  /// "missing argument" names a child input the parent does not wire).
  private var inputsType: String {
    let sorted = inputs.sorted { $0.name < $1.name }
    let properties: [String] =
      isValid
      ? sorted.map { input in
        let holding = input.ownership.map { "\($0) " } ?? ""
        return "fileprivate \(holding)let \(input.identifier): \(input.type.trimmedDescription)"
      } : []
    let parameters = sorted.map {
      "\(parameter($0.name)): \(InputParameter($0.type).declaration)"
    }
    let assignments = sorted.map {
      "self.\($0.identifier) = \(InputParameter($0.type).value($0.identifier))"
    }
    let rethrowsClause =
      sorted.contains { InputParameter($0.type).isAutoclosure } ? " rethrows" : ""
    let body = isValid ? assignments.joined(separator: "\n") : ""
    let initializer =
      "\(initializerAccess)init(\(parameters.joined(separator: ", ")))\(rethrowsClause) {"
      + (body.isEmpty ? "}" : "\n\(indent(body, 1))\n}")
    return """
      \(initializerAccess)struct _LoomInputs: \(Qualified.sendable) {
      \(indent((properties + (properties.isEmpty ? [] : [""]) + [initializer]).joined(separator: "\n"), 1))
      }
      """
  }

  /// The initializer users call: the inputs in declaration order, then the overrides.
  ///
  /// An input of a type that may be a function type (an identifier, which may name a function
  /// typealias) is an `@autoclosure`: a function-typed parameter could not be stored otherwise.
  /// The overrides closure is called `_loomConfigure` inside, so that an input may be called
  /// `configure`.
  private var initializer: String {
    let parameters =
      inputs.map { "\(parameter($0.name)): \(InputParameter($0.type).declaration)" } + [
        "_ _loomConfigure: (inout Overrides) -> \(swift("Void")) = { _ in }"
      ]
    let rethrowsClause =
      inputs.contains { InputParameter($0.type).isAutoclosure } ? " rethrows" : ""
    var body: [String] = []
    if isValid {
      // NB: each input is evaluated here, in the order the caller wrote them, not in the sorted
      // order of `_LoomInputs`.
      for input in inputs {
        body.append(
          "let \(identifier("_loomInput_" + input.name)) = \(InputParameter(input.type).value(input.identifier))"
        )
      }
      let sorted = inputs.sorted { $0.name < $1.name }.map {
        "\(label($0.name)): \(identifier("_loomInput_" + $0.name))"
      }
      body += [
        "var _loomOverrides = Overrides()",
        "_loomConfigure(&_loomOverrides)",
        "self.init(_loomInputs: _LoomInputs(\(sorted.joined(separator: ", "))), overrides: _loomOverrides)",
      ]
    } else {
      body = [stop]
    }
    return """
      \(isolation)\(initializerAccess)init(\(parameters.joined(separator: ", ")))\(rethrowsClause) {
      \(indent(body.joined(separator: "\n"), 1))
      }
      """
  }

  /// The initializer a parent uses for a child.
  private var wiringInitializer: String {
    let body =
      isValid
      ? "self._loom = _LoomStorage(inputs: _loomInputs, overrides: _loomOverrides, cells: _LoomCells(_overrides: _loomOverrides, _changed: _loomOverrides, _base: nil))"
      : stop
    return """
      \(isolation)\(initializerAccess)init(_loomInputs: _LoomInputs, overrides _loomOverrides: Overrides) {
        \(body)
      }
      """
  }

  private var storageInitializer: String {
    """
    fileprivate init(_loomStorage: _LoomStorage) {
      self._loom = _loomStorage
    }
    """
  }

  private var overriding: String {
    let body =
      isValid
      ? """
      var _loomChanged = Overrides()
      _loomConfigure(&_loomChanged)
      let _loomOverrides = _loom.overrides.merging(_loomChanged)
      return Self(_loomStorage: _LoomStorage(inputs: _loom.inputs, overrides: _loomOverrides, cells: _LoomCells(_overrides: _loomOverrides, _changed: _loomChanged, _base: _loom.cells)))
      """
      : stop
    return """
      \(access)func overriding(_ _loomConfigure: (inout Overrides) -> \(swift("Void"))) -> Self {
      \(indent(body, 1))
      }
      """
  }

  // MARK: - Overrides

  private var overrides: String {
    var lines: [String] = []
    for member in overridable {
      if member.kind == .child {
        lines.append(
          "\(access(of: member))var \(member.identifier) = \(loomMacros("ChildOverrides"))<\(type(of: member))>()"
        )
      } else if member.kind == .transient {
        lines.append(
          "\(access(of: member))var \(member.identifier): \(transientOverrideType(member))?")
      } else if isBoxed(member.kind, member.effects) {
        // NB: the value is kept in a box, so that this `Sendable` struct holds no value of the
        // member's type (see `isBoxed`); the member's override is set and read on the main actor.
        let stored = boxedOverride(member.name)
        lines.append(
          """
          fileprivate var \(stored): \(boxType(type(of: member)))?
          \(Qualified.mainActor) \(access(of: member))var \(member.identifier): \(optional(member.type)) {
            get { \(stored)?.value }
            set { \(stored) = newValue.map { \(loomMacros("_MainActorBox"))($0) } }
          }
          """)
      } else {
        lines.append("\(access(of: member))var \(member.identifier): \(optional(member.type))")
      }
    }
    // NB: one statement per member, not one `&&` chain: the type checker's time on a long chain
    // of operators grows far faster than the chain. Members are read through `self.`, so that a
    // member called `merged` or `newer` is not the local of that name.
    func stored(_ member: LocalMember) -> String {
      isBoxed(member.kind, member.effects) ? boxedOverride(member.name) : member.identifier
    }
    let isEmpty =
      overridable.map {
        $0.kind == .child
          ? "if !self.\($0.identifier).isEmpty { return false }\n"
          : "if self.\(stored($0)) != nil { return false }\n"
      }.joined() + "return true"
    var merging: String
    var mergeHelpers: [String] = []
    if overridable.isEmpty {
      merging = "self"
    } else {
      let statements = overridable.map { member in
        member.kind == .child
          ? "_loomMerged.\(member.identifier) = self.\(member.identifier).merging(_loomNewer.\(member.identifier))"
          : "if let _loomValue = _loomNewer.\(stored(member)) { _loomMerged.\(stored(member)) = _loomValue }"
      }
      if overridable.count <= Self.chunkSize {
        merging =
          "var _loomMerged = self\n" + statements.joined(separator: "\n") + "\nreturn _loomMerged"
      } else {
        // NB: in helpers of a bounded size that the optimizer does not inline, as for the cells:
        // in one function, it kept every field live across every branch (memory growing with the
        // square of the members).
        let (calls, helpers) = chunked(
          statements, helper: "_loomMerge", modifiers: "@inline(never) private ",
          signature: "_ _loomMerged: inout Self, _ _loomNewer: Self",
          arguments: "&_loomMerged, _loomNewer")
        merging =
          "var _loomMerged = self\n" + calls.joined(separator: "\n") + "\nreturn _loomMerged"
        mergeHelpers = helpers
      }
    }
    return """
      \(access)struct Overrides: \(loomMacros("ComponentOverrides")) {
      \(indent(lines.joined(separator: "\n"), 1))\(lines.isEmpty ? "" : "\n")
        \(access)init() {}

        \(access)var isEmpty: \(swift("Bool")) {
      \(indent(isEmpty, 2))
        }

        \(access)func merging(_ _loomNewer: Self) -> Self {
      \(indent(merging, 2))
        }\(mergeHelpers.map { "\n\n" + indent($0, 1) }.joined())
      }
      """
  }

  /// `(@Sendable () throws -> sending Users)`: the override of a transient member, a factory
  /// that makes a new value for every read, as the member's own source does.
  ///
  /// NB: a factory, not a value, so that a member whose type is not `Sendable` can be transient
  /// (the macro cannot tell which types are): a stored value would be shared by every read, in
  /// every isolation; a factory's value is made for the read that calls it and handed over as
  /// `sending`, as the core's factories for such types are. The factory has the member's effects
  /// and, in a `@Component(mainActor: true)`, runs on the main actor.
  func transientOverrideType(_ member: LocalMember) -> String {
    let effects = member.effects.specifiers.isEmpty ? "" : " " + member.effects.specifiers
    return "(\(isolation)@Sendable ()\(effects) -> sending \(member.type.trimmedDescription))"
  }

  // MARK: - Sizes

  /// How many cached members one cells struct holds at most.
  ///
  /// NB: the compiler's definite-initialization analysis of an initializer takes time that grows
  /// with the square of the stored properties it sets (about 2 s for 500 on the machine this was
  /// measured on), so a large component keeps its cells in structs of at most this many.
  static let chunkSize = 64

  /// How many statements of a list (resolve()'s items, install(into:)'s registrations, the graph's
  /// members) one generated function holds at most; a larger component splits them into helpers.
  static let statementChunkSize = 32

  /// `body` as it is when short, or split into helpers `name0`, `name1`, ... of at most
  /// ``statementChunkSize`` statements each, with `signature` their parameter list and
  /// `arguments` what the body passes them.
  func chunked(
    _ body: [String], helper name: String, modifiers: String, signature: String,
    arguments: String, always: Bool = false
  ) -> (body: [String], helpers: [String]) {
    guard always || body.count > Self.statementChunkSize else { return (body, []) }
    let qualifier = modifiers.contains("static ") ? "Self." : ""
    var calls: [String] = []
    var helpers: [String] = []
    for start in stride(from: 0, to: body.count, by: Self.statementChunkSize) {
      let number = start / Self.statementChunkSize
      let statements = body[start..<min(start + Self.statementChunkSize, body.count)]
      helpers.append(
        """
        \(modifiers)func \(name)\(number)(\(signature)) {
        \(indent(statements.joined(separator: "\n"), 1))
        }
        """)
      calls.append("\(qualifier)\(name)\(number)(\(arguments))")
    }
    return (calls, helpers)
  }

  // MARK: - Helpers

  func location(_ name: String) -> String {
    locations[name] ?? "fileID: #fileID, line: #line"
  }

  func cellType(_ member: LocalMember) -> String {
    let cell = member.effects.isAsync ? "_AsyncSharedCell" : "_SharedCell"
    guard isBoxed(member.kind, member.effects) else {
      return loomMacros("\(cell)<\(type(of: member))>")
    }
    return loomMacros("\(cell)<\(boxType(type(of: member)))>")
  }

  /// Whether a member's value is kept in a `_MainActorBox`: a synchronous `.shared`, `.lazy` or
  /// `.once` member of a `@Component(mainActor: true)`.
  ///
  /// NB: so that its type need not be `Sendable` (the macro cannot tell which types are): the
  /// box, isolated to the main actor, is `Sendable` whatever it holds, and the value is made and
  /// read on the main actor only, as the component's members are. The overrides keep such a
  /// member's value in a box too, and `Resolved` reads it on the main actor.
  func isBoxed(_ kind: MemberKind, _ effects: MemberEffects) -> Bool {
    component.isMainActor && !effects.isAsync && [.shared, .lazy, .once].contains(kind)
  }

  /// Where Swift checks that each input and each cached member that is not boxed is `Sendable`: a
  /// function that is never called, whose statements each follow a `#sourceLocation` of a
  /// member's line.
  ///
  /// ```swift
  /// private static func _loomCheckSendable() {
  ///   // 'cache' is kept by the component and read from any isolation, so ImageCache must be Sendable.
  ///   #sourceLocation(file: "/App/AppComponent.swift", line: 9)
  ///   LoomMacros::_checkCachedMember(ImageCache.self)
  ///   // To fix, make ImageCache Sendable (or isolate it to a global actor, such as @MainActor), ...
  ///   #sourceLocation()
  /// }
  /// ```
  ///
  /// NB: a type that is not `Sendable` is reported at the member's line, in the user's file, with
  /// the comments around the call (Swift prints the two lines before an error and the two after
  /// it): why, and the ways out. In the one expansion of `@Component`: a macro on each member made
  /// compile time grow faster than the members. A call, not a type: a type per member that
  /// conforms to a protocol cost about a tenth more compile time per member. It only checks: the
  /// cells and overrides name the member's type, and Swift reports it there too; naming it
  /// through a protocol instead would make this the only error, but cost a third more compile
  /// time per member (issue 31's note has the figures).
  var sendableChecks: [String] {
    guard isValid else { return [] }
    let checks =
      shape
      .filter {
        [.input, .shared, .lazy, .once].contains($0.kind) && !isBoxed($0.kind, $0.effects)
      }
      .map { member in
        let type = member.type.trimmedDescription
        let why =
          "// '\(member.name)' is kept by the component and read from any isolation, so \(type) must be Sendable."
        let call = "\(loomMacros("_checkCachedMember"))(\(metatype(of: member)))"
        // An input cannot be made transient: it is what the component is made with.
        let fix =
          member.kind == .input
          ? "// To fix, make \(type) Sendable (or isolate it to a global actor, such as @MainActor), or pass what the component needs to make one, and make '\(member.name)' a member built from it."
          : "// To fix, make \(type) Sendable (or isolate it to a global actor, such as @MainActor), make '\(member.name)' .transient, or use @Component(mainActor: true)."
        guard let directive = sourceLocations[member.name] else { return [why, call, fix] }
        return [why, directive, call, fix, "#sourceLocation()"]
      }
    guard !checks.isEmpty else { return [] }
    return [
      """
      private static func _loomCheckSendable() {
      \(indent(checks.map { $0.joined(separator: "\n") }.joined(separator: "\n"), 1))
      }
      """
    ]
  }

  /// `LoomMacros::_MainActorBox<T>`.
  func boxType(_ type: String) -> String {
    loomMacros("_MainActorBox<\(type)>")
  }

  /// `_loomOverride_api`: where the overrides keep a boxed member's value.
  func boxedOverride(_ name: String) -> String {
    identifier("_loomOverride_" + name)
  }

  /// `T?`, parenthesised when `T` needs it.
  func optional(_ type: TypeSyntax) -> String {
    type.optionalText
  }

  /// `T.self`, parenthesised when `T` needs it.
  func metatype(_ type: TypeSyntax) -> String {
    needsParentheses(type) || type.is(OptionalTypeSyntax.self)
      || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
      ? "(\(type.trimmedDescription)).self" : "\(type.trimmedDescription).self"
  }

  /// The metatype of a member, a child's through its alias, as an expression.
  func metatype(of member: LocalMember) -> String {
    if member.kind == .child, usesAlias(member.name) { return type(of: member) + ".self" }
    if capturesType(member.type) { return typeAlias(member.name) + ".self" }
    return metatype(member.type)
  }

  /// Whether a name of `type` is also the name of a property or method of the component: an
  /// expression inside the component (`Service.self`) would find that member, not the type, so
  /// generated code names such a type through an alias declared in a type context.
  func capturesType(_ type: TypeSyntax) -> Bool {
    let values = component.memberVariables.union(component.otherProperties)
      .union(component.functions)
    guard !values.isEmpty else { return false }
    return type.tokens(viewMode: .sourceAccurate).contains {
      if case .identifier = $0.tokenKind { return values.contains($0.bareName) }
      return false
    }
  }

  /// `_LoomType_service`: the alias of a member's type, for a type a member's name captures.
  func typeAlias(_ name: String) -> String { identifier("_LoomType_" + name) }

  /// The aliases of the member types that members' names capture (see ``capturesType(_:)``).
  var typeAliases: [String] {
    shape.filter { !($0.kind == .child && usesAlias($0.name)) && capturesType($0.type) }.map {
      "fileprivate typealias \(typeAlias($0.name)) = \($0.type.trimmedDescription)"
    }
  }

  private func needsParentheses(_ type: TypeSyntax) -> Bool {
    type.is(SomeOrAnyTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
      || type.is(CompositionTypeSyntax.self) || type.is(AttributedTypeSyntax.self)
  }
}

/// How an input is declared as an initializer's parameter, so that its value can be stored.
///
/// A parameter of function type cannot be stored unless it is `@escaping`, and `@escaping` is
/// only allowed on a function type. A type written as a function type gets `@escaping`; a type
/// written as a name may be a function typealias, which the macro cannot see, so it is taken
/// through an `@autoclosure` (whose result may be stored), throwing so that the caller can write
/// `try` in the argument.
struct InputParameter {
  let type: TypeSyntax

  init(_ type: TypeSyntax) {
    self.type = type
  }

  private var bare: TypeSyntax {
    var bare = type.unparenthesized
    if let attributed = bare.as(AttributedTypeSyntax.self) { bare = attributed.baseType }
    return bare
  }

  var isFunction: Bool { bare.is(FunctionTypeSyntax.self) }

  /// Whether the type is a name (`Config`, `Feature.Format`, `Handler<Int>`).
  var isAutoclosure: Bool {
    type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self)
  }

  /// The parameter's type.
  var declaration: String {
    if isFunction { return "@escaping \(type.trimmedDescription)" }
    if isAutoclosure { return "@autoclosure () throws -> \(type.trimmedDescription)" }
    return type.trimmedDescription
  }

  /// The parameter's value, read in the initializer.
  func value(_ name: String) -> String {
    isAutoclosure ? "try \(name)()" : name
  }
}

/// Source text copied from the user's file (a closure) with its lines after the first moved so
/// that the least indented one starts at the first line's indentation.
func reindented(_ text: String) -> String {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  guard lines.count > 1 else { return text }
  let rest = lines.dropFirst()
  let margin =
    rest.filter { !$0.allSatisfy(\.isWhitespace) }
    .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
  return ([String(lines[0])] + rest.map { String($0.dropFirst(min(margin, $0.count))) })
    .joined(separator: "\n")
}

/// `text` with every line indented by `levels` × 2 spaces (empty lines stay empty).
func indent(_ text: String, _ levels: Int) -> String {
  let prefix = String(repeating: "  ", count: levels)
  return text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { $0.isEmpty ? "" : prefix + $0 }.joined(separator: "\n")
}
