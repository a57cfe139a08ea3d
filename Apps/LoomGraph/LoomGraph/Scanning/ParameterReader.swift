import SwiftSyntax

/// Reads the parameters the container resolves for an initializer or a `@Provides` method, the
/// way `@Injectable` reads them: by type, or by the key `@Named` gives; `Lazy` and `Provider`
/// deferred.
enum ParameterReader {
  static func read(_ parameters: FunctionParameterListSyntax) -> [SourceParameter] {
    parameters.compactMap { parameter in
      guard parameter.ellipsis == nil else { return nil }
      var type = parameter.type
      if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
      let spelled = TypeSpelling.spell(type)
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      let named = parameter.attributes.attributes(named: "Named").first?.argumentList.first?
        .expression
      let edge: SourceEdge
      if let named, let property = TypeSpelling.keyPathProperty(named) {
        edge = SourceEdge(to: .keyPath(property))
      } else {
        edge = TypeSpelling.edge(to: spelled, name: named.map(name(of:)))
      }
      return SourceParameter(
        label: label, type: spelled, edge: edge, hasDefault: parameter.defaultValue != nil)
    }
  }

  /// A registration name: a string literal's text, or the expression as written (so that a
  /// constant used on both sides still matches).
  static func name(of expression: ExprSyntax) -> String {
    TypeSpelling.stringLiteral(expression) ?? expression.sourceText
  }

  /// The parameters of a struct's memberwise initializer: its stored properties without a
  /// value, skipping injected properties and optional `var`s (which default to nil).
  static func memberwise(of members: MemberBlockItemListSyntax) -> [SourceParameter] {
    let skipped = ["Inject", "WeakInject", "Injected", "OptionalInjected", "WeakInjected"]
    var parameters: [SourceParameter] = []
    for member in members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(.static), !variable.modifiers.contains(.class),
        !variable.modifiers.contains(.lazy),
        !skipped.contains(where: variable.attributes.contains(named:))
      else { continue }
      for binding in variable.bindings {
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
          let type = binding.typeAnnotation?.type, binding.initializer == nil,
          binding.accessorBlock == nil
        else { continue }
        let spelled = TypeSpelling.spell(type)
        if variable.bindingSpecifier.tokenKind == .keyword(.var), spelled.hasSuffix("?") {
          continue
        }
        parameters.append(
          SourceParameter(
            label: pattern.identifier.text, type: spelled, edge: TypeSpelling.edge(to: spelled)))
      }
    }
    return parameters
  }
}
