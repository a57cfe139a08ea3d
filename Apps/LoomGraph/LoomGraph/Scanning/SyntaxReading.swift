import SwiftSyntax

extension LabeledExprListSyntax {
  /// The argument labelled `label`.
  func argument(_ label: String) -> LabeledExprSyntax? {
    first { $0.label?.text == label }
  }
}

extension FunctionCallExprSyntax {
  /// The name the call is made by: `register` for `container.register(...)`, `Singleton` for
  /// `Singleton(...)`.
  var calledName: String? {
    if let access = calledExpression.as(MemberAccessExprSyntax.self) {
      return access.declName.baseName.text
    }
    if let reference = calledExpression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    return nil
  }

  /// The closures the call passes: a `factory:` argument, then the trailing closures.
  var closures: [ClosureExprSyntax] {
    var found = arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
    if let trailing = trailingClosure { found.append(trailing) }
    found += additionalTrailingClosures.map(\.closure)
    return found
  }
}

extension ClosureExprSyntax {
  var isAsync: Bool { signature?.effectSpecifiers?.asyncSpecifier != nil }
}

extension SyntaxProtocol {
  /// The node's source text without its leading and trailing trivia: what `trimmedDescription`
  /// gives, read from the node's bytes.
  ///
  /// NB: `trimmedDescription` (and `trimmed`, and a syntax collection's `filter`) rebuild the
  /// tree from the node up to its root, copying every ancestor's children: in a large file, each
  /// call costs as much as the file, and reading the file became quadratic in its size.
  var sourceText: String {
    let bytes = syntaxTextBytes
    let start = leadingTriviaLength.utf8Length
    let end = bytes.count - trailingTriviaLength.utf8Length
    guard start < end else { return "" }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
