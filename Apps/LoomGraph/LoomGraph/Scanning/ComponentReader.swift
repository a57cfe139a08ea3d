import SwiftSyntax

/// Reads a `@Component` struct: its members, children and place in the hierarchy. The macro
/// checks each component on its own as it compiles; this reading only needs what crosses
/// components: names, types, inputs, wiring and hierarchy rules.
struct ComponentReader {
  let module: String
  let position: (any SyntaxProtocol) -> SourcePosition

  func read(_ structure: StructDeclSyntax, name: String, attribute: AttributeSyntax)
    -> ComponentFact
  {
    var component = ComponentFact(
      name: name, module: module, position: position(structure.name))
    if let parents = attribute.argument("parents")?.expression.as(ArrayExprSyntax.self) {
      for element in parents.elements {
        guard let text = TypeSpelling.stringLiteral(element.expression) else { continue }
        component.parents.append((text, position(element.expression)))
      }
    }
    if let root = attribute.argument("root"),
      root.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
    {
      component.root = position(root)
    }
    for item in structure.memberBlock.members {
      guard let variable = item.decl.as(VariableDeclSyntax.self),
        let binding = variable.bindings.first,
        let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
        let type = binding.typeAnnotation?.type
      else { continue }
      let memberName = pattern.identifier.text
      let memberType = TypeSpelling.spell(type)
      if let provide = variable.attributes.attributes(named: "Provide").first {
        if let member = readMember(provide, name: memberName, type: memberType) {
          component.members.append(member)
        }
      } else if let child = variable.attributes.attributes(named: "Child").first {
        component.children.append(readChild(child, name: memberName, type: memberType))
      }
    }
    return component
  }

  // MARK: - Members

  private func readMember(_ attribute: AttributeSyntax, name: String, type: String)
    -> ComponentFact.Member?
  {
    let arguments = Array(attribute.argumentList)
    guard let first = arguments.first, first.label == nil,
      let lifetime = ComponentFact.Member.Lifetime(
        rawValue: TypeSpelling.lifetime(first.expression))
    else { return nil }
    var member = ComponentFact.Member(
      name: name, type: type, lifetime: lifetime, position: position(attribute))
    guard lifetime != .input else { return member }
    let rest = arguments.dropFirst()
    if let source = rest.first(where: { $0.label == nil }) {
      member.dependencies += labels(ofReference: source.expression)
    }
    if let with = rest.first(where: { $0.label?.text == "with" }) {
      member.dependencies += with.expression.keyPathNames.map(\.name)
    }
    if let closure = rest.first(where: { $0.label?.text == "factory" })?.expression
      .as(ClosureExprSyntax.self)
    {
      for (parameter, parameterType) in closure.typedParameters {
        if TypeSpelling.deferredTarget(of: parameterType) != nil {
          member.deferred.append(parameter)
        } else {
          member.dependencies.append(parameter)
        }
      }
      member.isAsync = closure.isAsync
    }
    if let effects = rest.first(where: { $0.label?.text == "effects" }) {
      member.isAsync = member.isAsync || effects.expression.sourceText.contains(".async")
    }
    return member
  }

  /// The argument labels of `Impl.init(a:b:)` or `Impl.make(a:b:)`: the members it takes.
  private func labels(ofReference expression: ExprSyntax) -> [String] {
    let reference =
      expression.as(MemberAccessExprSyntax.self)?.declName
      ?? expression.as(DeclReferenceExprSyntax.self)
    guard let names = reference?.argumentNames?.arguments else { return [] }
    return names.compactMap { $0.name.tokenKind == .wildcard ? nil : $0.name.text }
  }

  // MARK: - Children

  private func readChild(_ attribute: AttributeSyntax, name: String, type: String)
    -> ComponentFact.Child
  {
    var child = ComponentFact.Child(name: name, type: type, position: position(attribute))
    if let closure = attribute.argument("factory")?.expression.as(ClosureExprSyntax.self) {
      child.dependencies = closure.parameterNames
      child.isAsync = closure.isAsync
      return child
    }
    var inputs: [(label: String, member: String, position: SourcePosition)] = []
    if let with = attribute.argument("with") {
      for (member, node) in with.expression.keyPathNames {
        inputs.append((member, member, position(node)))
      }
    }
    if let bindings = attribute.argument("bindings")?.expression.as(DictionaryExprSyntax.self),
      case .elements(let elements) = bindings.content
    {
      for element in elements {
        guard let label = TypeSpelling.stringLiteral(element.key),
          let member = TypeSpelling.keyPathProperty(element.value)
        else { continue }
        inputs.append((label, member, position(element)))
      }
    }
    child.inputs = inputs
    child.dependencies = inputs.map(\.member)
    if let effects = attribute.argument("effects") {
      child.isAsync = effects.expression.sourceText.contains(".async")
    }
    return child
  }
}
