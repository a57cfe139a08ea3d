import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The diagnostics `@Component` found, with notes and fix-its; every role of the component macros
/// asks the same checks, and only the member role of `@Component` reports them.
///
/// A problem in a name that Swift resolves too, when it checks the attribute (a key path, an
/// initializer reference), is not reported directly, since Swift may report it first: it makes
/// the member's read function unavailable with the message (``unavailable``), which the compiler
/// shows only when it accepted the attribute and expanded the member's accessor, which calls it.
/// A problem Swift always reports (a member declared twice) only marks the component invalid.
struct ComponentProblems {
  private(set) var diagnostics: [Diagnostic] = []
  /// The members whose read function is unavailable, with the message the compiler shows.
  private(set) var unavailable: [String: MacroMessage] = [:]
  private var isInvalid = false
  /// The members whose attribute Swift may refuse when it checks its arguments (a key path to a
  /// name the struct does not declare): their accessors, and a child's alias of its type, may
  /// not be expanded, so generated code must not need them.
  private(set) var refusedByCompiler: Set<String> = []

  /// Whether nothing was reported.
  var isEmpty: Bool { diagnostics.isEmpty }

  /// Whether the component passed its checks.
  var isValid: Bool { diagnostics.isEmpty && unavailable.isEmpty && !isInvalid }

  /// Marks the component invalid for a problem Swift reports itself.
  mutating func invalidate() {
    isInvalid = true
  }

  /// Records that Swift may refuse the attribute of `member`.
  mutating func refusedByCompiler(_ member: String) {
    refusedByCompiler.insert(member)
  }

  /// Records `message` for the read function of `member` (the first one recorded wins).
  mutating func unavailable(_ member: String, _ message: MacroMessage) {
    if unavailable[member] == nil { unavailable[member] = message }
  }

  /// Records an error at `node`, with an optional fix-it and notes.
  mutating func error(
    _ message: MacroMessage, at node: some SyntaxProtocol, fixIt: FixIt? = nil,
    notes: [Note] = []
  ) {
    diagnostics.append(
      Diagnostic(node: node, message: message, notes: notes, fixIts: fixIt.map { [$0] } ?? []))
  }

  /// Records a note at `node`: a hint, with a fix-it, beside an error Swift reports itself.
  ///
  /// It marks the component invalid, as the error it goes with does.
  mutating func note(_ message: MacroMessage, at node: some SyntaxProtocol, fixIt: FixIt? = nil) {
    diagnostics.append(
      Diagnostic(node: node, message: message, fixIts: fixIt.map { [$0] } ?? []))
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
