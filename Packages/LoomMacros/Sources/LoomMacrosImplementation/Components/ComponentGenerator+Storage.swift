import SwiftSyntax

// The storage of a valid component: the inputs, the overrides, and a cell for every cached member.
extension ComponentGenerator {
  /// `cells.api`, or `cells.c3.api` in a component large enough to be split.
  func path(_ name: String) -> String {
    guard cellPositions.count > Self.chunkSize, let position = cellPositions[name]
    else { return "cells.\(identifier(name))" }
    return "cells.c\(position / Self.chunkSize).\(identifier(name))"
  }

  var hasDeferred: Bool {
    checked.contains { !$0.deferredDependencies.isEmpty }
  }

  var storage: [String] {
    var properties = [
      "let inputs: _LoomInputs", "let overrides: Overrides", "let cells: _LoomCells",
    ]
    if hasDeferred {
      properties.insert("let handles = \(loomMacros("_ComponentHandles"))()", at: 2)
    }
    let parameters = [
      "_overrides _loomOverrides: Overrides", "_changed _loomChanged: Overrides",
      "_base _loomBase: _LoomCells?",
    ]
    let split = cached.count > Self.chunkSize
    var body: [String] = []
    var cells: [String]
    var helpers: [String] = []
    var chunks: [[LocalMember]] = []
    func cell(_ member: LocalMember, base: String, flag: String) -> String {
      let override =
        member.kind == .child
        ? "_loomOverrides.\(member.identifier).replacement"
        : isBoxed(member.kind, member.effects)
          ? "_loomOverrides.\(boxedOverride(member.name))" : "_loomOverrides.\(member.identifier)"
      var inherited = "\(base)?.\(member.identifier)"
      if member.kind == .once {
        inherited += " ?? \(componentType).\(identifier("_loomOnce_" + member.name)).cell"
      }
      // NB: a child's cell type is named, so that a child type that is not a component (an error
      // at its `@Child`) leaves no expression here without a type.
      let select = member.kind == .child ? "\(cellType(member)).select" : ".select"
      return "\(select)(override: \(override), isChanged: \(flag), inherited: \(inherited))"
    }
    if !split {
      body = changedFlags
      for member in cached {
        body.append(
          "self.\(member.identifier) = \(cell(member, base: "_loomBase", flag: flagName(member.name)))"
        )
      }
      cells = cached.map { "let \($0.identifier): \(cellType($0))" }
    } else {
      // NB: a large component is built by helpers, each of a bounded size: the flags in an
      // array, each chunk of cells by a function of its own. In one initializer, the optimizer
      // kept a thousand cells and flags live across a thousand branches, and its memory grew
      // with the square of the members (past 6 GB for 1,000); and a debug build copied the whole
      // cells struct for every `_base?.c3.api` (a 25 MB stack frame).
      let flags = changedFlagTerms
      var flagIndex: [String: Int] = [:]
      for flag in flags { flagIndex[flag.name] = flagIndex.count }
      func flagText(_ name: String) -> String { "_loomFlags[\(flagIndex[name] ?? 0)]" }
      let flagLines = flags.map { flag in
        "_loomFlags[\(flagIndex[flag.name] ?? 0)] = "
          + (flag.sameAs.map(flagText)
            ?? flag.terms.map { $0.isFlag ? flagText($0.text) : $0.text }
            .joined(separator: " || "))
      }
      let bool = swift("Bool")
      body.append(
        flagLines.isEmpty
          ? "let _loomFlags: [\(bool)] = []"
          : "var _loomFlags = [\(bool)](repeating: false, count: \(flags.count))")
      let (calls, flagHelpers) = chunked(
        flagLines, helper: "_loomFlags", modifiers: "@inline(never) private static ",
        signature: "_ _loomFlags: inout [\(bool)], _ _loomChanged: Overrides",
        arguments: "&_loomFlags, _loomChanged", always: true)
      body += calls
      helpers += flagHelpers
      chunks = stride(from: 0, to: cached.count, by: Self.chunkSize).map {
        Array(cached[$0..<min($0 + Self.chunkSize, cached.count)])
      }
      cells = chunks.indices.map { "let c\($0): _LoomCells\($0)" }
      for (index, chunk) in chunks.enumerated() {
        let parameters = [
          "_ _loomOverrides: Overrides", "_ _loomFlags: [\(swift("Bool"))]",
          "_ _loomBase: _LoomCells\(index)?",
        ]
        var lines: [String] = []
        for member in chunk {
          lines.append(
            "let \(member.identifier): \(cellType(member)) = \(cell(member, base: "_loomBase", flag: flagText(member.name)))"
          )
        }
        lines.append(
          "return _LoomCells\(index)(\(chunk.map { "\(label($0.name)): \($0.identifier)" }.joined(separator: ", ")))"
        )
        helpers.append(
          """
          @inline(never) private static func _loomMakeCells\(index)(\(parameters.joined(separator: ", "))) -> _LoomCells\(index) {
          \(indent(lines.joined(separator: "\n"), 1))
          }
          """)
        body.append(
          "self.c\(index) = Self._loomMakeCells\(index)(_loomOverrides, _loomFlags, _loomBase?.c\(index))"
        )
      }
    }
    let initializer =
      body.isEmpty
      ? "init(\(parameters.joined(separator: ", "))) {}"
      : "init(\(parameters.joined(separator: ", "))) {\n\(indent(body.joined(separator: "\n"), 1))\n}"
    return [
      """
      fileprivate final class _LoomStorage: \(Qualified.sendable) {
      \(indent(properties.joined(separator: "\n"), 1))

        init(inputs: _LoomInputs, overrides: Overrides, cells: _LoomCells) {
          self.inputs = inputs
          self.overrides = overrides
          self.cells = cells
        }
      }
      """,
      """
      fileprivate struct _LoomCells: \(Qualified.sendable) {
      \(indent(cells.joined(separator: "\n"), 1))\(cells.isEmpty ? "" : "\n")
      \(indent(([initializer] + helpers).joined(separator: "\n\n"), 1))
      }
      """,
    ]
      + chunks.enumerated().map { index, chunk in
        // NB: a final class, not a struct: a debug build copies a nested struct whole to read
        // one of its fields (`cells.c3.api`), which costs stack in every reader.
        let parameters = chunk.map { "\(parameter($0.name)): \(cellType($0))" }
        let assignments = chunk.map { "self.\($0.identifier) = \($0.identifier)" }
        return """
          fileprivate final class _LoomCells\(index): \(Qualified.sendable) {
          \(indent(chunk.map { "let \($0.identifier): \(cellType($0))" }.joined(separator: "\n"), 1))

            init(\(parameters.joined(separator: ", "))) {
          \(indent(assignments.joined(separator: "\n"), 2))
            }
          }
          """
      }
  }

