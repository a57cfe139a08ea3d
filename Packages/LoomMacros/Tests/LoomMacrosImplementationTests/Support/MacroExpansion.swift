import LoomMacrosImplementation
import SwiftDiagnostics
import SwiftIfConfig
import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// What expanding a piece of source gave: the expanded text and every diagnostic, with positions
/// in the original source and the fix-its applied one by one.
struct Expansion {
  /// The expanded source, surrounding newlines trimmed.
  var source: String
  /// `line:column: severity: message` for each diagnostic, in the order they were reported.
  var diagnostics: [String]
  /// The title of each fix-it, in order.
  var fixIts: [String]
  /// The original source with each fix-it applied on its own, in the order of ``fixIts``.
  var fixedSources: [String]
  /// The message ID of each diagnostic, in the order reported.
  var ids: [MessageID]
}

/// The macros of LoomMacros under their attribute names, as the compiler would see them.
///
/// Extension roles must name the protocols they add: the compiler only passes the missing ones.
let loomMacros: [String: MacroSpec] = [
  "Bind": MacroSpec(type: BindMacro.self, conformances: ["Injectable"]),
  "Inject": MacroSpec(type: InjectMacro.self),
  "Injectable": MacroSpec(type: InjectableMacro.self, conformances: ["Injectable"]),
  "InjectableInit": MacroSpec(type: InjectableInitMacro.self),
  "Module": MacroSpec(type: ModuleMacro.self, conformances: ["Assembly"]),
  "Provides": MacroSpec(type: ProvidesMacro.self),
  "Startup": MacroSpec(type: StartupMacro.self),
  "WeakInject": MacroSpec(type: WeakInjectMacro.self),
]

/// The build configuration the compiler passes to macros, as the tests expand with it: a debug
/// build (`#if DEBUG` is active).
var debugConfiguration: StaticBuildConfiguration {
  StaticBuildConfiguration(
    customConditions: ["DEBUG"], languageVersion: VersionTuple(6),
    compilerVersion: VersionTuple(6, 3))
}

/// Expands every Loom macro in `source` the way the compiler does, without the compiler.
///
/// - Parameters:
///   - source: Swift source that uses the macros.
///   - macros: The macros to expand, by attribute name.
///   - file: The file name diagnostics report.
///   - configuration: The build configuration, or nil for a compiler that passes none.
/// - Returns: The expansion, its diagnostics and fix-its.
func expand(
  _ source: String, macros: [String: MacroSpec] = loomMacros, file: String = "test.swift",
  configuration: (any BuildConfiguration)? = debugConfiguration
) -> Expansion {
  let tree = Parser.parse(source: source)
  let context = BasicMacroExpansionContext(
    sourceFiles: [tree: .init(moduleName: "TestModule", fullFilePath: file)],
    buildConfiguration: configuration)
  let expanded = tree.expand(
    macroSpecs: macros,
    contextGenerator: { node in
      BasicMacroExpansionContext(
        sharingWith: context, lexicalContext: node.allMacroLexicalContexts())
    },
    indentationWidth: .spaces(2))
  let diagnostics = context.diagnostics.map { diagnostic in
    // NB: macros see detached copies of nodes; only the context maps them back to the file.
    let location = context.location(
      for: diagnostic.position, anchoredAt: diagnostic.node, fileName: file)
    return
      "\(location.line):\(location.column): \(diagnostic.diagMessage.severity): \(diagnostic.message)"
  }
  let fixIts = context.diagnostics.flatMap(\.fixIts)
  let fixed = fixIts.map { fixIt in
    applying(fixIt, to: source, in: context, file: file)
  }
  return Expansion(
    source: trimmingNewlines(expanded.description), diagnostics: diagnostics,
    fixIts: fixIts.map(\.message.message), fixedSources: fixed.map(trimmingNewlines),
    ids: context.diagnostics.map(\.diagMessage.diagnosticID))
}

private func trimmingNewlines(_ text: String) -> String {
  String(text.drop(while: \.isNewline).reversed().drop(while: \.isNewline).reversed())
}

/// `source` with the node replacements of `fixIt` applied, as the compiler applies them: the
/// old node's text, trivia included, replaced by the new node's.
///
/// NB: the nodes of a fix-it are detached copies, whose positions are not the file's; the
/// context maps each back to a line and column of the original source.
private func applying(
  _ fixIt: FixIt, to source: String, in context: BasicMacroExpansionContext, file: String
) -> String {
  let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
  func offset(_ position: AbsolutePosition, of node: Syntax) -> Int {
    let location = context.location(for: position, anchoredAt: node, fileName: file)
    let before = lines.prefix(location.line - 1).reduce(0) { $0 + String($1).utf8.count + 1 }
    return before + location.column - 1
  }
  var edits: [(range: Range<Int>, text: String)] = []
  for change in fixIt.changes {
    switch change {
    case .replace(let old, let new):
      edits.append(
        (offset(old.position, of: old)..<offset(old.endPosition, of: old), new.description))
    case .replaceLeadingTrivia(let token, let trivia):
      let node = Syntax(token)
      let range =
        offset(
          token.position, of: node)..<offset(token.positionAfterSkippingLeadingTrivia, of: node)
      edits.append((range, trivia.description))
    default:
      Issue.record("a fix-it change the test helper cannot apply: \(change)")
    }
  }
  var bytes = Array(source.utf8)
  for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
    bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
  }
  return String(decoding: bytes, as: UTF8.self)
}
