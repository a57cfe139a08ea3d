import SwiftSyntax

/// The first place where a parsed file is not valid Swift: code the parser could not place, or a
/// token it expected and did not find.
///
/// NB: swift-syntax's `ParseDiagnosticsGenerator` words each problem as the compiler does, but its
/// time grows with the square of the problems on one line (10,000 stray words took minutes);
/// this visits only the branches that hold an error, and stops at the first.
final class FirstSyntaxError: SyntaxAnyVisitor {
  /// Where the error is and what it is: `unexpected code 'xyz'`, or `expected '}'`.
  private(set) var found: (position: AbsolutePosition, what: String)?

  private init() { super.init(viewMode: .all) }

  /// The first error of `tree`, or nil when it parsed cleanly.
  static func find(in tree: some SyntaxProtocol) -> (position: AbsolutePosition, what: String)? {
    guard tree.hasError else { return nil }
    let finder = FirstSyntaxError()
    finder.walk(tree)
    return finder.found
  }

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    guard found == nil, node.hasError else { return .skipChildren }
    if let unexpected = node.as(UnexpectedNodesSyntax.self) {
      var text = unexpected.sourceText
      if text.count > 24 { text = String(text.prefix(24)) + "…" }
      found = (unexpected.positionAfterSkippingLeadingTrivia, "unexpected code '\(text)'")
      return .skipChildren
    }
    if let token = node.as(TokenSyntax.self), token.presence == .missing {
      // A missing expression or name is written as a placeholder, `<#expression#>`.
      let text = token.text
      let expected =
        text.hasPrefix("<#") && text.hasSuffix("#>")
        ? String(text.dropFirst(2).dropLast(2)) : "'\(text)'"
      found = (token.position, "expected \(expected)")
      return .skipChildren
    }
    return .visitChildren
  }
}
