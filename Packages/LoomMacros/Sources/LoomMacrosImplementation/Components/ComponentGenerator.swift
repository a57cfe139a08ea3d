import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Writes the members `@Component` adds to a valid component.
struct ComponentGenerator {
  let component: ComponentDeclaration
  /// `fileID: "Module/File.swift", line: 12` of each member and step, by name.
  let locations: [String: String]
  private let order: DependencyOrder
  private let members: [String: ComponentMember]
  /// The position of each stored member (inputs and cached members) in `stored`.
  private let storedPositions: [String: Int]

  init(_ component: ComponentDeclaration, locations: [String: String]) {
    self.component = component
    self.locations = locations
    self.order = DependencyOrder(component)
    var members: [String: ComponentMember] = [:]
    for member in component.members { members[member.name] = member }
    self.members = members
    var positions: [String: Int] = [:]
    for member in component.members where member.kind == .input || member.kind.isCached {
      positions[member.name] = positions.count
    }
    self.storedPositions = positions
  }

  private var access: String { component.access }
  private var isolation: String { component.isMainActor ? "@MainActor " : "" }
  private var inputs: [ComponentMember] { component.members.filter { $0.kind == .input } }
  private var overridable: [ComponentMember] { component.members.filter { $0.kind != .input } }
  private var cached: [ComponentMember] { component.members.filter { $0.kind.isCached } }
  private var hasDeferred: Bool {
    component.members.contains { !$0.deferredDependencies.isEmpty }
  }
  /// The members `_LoomCells` stores: inputs and cached members.
  private var stored: [ComponentMember] {
    component.members.filter { $0.kind == .input || $0.kind.isCached }
  }

  /// How many stored members one cells struct holds at most.
  ///
  /// NB: the compiler's definite-initialization analysis of an initializer takes time that grows
  /// with the square of the stored properties it sets (about 2 s for 500 on the machine this was
  /// measured on), so a large component keeps its cells in structs of at most this many.
  static let chunkSize = 64

  /// `cells.api`, or `cells.c3.api` in a component large enough to be split.
  private func path(_ name: String) -> String {
    guard storedPositions.count > Self.chunkSize, let position = storedPositions[name]
    else { return "cells.\(name)" }
    return "cells.c\(position / Self.chunkSize).\(name)"
  }

  func declarations() -> [DeclSyntax] {
    var declarations: [String] = ["fileprivate let _loom: _LoomStorage"]
    declarations += [initializer, wiringInitializer, storageInitializer, overriding, overrides]
    declarations += storage
    declarations += onceStorage
    for member in component.members { declarations += read(member) }
    if hasDeferred { declarations.append(registerHandles) }
    declarations.append(resolved)
    declarations += resolve
    declarations += install
    declarations += describe
    return declarations.map { DeclSyntax(stringLiteral: $0) }
  }

  /// Getters that stop the program, for a component with errors: they keep the accessors of the
  /// valid members compiling, so only the diagnostics of `@Component` are shown.
  static func stubs(for members: [LocalMember], component: String) -> [DeclSyntax] {
    members.map { member in
      let effects = member.effects.specifiers
      return """
        private func _loomRead_\(raw: member.name)()\(raw: effects.isEmpty ? "" : " " + effects) -> \(member.type) {
          fatalError("\(raw: component) has errors; see the diagnostics of @Component")
        }
        """
    }
  }

  // MARK: - Initializers

  private var initializer: String {
    let parameters =
      inputs.map { "\($0.name): \(parameterType($0.type))" } + [
        "_ configure: (inout Overrides) -> Void = { _ in }"
      ]
    return """
      \(isolation)\(access)init(\(parameters.joined(separator: ", "))) {
        var _overrides = Overrides()
        configure(&_overrides)
        self._loom = \(storage(inputs: inputs.map { "\($0.name): \($0.name)" }, overrides: "_overrides", changed: "_overrides", base: "nil"))
      }
      """
  }

