import SwiftSyntax

/// Reads an initializer's parameters as Swift declares them, for an auto-wired reference
/// (`register(T.init)`, which resolves every parameter by its type) and for a resolve whose type
/// is inferred from the parameter it feeds. What `@Injectable`, `@Bind` and `@Provides` resolve
/// (with `@Named`, without the parameters that have a default value) is the macros' reading:
/// ``DeclarationFacts/parameter(_:)``.
enum ParameterReader {
  static func read(_ parameters: FunctionParameterListSyntax) -> [SourceParameter] {
    parameters.compactMap { parameter in
      guard parameter.ellipsis == nil else { return nil }
      var type = parameter.type
      if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
      let spelled = TypeSpelling.spell(type)
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      return SourceParameter(
        label: label, type: spelled, edge: TypeSpelling.edge(to: spelled),
        hasDefault: parameter.defaultValue != nil)
    }
  }

  /// A registration name: a string literal's text, or the expression as written (so that a
  /// constant used on both sides still matches).
  static func name(of expression: ExprSyntax) -> String {
    TypeSpelling.stringLiteral(expression) ?? expression.sourceText
  }

  /// A registration name from the text of its expression (`"eu"` is `eu`).
  static func name(ofText text: String) -> String {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""),
      !text.dropFirst().dropLast().contains(where: { $0 == "\"" || $0 == "\\" })
    else { return text }
    return String(text.dropFirst().dropLast())
  }
}
