import SwiftSyntax

extension AttributeSyntax {
  /// The attribute's name without a module (`Component` for `@LoomMacros.Component`).
  var simpleName: String {
    let name = attributeName.sourceText
    return name.split(separator: ".").last.map(String.init) ?? name
  }

  /// The attribute's arguments, or none.
  var argumentList: LabeledExprListSyntax {
    arguments?.as(LabeledExprListSyntax.self) ?? []
  }

  /// The argument labelled `label`.
  func argument(_ label: String) -> LabeledExprSyntax? {
    argumentList.first { $0.label?.text == label }
  }
}

extension AttributeListSyntax {
  /// The attributes called `name` (module-qualified or not), in order.
  func attributes(named name: String) -> [AttributeSyntax] {
    compactMap { element in
      guard case .attribute(let attribute) = element, attribute.simpleName == name else {
        return nil
      }
      return attribute
    }
  }

  func contains(named name: String) -> Bool { !attributes(named: name).isEmpty }
}

extension LabeledExprListSyntax {
  /// The argument labelled `label`.
  func argument(_ label: String) -> LabeledExprSyntax? {
    first { $0.label?.text == label }
  }
}

extension ExprSyntax {
  /// The expression without `try`, `await` and `!` / `?` around it.
  var unwrappedEffects: ExprSyntax {
    var expression = self
    while true {
      if let inner = expression.as(TryExprSyntax.self) {
        expression = inner.expression
      } else if let inner = expression.as(AwaitExprSyntax.self) {
        expression = inner.expression
      } else if let inner = expression.as(ForceUnwrapExprSyntax.self) {
        expression = inner.expression
      } else if let inner = expression.as(OptionalChainingExprSyntax.self) {
        expression = inner.expression
      } else {
        return expression
      }
    }
  }

  /// The names of the members `[\Self.a, \.b]` or `\Self.a` list.
  var keyPathNames: [(name: String, node: ExprSyntax)] {
    let elements = self.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? [self]
    return elements.compactMap { element in
      TypeSpelling.keyPathProperty(element).map { ($0, element) }
    }
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
  /// The closure's parameters with a written type: name, type.
  var typedParameters: [(name: String, type: String)] {
    guard case .parameterClause(let clause) = signature?.parameterClause else { return [] }
    return clause.parameters.compactMap { parameter in
      guard let type = parameter.type else { return nil }
      let name = (parameter.secondName ?? parameter.firstName).text
      return (name, TypeSpelling.spell(type))
    }
  }

  /// The closure's parameter names, typed or not.
  var parameterNames: [String] {
    // NB: the host libraries are built with library evolution: a switch over their enums
    // needs a default, so read the two known shapes with `if case`.
    if case .parameterClause(let clause) = signature?.parameterClause {
      return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
    }
    if case .simpleInput(let names) = signature?.parameterClause {
      return names.map(\.name.text)
    }
    return []
  }

  var isAsync: Bool { signature?.effectSpecifiers?.asyncSpecifier != nil }
}

extension DeclModifierListSyntax {
  func contains(_ keyword: Keyword) -> Bool {
    contains { $0.name.tokenKind == .keyword(keyword) }
  }
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