  /// The initializer a parent uses for a child: inputs sorted by label, so the parent can wire
  /// them without knowing the order they are declared in.
  private var wiringInitializer: String {
    let sorted = inputs.sorted { $0.name < $1.name }
    let parameters =
      ["_loomWiring _overrides: Overrides"] + sorted.map { "\($0.name): \(parameterType($0.type))" }
    return """
      \(isolation)\(access)init(\(parameters.joined(separator: ", "))) {
        self._loom = \(storage(inputs: inputs.map { "\($0.name): \($0.name)" }, overrides: "_overrides", changed: "_overrides", base: "nil"))
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
    """
    \(access)func overriding(_ configure: (inout Overrides) -> Void) -> Self {
      var _changed = Overrides()
      configure(&_changed)
      let _overrides = _loom.overrides.merging(_changed)
      return Self(_loomStorage: \(storage(inputs: inputs.map { "\($0.name): _loom.\(path($0.name))" }, overrides: "_overrides", changed: "_changed", base: "_loom.cells")))
    }
    """
  }

  /// `_LoomStorage(cells: _LoomCells(...), overrides: ...)`.
  private func storage(inputs: [String], overrides: String, changed: String, base: String)
    -> String
  {
    let arguments =
      (inputs + [
        "_overrides: \(overrides)", "_changed: \(changed)", "_base: \(base)",
      ]).joined(separator: ", ")
    return "_LoomStorage(cells: _LoomCells(\(arguments)), overrides: \(overrides))"
  }

  // MARK: - Overrides

  private var overrides: String {
    var lines: [String] = []
    for member in overridable {
      if member.kind == .child {
        lines.append(
          "\(access)var \(member.name) = LoomMacros.ChildOverrides<\(member.type.trimmedDescription)>()"
        )
      } else {
        lines.append("\(access)var \(member.name): \(optional(member.type))")
      }
    }
    // NB: one statement per member, not one `&&` chain: the type checker's time on a long chain
    // of operators grows far faster than the chain.
    let isEmpty =
      overridable.map {
        $0.kind == .child
          ? "if !\($0.name).isEmpty { return false }\n" : "if \($0.name) != nil { return false }\n"
      }.joined() + "return true"
    var merging: String
    var mergeHelpers: [String] = []
    if overridable.isEmpty {
      merging = "self"
    } else {
      let statements = overridable.map { member in
        member.kind == .child
          ? "merged.\(member.name) = \(member.name).merging(newer.\(member.name))"
          : "if let value = newer.\(member.name) { merged.\(member.name) = value }"
      }
      if overridable.count <= Self.chunkSize {
        merging = "var merged = self\n" + statements.joined(separator: "\n") + "\nreturn merged"
      } else {
        // NB: in helpers of a bounded size that the optimizer does not inline, as for the cells:
        // in one function, it kept every field live across every branch (memory growing with the
        // square of the members).
        let (calls, helpers) = chunked(
          statements, helper: "_loomMerge", modifiers: "@inline(never) private ",
          signature: "_ merged: inout Self, _ newer: Self", arguments: "&merged, newer")
        merging = "var merged = self\n" + calls.joined(separator: "\n") + "\nreturn merged"
        mergeHelpers = helpers
      }
    }
    return """
      \(access)struct Overrides: LoomMacros.ComponentOverrides {
      \(indent(lines.joined(separator: "\n"), 1))\(lines.isEmpty ? "" : "\n")
        \(access)init() {}

        \(access)var isEmpty: Bool {
      \(indent(isEmpty, 2))
        }

        \(access)func merging(_ newer: Self) -> Self {
      \(indent(merging, 2))
        }\(mergeHelpers.map { "\n\n" + indent($0, 1) }.joined())
      }
      """
  }

  // MARK: - Storage

  private var storage: [String] {
    var properties = ["let overrides: Overrides", "let cells: _LoomCells"]
    if hasDeferred { properties.insert("let handles = LoomMacros.ComponentHandles()", at: 1) }
    func declaration(_ member: ComponentMember) -> String {
      member.kind == .input
        ? "let \(member.name): \(member.type.trimmedDescription)"
        : "let \(member.name): \(cellType(member))"
    }
    let parameters =
      inputs.map { "\($0.name): \(parameterType($0.type))" } + [
        "_overrides: Overrides", "_changed: Overrides", "_base: _LoomCells?",
      ]
    let split = stored.count > Self.chunkSize
    var body: [String] = []
    var cells: [String]
    var helpers: [String] = []
    var chunks: [[ComponentMember]] = []
    func cell(_ member: ComponentMember, base: String, flag: String) -> String {
      let override =
        member.kind == .child
        ? "_overrides.\(member.name).replacement" : "_overrides.\(member.name)"
      var inherited = "\(base)?.\(member.name)"
      if member.kind == .once {
        inherited += " ?? \(component.name)._loomOnce_\(member.name).cell"
      }
      return ".select(override: \(override), isChanged: \(flag), inherited: \(inherited))"
    }
    if !split {
      body = inputs.map { "self.\($0.name) = \($0.name)" } + changedFlags
      for member in cached {
        body.append(
          "self.\(member.name) = \(cell(member, base: "_base", flag: "_\(member.name)Changed"))")
      }
      cells = stored.map(declaration)
    } else {
      // NB: a large component is built by helpers, each of a bounded size: the flags in an
      // array, each chunk of cells by a function of its own. In one initializer, the optimizer
      // kept a thousand cells and flags live across a thousand branches, and its memory grew
      // with the square of the members (past 6 GB for 1,000); and a debug build copied the whole
      // cells struct for every `_base?.c3.api` (a 25 MB stack frame).
      let flags = changedFlagTerms
      var flagIndex: [String: Int] = [:]
      for flag in flags { flagIndex[flag.name] = flagIndex.count }
      func flagText(_ name: String) -> String { "_flags[\(flagIndex[name] ?? 0)]" }
      let flagLines = flags.map { flag in
        "_flags[\(flagIndex[flag.name] ?? 0)] = "
          + (flag.sameAs.map(flagText)
            ?? flag.terms.map { $0.isFlag ? flagText($0.text) : $0.text }
            .joined(separator: " || "))
      }
      body.append(
        flagLines.isEmpty
          ? "let _flags: [Bool] = []"
          : "var _flags = [Bool](repeating: false, count: \(flags.count))")
      let (calls, flagHelpers) = chunked(
        flagLines, helper: "_loomFlags", modifiers: "@inline(never) private static ",
        signature: "_ _flags: inout [Bool], _ _changed: Overrides", arguments: "&_flags, _changed",
        always: true)
      body += calls
      helpers += flagHelpers
      chunks = stride(from: 0, to: stored.count, by: Self.chunkSize).map {
        Array(stored[$0..<min($0 + Self.chunkSize, stored.count)])
      }
      cells = chunks.indices.map { "let c\($0): _LoomCells\($0)" }
      for (index, chunk) in chunks.enumerated() {
        let chunkInputs = chunk.filter { $0.kind == .input }
        let parameters =
          chunkInputs.map { "\($0.name): \(parameterType($0.type))" } + [
            "_ _overrides: Overrides", "_ _flags: [Bool]", "_ _base: _LoomCells\(index)?",
          ]
        var lines: [String] = []
        for member in chunk where member.kind != .input {
          lines.append(
            "let \(member.name): \(cellType(member)) = \(cell(member, base: "_base", flag: flagText(member.name)))"
          )
        }
        lines.append(
          "return _LoomCells\(index)(\(chunk.map { "\($0.name): \($0.name)" }.joined(separator: ", ")))"
        )
        helpers.append(
          """
          @inline(never) private static func _loomMakeCells\(index)(\(parameters.joined(separator: ", "))) -> _LoomCells\(index) {
          \(indent(lines.joined(separator: "\n"), 1))
          }
          """)
        let arguments =
          chunkInputs.map { "\($0.name): \($0.name)" } + [
            "_overrides", "_flags", "_base?.c\(index)",
          ]
        body.append(
          "self.c\(index) = Self._loomMakeCells\(index)(\(arguments.joined(separator: ", ")))")
      }
    }
    let initializer =
      body.isEmpty
      ? "init(\(parameters.joined(separator: ", "))) {}"
      : "init(\(parameters.joined(separator: ", "))) {\n\(indent(body.joined(separator: "\n"), 1))\n}"
    return [
      """
      fileprivate final class _LoomStorage: Sendable {
      \(indent(properties.joined(separator: "\n"), 1))

        init(cells: _LoomCells, overrides: Overrides) {
          self.cells = cells
          self.overrides = overrides
        }
      }
      """,
      """
      fileprivate struct _LoomCells: Sendable {
      \(indent(cells.joined(separator: "\n"), 1))\(cells.isEmpty ? "" : "\n")
      \(indent(([initializer] + helpers).joined(separator: "\n\n"), 1))
      }
      """,
    ]
      + chunks.enumerated().map { index, chunk in
        // NB: a final class, not a struct: a debug build copies a nested struct whole to read
        // one of its fields (`cells.c3.api`), which costs stack in every reader.
        let parameters = chunk.map {
          "\($0.name): \($0.kind == .input ? parameterType($0.type) : cellType($0))"
        }
        let assignments = chunk.map { "self.\($0.name) = \($0.name)" }
        return """
          fileprivate final class _LoomCells\(index): Sendable {
          \(indent(chunk.map(declaration).joined(separator: "\n"), 1))

            init(\(parameters.joined(separator: ", "))) {
          \(indent(assignments.joined(separator: "\n"), 2))
            }
          }
          """
      }
  }

  /// `let _apiChanged = _changed.api != nil || ...`: whether the new overrides affect each
  /// cached member (or what it is built from), dependencies first; members that depend on each
  /// other through `Lazy` or `Provider` share one flag.
  private var changedFlags: [String] {
    changedFlagTerms.map { flag in
      "let _\(flag.name)Changed = "
        + (flag.sameAs.map { "_\($0)Changed" }
          ?? flag.terms.map { $0.isFlag ? "_\($0.text)Changed" : $0.text }
          .joined(separator: " || "))
    }
  }

  /// One changed flag: its member, and either the flag it shares or the terms it ORs (a term is
  /// a test of `_changed` or, when `isFlag`, the flag of the member `text`).
  private struct ChangedFlag {
    var name: String
    var sameAs: String?
    var terms: [(text: String, isFlag: Bool)]
  }

  /// The changed flags `_LoomCells` computes, dependencies first.
  private var changedFlagTerms: [ChangedFlag] {
    let memberCount = order.memberCount
    func isInput(_ vertex: Int) -> Bool { members[order.names[vertex]]?.kind == .input }
    let edges = (0..<order.names.count).map { vertex -> [Int] in
      guard vertex < memberCount, !isInput(vertex) else { return [] }
      return order.all[vertex].filter { $0 < memberCount && !isInput($0) }
    }
    // Only the flags a cached member needs, directly or not.
    var needed = Set<Int>()
    var stack = cached.compactMap { order.index[$0.name] }
    while let vertex = stack.popLast() {
      guard needed.insert(vertex).inserted else { continue }
      stack.append(contentsOf: edges[vertex])
    }
    var flags: [ChangedFlag] = []
    for group in order.stronglyConnectedComponents(edges) where needed.contains(group[0]) {
      let inGroup = Set(group)
      var terms = group.map { vertex -> (text: String, isFlag: Bool) in
        let name = order.names[vertex]
        let test =
          members[name]?.kind == .child ? "!_changed.\(name).isEmpty" : "_changed.\(name) != nil"
        return (test, false)
      }
      var outside: [Int] = []
      for vertex in group {
        for next in edges[vertex] where !inGroup.contains(next) && !outside.contains(next) {
          outside.append(next)
        }
      }
      terms += outside.sorted().map { (order.names[$0], true) }
      let first = order.names[group[0]]
      flags.append(ChangedFlag(name: first, sameAs: nil, terms: terms))
      for vertex in group.dropFirst() {
        flags.append(ChangedFlag(name: order.names[vertex], sameAs: first, terms: []))
      }
    }
    return flags
  }

  private var onceStorage: [String] {
    let once = component.members.filter { $0.kind == .once }
    guard !once.isEmpty else { return [] }
    var declarations = once.map { member in
      "private static let _loomOnce_\(member.name) = LoomMacros.OnceMember<\(cellType(member))>()"
    }
    declarations.append(
      """
      \(access)static func resetOnceMembers() {
      \(indent(once.map { "_loomOnce_\($0.name).reset()" }.joined(separator: "\n"), 1))
      }
      """)
    return declarations
  }

  // MARK: - Reading members

  private func read(_ member: ComponentMember) -> [String] {
    let effects = member.effects
    let signature =
      "\(isolation)private func _loomRead_\(member.name)()\(effects.specifiers.isEmpty ? "" : " " + effects.specifiers) -> \(member.type.trimmedDescription)"
    switch member.kind {
    case .input:
      return ["\(signature) {\n  _loom.\(path(member.name))\n}"]
    case .transient:
      let body =
        "if let value = _loom.overrides.\(member.name) { return value }\n"
        + construction(of: member, receiver: "self", returning: true)
      return ["\(signature) {\n\(indent(body, 1))\n}"]
    case .shared, .once, .child:
      if effects.isAsync {
        let make =
          "\(isolation)private static func _loomMake_\(member.name)(_ component: Self)\(" " + effects.specifiers) -> \(member.type.trimmedDescription)"
        return [
          "\(signature) {\n  \(effects.markers)_loom.\(path(member.name)).get(self, Self._loomMake_\(member.name))\n}",
          "\(make) {\n\(indent(construction(of: member, receiver: "component", returning: false), 1))\n}",
        ]
      }
      let built = construction(of: member, receiver: "self", returning: false)
      let closure =
        built.contains("\n")
        ? "{\n\(indent(built, 2))\n  }" : "{ \(built) }"
      return ["\(signature) {\n  \(effects.markers)_loom.\(path(member.name)).get \(closure)\n}"]
    }
  }

  /// The code that builds `member`, reading its dependencies from `receiver`.
  private func construction(
    of member: ComponentMember, receiver: String, returning: Bool
  ) -> String {
    let markers = member.effects.markers
    let ret = returning ? "return " : ""
    func arguments(_ references: [MemberReference]) -> String {
      references.map { reference in
        let value = argument(reference, receiver: receiver)
        return reference.label.map { "\($0): \(value)" } ?? value
      }.joined(separator: ", ")
    }
    switch member.construction {
    case .input:
      return "\(ret)\(receiver).\(member.name)"
    case .initializer(let type):
      return "\(ret)\(markers)\(type)(\(arguments(member.dependencies)))"
    case .reference(let callee):
      return "\(ret)\(markers)\(callee)(\(arguments(member.dependencies)))"
    case .closure(let closure):
      let call = "factory(\(arguments(member.dependencies)))"
      let factory = "let factory = \(reindented(closure.trimmedDescription))\n"
      guard member.kind == .child else { return factory + "return \(markers)\(call)" }
      // The child is made by the closure: the overrides inside it apply to a copy.
      return factory
        + "let child = \(markers)\(call)\n"
        + "let inside = \(receiver)._loom.overrides.\(member.name).overrides\n"
        + "return inside.isEmpty ? child : child.overriding { $0 = inside }"
    case .child:
      let sorted = member.dependencies.sorted { ($0.label ?? "") < ($1.label ?? "") }
      let wiring =
        ["_loomWiring: \(receiver)._loom.overrides.\(member.name).overrides"]
        + sorted.map { "\($0.label ?? $0.member): \(argument($0, receiver: receiver))" }
      return "\(ret)\(markers)\(member.type.trimmedDescription)(\(wiring.joined(separator: ", ")))"
    }
  }

  /// A member as an argument: read from `receiver`, or a `Lazy` / `Provider` handle of it.
  private func argument(_ reference: MemberReference, receiver: String) -> String {
    guard let deferral = reference.deferral, let target = members[reference.member] else {
      return "\(receiver).\(reference.member)"
    }
    let method = deferral == .lazy ? "lazy" : "provider"
    return
      "\(receiver)._loom.handles.\(method)(\(metatype(target.type)), member: \"\(target.name)\", register: \(receiver)._loomRegisterHandles)"
  }

  private var registerHandles: String {
    var targets: [ComponentMember] = []
    for member in component.members {
      for reference in member.deferredDependencies {
        if let target = members[reference.member],
          !targets.contains(where: { $0.name == target.name })
        {
          targets.append(target)
        }
      }
    }
    let registrations = targets.map { target in
      let register = component.isMainActor ? "registerMainActor" : "register"
      return """
        container.\(register)(\(metatype(target.type)), name: "\(target.name)") { [weak storage] _ in
          guard let storage else {
            throw LoomMacros.ComponentError.componentReleased(component: "\(component.name)", member: "\(target.name)")
          }
          return \(target.effects.isThrowing ? "try " : "")Self(_loomStorage: storage).\(target.name)
        }
        """
    }
    return """
      private func _loomRegisterHandles(_ container: Loom.Container) {
        let storage = _loom
      \(indent(registrations.joined(separator: "\n"), 1))
      }
      """
  }

  // MARK: - resolve()

  /// The aggregate `resolve()` returns: the children's aggregates, and a getter for every other
  /// input and cached member, reading the value `resolve()` built (cells never change once built).
  private var resolved: String {
    var lines = ["\(access)let component: \(component.name)"]
    var parameters = ["_ component: \(component.name)"]
    var assignments = ["self.component = component"]
    var getters: [String] = []
    for member in stored {
      switch member.kind {
      case .child:
        let type = "\(member.type.trimmedDescription).Resolved"
        lines.append("\(access)let \(member.name): \(type)")
        parameters.append("\(member.name): \(type)")
        assignments.append("self.\(member.name) = \(member.name)")
      case .input:
        getters.append(
          "\(access)var \(member.name): \(member.type.trimmedDescription) { component._loom.\(path(member.name)) }"
        )
      default:
        getters.append(
          "\(access)var \(member.name): \(member.type.trimmedDescription) { component._loom.\(path(member.name)).expectBuilt(\"\(component.name).\(member.name)\") }"
        )
      }
    }
    return """
      \(access)struct Resolved: Sendable {
      \(indent((lines + [""] + getters).joined(separator: "\n"), 1))\(getters.isEmpty ? "" : "\n")
        fileprivate init(\(parameters.joined(separator: ", "))) {
      \(indent(assignments.joined(separator: "\n"), 2))
        }
      }
      """
  }

  private var resolve: [String] {
    let memberCount = order.memberCount
    func prerequisites(_ name: String) -> String {
      guard let vertex = order.index[name] else { return "" }
      let found = order.cachedPrerequisites(
        of: vertex,
        isCached: { $0 < memberCount && (members[order.names[$0]]?.kind.isCached ?? false) },
        isStep: { $0 >= memberCount }
      ).sorted()
      guard !found.isEmpty else { return "" }
      return ", after: [\(found.map { "\"\(order.names[$0])\"" }.joined(separator: ", "))]"
    }
    let hop = component.isMainActor ? "@MainActor in " : ""
    var lines: [String] = []
    var items: [String] = []
    /// The children's slots each item fills (`_sessionResolved: ...`), for the chunk helpers.
    var slots: [String?] = []
    var children: [String] = []
    for member in cached {
      if member.kind == .child {
        let slotType = "LoomMacros.ResolvedSlot<\(member.type.trimmedDescription).Resolved>"
        lines.append("let _\(member.name)Resolved = \(slotType)()")
        items.append(
          ".child(\"\(member.name)\"\(prerequisites(member.name))) { \(hop)_\(member.name)Resolved.fill(try await self.\(member.name).resolve()) }"
        )
        slots.append("_\(member.name)Resolved: \(slotType)")
        children.append("\(member.name): _\(member.name)Resolved.value")
      } else {
        items.append(
          ".member(\"\(member.name)\"\(prerequisites(member.name))) { \(hop)_ = \(member.effects.markers)self.\(member.name) }"
        )
        slots.append(nil)
      }
    }
    for step in component.steps {
      var effects = step.effects
      let arguments = step.parameters.map { parameter -> String in
        if let member = members[parameter.member] { effects = effects.union(member.effects) }
        return parameter.label.map { "\($0): self.\(parameter.member)" }
          ?? "self.\(parameter.member)"
      }
      items.append(
        ".step(\"\(step.name)\"\(prerequisites(step.name))) { \(hop)\(effects.markers)self.\(step.name)(\(arguments.joined(separator: ", "))) }"
      )
      slots.append(nil)
    }
    // NB: one `append` per item, not one array literal: the type checker solves a literal of
    // closures as one expression, which takes seconds on a large component.
    var helpers: [String] = []
    if items.isEmpty {
      lines.append("try await LoomMacros.ComponentScheduler.run(\"\(component.name)\", [])")
    } else {
      lines.append("var items: [LoomMacros.ComponentScheduler.Item] = []")
      lines.append("items.reserveCapacity(\(items.count))")
      let appends = items.map { "items.append(\($0))" }
      if items.count <= Self.statementChunkSize {
        lines += appends
      } else {
        // NB: the items of a large component are appended by helpers of at most
        // `statementChunkSize` items each: the optimizer's time on one function of a thousand
        // closures grows far faster than the count (and its memory went past 6 GB).
        for start in stride(from: 0, to: items.count, by: Self.statementChunkSize) {
          let range = start..<min(start + Self.statementChunkSize, items.count)
          let number = start / Self.statementChunkSize
          let used = slots[range].compactMap { $0 }
          let parameters = ["_ items: inout [LoomMacros.ComponentScheduler.Item]"] + used
          let arguments =
            ["&items"]
            + used.map { String($0.prefix(while: { $0 != ":" })) }
            .map { "\($0): \($0)" }
          helpers.append(
            """
            \(isolation)private func _loomResolveItems\(number)(\(parameters.joined(separator: ", "))) {
            \(indent(appends[range].joined(separator: "\n"), 1))
            }
            """)
          lines.append("_loomResolveItems\(number)(\(arguments.joined(separator: ", ")))")
        }
      }
      lines.append("try await LoomMacros.ComponentScheduler.run(\"\(component.name)\", items)")
    }
    lines.append("return Resolved(\((["self"] + children).joined(separator: ", ")))")
    return helpers + [
      """
      \(isolation)\(access)func resolve() async throws(LoomMacros.ComponentError) -> Resolved {
      \(indent(lines.joined(separator: "\n"), 1))
      }
      """
    ]
  }

  /// How many statements of a list (resolve()'s items, install(into:)'s registrations, the graph's
  /// members) one generated function holds at most; a larger component splits them into helpers.
  static let statementChunkSize = 32

  /// `body` as it is when short, or split into helpers `name0`, `name1`, ... of at most
  /// ``statementChunkSize`` statements each, with `signature` their parameter list and
  /// `arguments` what the body passes them.
  private func chunked(
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

  // MARK: - install(into:)

  private var install: [String] {
    var lines: [String] = []
    let hop = component.isMainActor ? "@MainActor in " : ""
    for member in component.members {
      let kind = member.kind == .child ? "shared" : member.kind.rawValue
      let dependencies = member.directDependencies.map { "\"\($0.member)\"" }
      let dependencyArgument =
        dependencies.isEmpty ? "" : ", dependencies: [\(dependencies.joined(separator: ", "))]"
      let method: String
      var readHop = ""
      if member.effects.isAsync {
        method = "asyncMember"
        readHop = hop
      } else {
        method = component.isMainActor ? "mainActorMember" : "member"
      }
      lines.append(
        "installer.\(method)(\(metatype(member.type)), \"\(member.name)\", .\(kind)\(dependencyArgument), \(location(member.name))) { \(readHop)\(member.effects.markers)component.\(member.name) }"
      )
    }
    for step in component.steps {
      var effects = step.effects
      let arguments = step.parameters.map { parameter -> String in
        if let member = members[parameter.member] { effects = effects.union(member.effects) }
        return parameter.label.map { "\($0): component.\(parameter.member)" }
          ?? "component.\(parameter.member)"
      }
      let dependencies = step.parameters.map { "\"\($0.member)\"" }
      var dependencyArgument =
        dependencies.isEmpty ? "" : ", dependencies: [\(dependencies.joined(separator: ", "))]"
      if !step.after.isEmpty {
        dependencyArgument +=
          ", after: [\(step.after.map { "\"\($0.name)\"" }.joined(separator: ", "))]"
      }
      lines.append(
        "installer.step(\"\(step.name)\"\(dependencyArgument), \(location(step.name))) { \(hop)\(effects.markers)component.\(step.name)(\(arguments.joined(separator: ", "))) }"
      )
    }
    let (calls, helpers) = chunked(
      lines, helper: "_loomInstall", modifiers: "\(isolation)private static ",
      signature: "_ installer: inout LoomMacros.ComponentInstaller, _ component: Self",
      arguments: "&installer, component")
    let body =
      [
        "let component = self",
        "var installer = LoomMacros.ComponentInstaller(container, component: \"\(component.name)\")",
      ] + calls + ["installer.finish()"]
    return helpers + [
      """
      \(isolation)\(access)func install(into container: Loom.Container) {
      \(indent(body.joined(separator: "\n"), 1))
      }
      """
    ]
  }

  // MARK: - The graph

  private var describe: [String] {
    var lines: [String] = []
    for member in component.members {
      var arguments = ["\"\(member.name)\"", metatype(member.type)]
      if member.kind != .child { arguments.append(".\(member.kind.rawValue)") }
      if member.effects != MemberEffects() {
        arguments.append("effects: \(member.effects.argumentText)")
      }
      let direct = member.directDependencies.map { "\"\($0.member)\"" }
      if !direct.isEmpty { arguments.append("dependencies: [\(direct.joined(separator: ", "))]") }
      let deferred = member.deferredDependencies.map { "\"\($0.member)\"" }
      if !deferred.isEmpty { arguments.append("deferred: [\(deferred.joined(separator: ", "))]") }
      if member.kind == .child, case .child = member.construction, !member.dependencies.isEmpty {
        let inputs = member.dependencies.sorted {
          ($0.label ?? $0.member) < ($1.label ?? $1.member)
        }
        .map { "\"\($0.label ?? $0.member)\": \"\($0.member)\"" }
        arguments.append("inputs: [\(inputs.joined(separator: ", "))]")
      }
      arguments.append(location(member.name))
      let method = member.kind == .child ? "child" : "member"
      lines.append("graph.\(method)(\(arguments.joined(separator: ", ")))")
    }
    let (body, helpers) = chunked(
      lines, helper: "_loomDescribe", modifiers: "private static ",
      signature: "_ graph: inout LoomMacros.ComponentGraph", arguments: "&graph")
    return helpers + [
      """
      \(access)static func _describe(in graph: inout LoomMacros.ComponentGraph) {
      \(indent(body.joined(separator: "\n"), 1))
      }
      """
    ]
  }

  // MARK: - Helpers

  private func location(_ name: String) -> String {
    locations[name] ?? "fileID: #fileID, line: #line"
  }

  private func cellType(_ member: ComponentMember) -> String {
    let cell = member.effects.isAsync ? "AsyncSharedCell" : "SharedCell"
    return "LoomMacros.\(cell)<\(member.type.trimmedDescription)>"
  }

  /// A parameter type: `@escaping` added to a function type.
  private func parameterType(_ type: TypeSyntax) -> String {
    var bare = type.unparenthesized
    if let attributed = bare.as(AttributedTypeSyntax.self) { bare = attributed.baseType }
    return bare.is(FunctionTypeSyntax.self)
      ? "@escaping \(type.trimmedDescription)" : type.trimmedDescription
  }

  /// `T?`, parenthesised when `T` needs it.
  private func optional(_ type: TypeSyntax) -> String {
    needsParentheses(type) ? "(\(type.trimmedDescription))?" : "\(type.trimmedDescription)?"
  }

  /// `T.self`, parenthesised when `T` needs it.
  private func metatype(_ type: TypeSyntax) -> String {
    needsParentheses(type) || type.is(OptionalTypeSyntax.self)
      || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
      ? "(\(type.trimmedDescription)).self" : "\(type.trimmedDescription).self"
  }

  private func needsParentheses(_ type: TypeSyntax) -> Bool {
    type.is(SomeOrAnyTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
      || type.is(CompositionTypeSyntax.self) || type.is(AttributedTypeSyntax.self)
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