  /// `let _loomChanged_api = _loomChanged.api != nil || ...`: whether the new overrides affect
  /// each cached member (or what it is built from), dependencies first; members that depend on
  /// each other through `Lazy` or `Provider` share one flag.
  private var changedFlags: [String] {
    changedFlagTerms.map { flag in
      "let \(flagName(flag.name)) = "
        + (flag.sameAs.map(flagName)
          ?? flag.terms.map { $0.isFlag ? flagName($0.text) : $0.text }
          .joined(separator: " || "))
    }
  }

  /// `_loomChanged_api`: the changed flag of a member.
  private func flagName(_ member: String) -> String { identifier("_loomChanged_" + member) }

  /// One changed flag: its member, and either the flag it shares or the terms it ORs (a term is
  /// a test of `_changed` or, when `isFlag`, the flag of the member `text`).
  struct ChangedFlag {
    var name: String
    var sameAs: String?
    var terms: [(text: String, isFlag: Bool)]
  }

  /// The changed flags `_LoomCells` computes, dependencies first: those of the cached members and
  /// of what they are built from, and no other (an unread flag would be a warning).
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
        let member = members[name]
        let test =
          member?.kind == .child
          ? "!_loomChanged.\(identifier(name)).isEmpty"
          : member.map { isBoxed($0.kind, $0.effects) } == true
            ? "_loomChanged.\(boxedOverride(name)) != nil"
            : "_loomChanged.\(identifier(name)) != nil"
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
    // Keep the flags that are read: a cached member's, and those another kept flag reads.
    let byName = Dictionary(flags.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var read = Set<String>()
    var pending = cached.map(\.name)
    while let name = pending.popLast() {
      guard read.insert(name).inserted, let flag = byName[name] else { continue }
      if let other = flag.sameAs { pending.append(other) }
      pending += flag.terms.filter(\.isFlag).map(\.text)
    }
    return flags.filter { read.contains($0.name) }
  }

  var onceStorage: [String] {
    let once = shape.filter { $0.kind == .once }
    guard !once.isEmpty else { return [] }
    var declarations: [String] = []
    if isValid {
      declarations = once.map { member in
        "private static let \(identifier("_loomOnce_" + member.name)) = \(loomMacros("_OnceMember"))<\(cellType(member))>()"
      }
    }
    let body =
      isValid
      ? once.map { "\(identifier("_loomOnce_" + $0.name)).reset()" }.joined(separator: "\n") : ""
    declarations.append(
      """
      \(access)static func resetOnceMembers() {
      \(indent(body, 1))
      }
      """)
    return declarations
  }
}
