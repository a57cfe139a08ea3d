import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The diagnostics a macro found in a declaration, collected so that every role of the macro can
/// ask the same question ("is it valid?") and only one of them reports the answer.
struct Problems {
  private(set) var diagnostics: [Diagnostic] = []

  var isEmpty: Bool { diagnostics.isEmpty }

  /// Records an error at `node`, with at most one fix-it.
  mutating func error(
    _ message: MacroMessage, at node: some SyntaxProtocol, fixIt: FixIt? = nil
  ) {
    diagnostics.append(Diagnostic(node: node, message: message, fixIts: fixIt.map { [$0] } ?? []))
  }

  /// Records a note at `node`, with at most one fix-it.
  mutating func note(_ message: MacroMessage, at node: some SyntaxProtocol, fixIt: FixIt? = nil) {
    diagnostics.append(Diagnostic(node: node, message: message, fixIts: fixIt.map { [$0] } ?? []))
  }

  /// Records an error at `node` with several alternative fix-its.
  mutating func error(_ message: MacroMessage, at node: some SyntaxProtocol, fixIts: [FixIt]) {
    diagnostics.append(Diagnostic(node: node, message: message, fixIts: fixIts))
  }

  /// Records the diagnostics of `other` after these.
  mutating func append(_ other: Problems) {
    diagnostics += other.diagnostics
  }

  /// Reports every recorded diagnostic to the compiler.
  func report(in context: some MacroExpansionContext) {
    for diagnostic in diagnostics { context.diagnose(diagnostic) }
  }
}
