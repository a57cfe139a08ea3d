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
  // NB: the compiler applies a fix-it by replacing the old node's text, trivia included, with the
  // new node's: a replacement keeps the old node's trivia, a removal its leading trivia only.

  /// Replaces `node` with `replacement`, keeping `node`'s trivia.
  static func replace(
    _ node: some SyntaxProtocol, with replacement: some SyntaxProtocol, _ title: String
  ) -> FixIt {
    // NB: set through `Syntax`, not `with(\.leadingTrivia, ...)` on a generic node: that key path
    // crashes with the toolchain's swift-syntax libraries.
    var new = Syntax(replacement)
    new.leadingTrivia = node.leadingTrivia
    new.trailingTrivia = node.trailingTrivia
    return FixIt(
      message: FixItText(title), changes: [.replace(oldNode: Syntax(node), newNode: Syntax(new))])
  }

  /// Replaces `node` with source text, keeping `node`'s trivia.
  static func replace(_ node: some SyntaxProtocol, withText text: String, _ title: String) -> FixIt
  {
    replace(node, with: TokenSyntax(.identifier(text), presence: .present), title)
  }

  /// Removes `node` and the trivia after it.
  static func remove(_ node: some SyntaxProtocol, _ title: String) -> FixIt {
    let empty = TokenSyntax(.identifier(""), leadingTrivia: node.leadingTrivia, presence: .present)
    return FixIt(
      message: FixItText(title),
      changes: [.replace(oldNode: Syntax(node), newNode: Syntax(empty))])
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
