import SwiftSyntax

extension ComponentDeclaration {
  /// Checks the arguments of `@Component` that are read from the source rather than evaluated:
  /// `mainActor:` (the macro reads it) and the hierarchy rules `parents:` and `root:` (loom-graph
  /// reads them). A value the reader cannot see, such as a variable, would be taken silently as
  /// the default, so it is an error here.
  static func checkArguments(
    of attribute: AttributeSyntax, component: String, problems: inout ComponentProblems
  ) {
    for argument in attribute.argumentList {
      switch argument.label?.text {
      case let label? where label == "mainActor" || label == "root":
        guard argument.expression.as(BooleanLiteralExprSyntax.self) == nil else { continue }
        problems.error(.literalArgument(label), at: argument.expression)
      case "parents":
        checkParents(argument, of: attribute, component: component, problems: &problems)
      default:
        continue
      }
    }
  }

  /// `parents:` is an array of plain string literals, and a root component has none.
  private static func checkParents(
    _ parents: LabeledExprSyntax, of attribute: AttributeSyntax, component: String,
    problems: inout ComponentProblems
  ) {
    guard let list = parents.expression.as(ArrayExprSyntax.self) else {
      problems.error(.parentsNotAnArray(component: component), at: parents.expression)
      return
    }
    for element in list.elements
    where element.expression.as(StringLiteralExprSyntax.self)?.plainText == nil {
      problems.error(.parentNotALiteral(component: component), at: element.expression)
    }
    if !list.elements.isEmpty, let root = attribute.argument("root"),
      root.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
    {
      problems.error(
        .rootWithParents(component: component), at: parents,
        notes: [.at(root, "\(component) is declared a root here")])
    }
  }
}
