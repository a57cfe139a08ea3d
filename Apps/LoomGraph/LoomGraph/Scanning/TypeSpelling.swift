import SwiftSyntax

/// How loom-graph spells types and keys, so that one key read in two places is one node.
enum TypeSpelling {
  /// `type` as one canonical string: whitespace collapsed, `(any P)` without its parentheses.
  static func spell(_ type: some SyntaxProtocol) -> String {
    normalise(type.sourceText)
  }

  /// Collapses whitespace and spells brackets and separators one way: `[String: Int]`,
  /// `Lazy<Database>`, `(any APIClient)` without its parentheses.
  static func normalise(_ text: String) -> String {
    // Most types (`Database`, `Lazy<Cache>`) have nothing to respell.
    if !text.utf8.contains(where: { [0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x3A, 0x28].contains($0) }) {
      return text
    }
    var out = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for (spaced, tight) in [
      ("< ", "<"), (" >", ">"), ("[ ", "["), (" ]", "]"), ("( ", "("), (" )", ")"),
      (" ,", ","), (" :", ":"), (" ?", "?"), (" !", "!"), (" .", "."), (". ", "."),
    ] {
      out = out.replacing(spaced, with: tight)
    }
    for separator in [",", ":"] {
      out = out.replacing(separator + " ", with: separator).replacing(
        separator, with: separator + " ")
    }
    if out.hasPrefix("(any "), out.hasSuffix(")"), !out.dropFirst().contains("(") {
      out = String(out.dropFirst().dropLast())
    }
    return out
  }

  /// For `Lazy<T>` or `Provider<T>` (optionally `Loom.`-qualified), `T`; otherwise nil.
  static func deferredTarget(of spelled: String) -> String? {
    for prefix in ["Lazy<", "Provider<", "Loom.Lazy<", "Loom.Provider<"]
    where spelled.hasPrefix(prefix) && spelled.hasSuffix(">") {
      return String(spelled.dropFirst(prefix.count).dropLast())
    }
    return nil
  }

  /// The edge to a dependency of type `spelled`, deferred through `Lazy` or `Provider`.
  static func edge(to spelled: String, name: String? = nil) -> SourceEdge {
    if let target = deferredTarget(of: spelled) {
      return SourceEdge(to: .type(target, name: name), isDeferred: true)
    }
    return SourceEdge(to: .type(spelled, name: name))
  }

  /// The type `expression` names when it is `T.self` (or `(any P).self`), else nil.
  static func metatype(_ expression: ExprSyntax) -> String? {
    guard let access = expression.as(MemberAccessExprSyntax.self),
      access.declName.baseName.tokenKind == .keyword(.self), let base = access.base
    else { return nil }
    return spell(base)
  }

  /// The property a key path `\.name` or `\Container.name` ends with, else nil.
  static func keyPathProperty(_ expression: ExprSyntax) -> String? {
    guard let keyPath = expression.as(KeyPathExprSyntax.self),
      let last = keyPath.components.last,
      case .property(let property) = last.component
    else { return nil }
    return property.declName.baseName.text
  }

  /// The text of a string literal without interpolation, else nil.
  static func stringLiteral(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
    var text = ""
    for segment in literal.segments {
      guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
      text += piece.content.text
    }
    return text
  }

  /// The member a lifetime is written as (`.singleton`, `Lifetime.weak`), or the expression's
  /// text for anything else (`.custom(Nightly())`).
  static func lifetime(_ expression: ExprSyntax) -> String {
    if let access = expression.as(MemberAccessExprSyntax.self) {
      return access.declName.baseName.text
    }
    return expression.sourceText
  }
}
