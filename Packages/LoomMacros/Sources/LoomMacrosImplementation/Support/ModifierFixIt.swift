import SwiftDiagnostics
import SwiftSyntax

extension FixIt {
  /// A fix-it that adds the modifier `keyword` to `declaration`: after its other modifiers, or,
  /// when it has none, before its introducer (`func`, `class`), taking the introducer's leading
  /// trivia.
  ///
  /// NB: with no modifiers, one edit over the whole declaration: the modifier must take the line
  /// break (the leading trivia) of the introducer, and two edits starting at the same offset may
  /// be applied in either order.
  static func adding<Declaration: WithModifiersSyntax>(
    _ keyword: Keyword, to declaration: Declaration,
    before introducer: WritableKeyPath<Declaration, TokenSyntax>, title: String
  ) -> FixIt {
    let modifier = DeclModifierSyntax(name: .keyword(keyword), trailingTrivia: .space)
    guard declaration.modifiers.isEmpty else {
      return .replace(
        message: FixItText(title), oldNode: declaration.modifiers,
        newNode: declaration.modifiers + [modifier])
    }
    var fixed = declaration.with(
      \.modifiers, [modifier.with(\.leadingTrivia, declaration[keyPath: introducer].leadingTrivia)])
    fixed[keyPath: introducer].leadingTrivia = []
    return .replace(message: FixItText(title), oldNode: declaration, newNode: fixed)
  }
}
