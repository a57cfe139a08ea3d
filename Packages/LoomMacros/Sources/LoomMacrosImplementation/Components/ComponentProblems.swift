import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The diagnostics `@Component` found, with notes and fix-its; every role of the component macros
/// asks the same checks, and only the member role of `@Component` reports them.
struct ComponentProblems {
  private(set) var diagnostics: [Diagnostic] = []

  var isEmpty: Bool { diagnostics.isEmpty }

  /// Records an error at `node`, with an optional fix-it and notes.
  mutating func error(
    _ message: MacroMessage, at node: some SyntaxProtocol, fixIt: FixIt? = nil,
    notes: [Note] = []
  ) {
    diagnostics.append(
      Diagnostic(node: node, message: message, notes: notes, fixIts: fixIt.map { [$0] } ?? []))
  }

  /// Adds the diagnostics of `other`.
  mutating func append(_ other: ComponentProblems) {
    diagnostics += other.diagnostics
  }

  /// Reports every recorded diagnostic to the compiler.
  func report(in context: some MacroExpansionContext) {
    for diagnostic in diagnostics { context.diagnose(diagnostic) }
  }
}

extension MacroMessage {
  /// An error of the component macros, identified by `id`.
  static func component(_ id: String, _ message: String) -> MacroMessage {
    .error("Component", id, message)
  }
}

/// A note's message.
struct ComponentNote: NoteMessage {
  let message: String
  var noteID: MessageID { MessageID(domain: "LoomMacros.Component", id: "note") }

  init(_ message: String) {
    self.message = message
  }
}

extension Note {
  /// A note at `node`.
  static func at(_ node: some SyntaxProtocol, _ message: String) -> Note {
    Note(node: Syntax(node), message: ComponentNote(message))
  }
}

extension FixIt {
  /// Replaces `node` with `replacement`.
  static func replace(
    _ node: some SyntaxProtocol, with replacement: some SyntaxProtocol, _ title: String
  ) -> FixIt {
    FixIt(
      message: FixItText(title),
      changes: [.replace(oldNode: Syntax(node), newNode: Syntax(replacement))])
  }

  /// Replaces `node` with source text (trimmed text replaces trimmed text).
  static func replace(_ node: some SyntaxProtocol, withText text: String, _ title: String) -> FixIt
  {
    replace(node, with: TokenSyntax(.identifier(text), presence: .present), title)
  }

  /// Removes `node`.
  static func remove(_ node: some SyntaxProtocol, _ title: String) -> FixIt {
    replace(node, withText: "", title)
  }

  /// Renames every token of `tokens` to `name`.
  static func rename(_ tokens: [TokenSyntax], to name: String, _ title: String) -> FixIt {
    FixIt(
      message: FixItText(title),
      changes: tokens.map { token in
        .replace(
          oldNode: Syntax(token), newNode: Syntax(token.with(\.tokenKind, .identifier(name))))
      })
  }
}
