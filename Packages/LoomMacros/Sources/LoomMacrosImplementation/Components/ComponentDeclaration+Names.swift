import SwiftDiagnostics
import SwiftSyntax

// The names a component's body may not declare, because the code @Component generates declares
// or reads them, and the isolation it may not write itself.
extension ComponentDeclaration {
  /// The prefix of every name generated code declares inside a component (`_loomRead_api`,
  /// `_LoomInputs`): a user's name with it could collide, so none may have it.
  static let reservedPrefixes = ["_loom", "_Loom"]

  /// The types generated code declares in every component, and what each one is.
  static let generatedTypes = [
    "Overrides": "its typed overrides", "Resolved": "what resolve() returns",
  ]

  /// Reports a name of `declaration` that the generated code declares or needs: a reserved
  /// prefix, a generated type, a member that `Resolved` or `Overrides` would declare twice, a
  /// method generated code declares; and an initializer, which the generated ones replace.
  mutating func checkName(of declaration: DeclSyntax, problems: inout ComponentProblems) {
    if let variable = declaration.as(VariableDeclSyntax.self) {
      let isMember = !variable.attributes.memberAttributes.isEmpty
      for binding in variable.bindings {
        guard let token = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
          continue
        }
        let name = token.bareName
        if let what = Self.reservation(of: name) {
          problems.error(.reservedName(name, reason: what), at: token)
        } else if let what = Self.generatedTypes[name] {
          problems.error(.generatedName(name, component: self.name, what: what), at: token)
          clashes.insert(name)
        } else if isMember, let what = Self.generatedMemberNames[name] {
          problems.error(.generatedName(name, component: self.name, what: what), at: token)
          clashes.insert(name)
        } else if name == "resolve" {
          problems.error(
            .generatedName(name, component: self.name, what: "the method resolve()"), at: token)
          clashes.insert("resolve()")
        }
      }
    } else if let function = declaration.as(FunctionDeclSyntax.self) {
      let name = function.name.bareName
      let labels = function.signature.parameterClause.parameters.map {
        $0.firstName.tokenKind == .wildcard ? "_" : $0.firstName.bareName
      }
      let full = "\(name)(\(labels.map { "\($0):" }.joined()))"
      if let what = Self.reservation(of: name) {
        problems.error(.reservedName(name, reason: what), at: function.name)
      } else if ["resolve()", "install(into:)", "overriding(_:)"].contains(full) {
        problems.error(
          .generatedName(full, component: self.name, what: "one of its generated methods"),
          at: function.name)
        clashes.insert(full)
      }
    } else if let initializer = declaration.as(InitializerDeclSyntax.self) {
      if !initializer.delegatesToSelf { initializers.append(initializer) }
    } else if let token = declaration.declaredTypeName {
      let typeName = token.bareName
      if let what = Self.reservation(of: typeName) {
        problems.error(.reservedName(typeName, reason: what), at: token)
      } else if let what = Self.generatedTypes[typeName] {
        problems.error(.generatedName(typeName, component: name, what: what), at: token)
        clashes.insert(typeName)
      }
    }
  }

  /// Reports the initializers the body declares that do not call `self.init(...)`: the generated
  /// ones set the component's storage, which no other can.
  ///
  /// One that assigns a member gets Swift's error there ("cannot assign to property: 'config' is
  /// a get-only property"), so a note explains it instead of a second error.
  func checkInitializers(problems: inout ComponentProblems) {
    let names = Set(localMembers.map(\.name))
    for initializer in initializers {
      if initializer.assignsMember(of: names) {
        problems.note(
          MacroMessage.userInitializer(component: name).asNote, at: initializer.initKeyword)
        problems.invalidate()
      } else {
        problems.error(.userInitializer(component: name), at: initializer.initKeyword)
      }
    }
  }

  /// Reports a member type that names `Overrides` or `Resolved` unqualified: inside the
  /// component, those are the types it generates, whatever the module declares.
  func checkGeneratedTypeReferences(in type: TypeSyntax, problems: inout ComponentProblems)
    -> Bool
  {
    final class Finder: SyntaxVisitor {
      var found: [TokenSyntax] = []
      override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if ComponentDeclaration.generatedTypes[node.name.bareName] != nil {
          found.append(node.name)
        }
        return .visitChildren
      }
      override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        walk(node.baseType)
        if let arguments = node.genericArgumentClause { walk(arguments) }
        return .skipChildren
      }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(type)
    for token in finder.found {
      problems.error(.generatedTypeReference(token.bareName, component: name), at: token)
    }
    return finder.found.isEmpty
  }

  /// The members `Resolved` and `Overrides` declare besides one per member.
  private static let generatedMemberNames = [
    "component": "Resolved.component, the component itself",
    "isEmpty": "Overrides.isEmpty",
  ]

  /// Why `name` is reserved, if it is.
  private static func reservation(of name: String) -> String? {
    reservedPrefixes.first { name.hasPrefix($0) }
  }

  /// Reports `@MainActor` on the component: the struct's isolation is `mainActor: true`, which
  /// also isolates the generated API and keeps the conformance to `Component` nonisolated.
  static func checkIsolation(
    of structDecl: StructDeclSyntax, attribute: AttributeSyntax, problems: inout ComponentProblems
  ) {
    guard let mainActor = structDecl.attributes.attributes(named: "MainActor").first else {
      return
    }
    problems.error(
      .mainActorAttribute(component: structDecl.name.bareName), at: mainActor,
      fixIt: mainActorFix(structDecl.attributes, removing: mainActor))
  }

  /// Removes `mainActor` from `attributes` and writes `mainActor: true` in `@Component`.
  private static func mainActorFix(
    _ attributes: AttributeListSyntax, removing mainActor: AttributeSyntax
  ) -> FixIt {
    var kept: [String] = []
    for element in attributes {
      guard case .attribute(let attribute) = element else {
        kept.append(element.description)
        continue
      }
      if attribute.id == mainActor.id { continue }
      guard attribute.isNamed("Component") else {
        kept.append(element.description)
        continue
      }
      var arguments = attribute.argumentList.filter { $0.label?.text != "mainActor" }
        .map { $0.with(\.trailingComma, nil).trimmedDescription }
      arguments.insert("mainActor: true", at: 0)
      let name = attribute.attributeName.trimmedDescription
      kept.append(
        attribute.leadingTrivia.description + "@\(name)(\(arguments.joined(separator: ", ")))"
          + attribute.trailingTrivia.description)
    }
    var text = kept.joined()
    text = String(text.drop(while: \.isWhitespace))
    text = String(text.reversed().drop(while: \.isWhitespace).reversed())
    return .replace(attributes, withText: text, FixItTitle.useMainActorArgument)
  }
}

extension InitializerDeclSyntax {
  /// Whether the body assigns one of `members` (`self.config = ...` or `config = ...`).
  func assignsMember(of members: Set<String>) -> Bool {
    final class Finder: SyntaxVisitor {
      let members: Set<String>
      var found = false
      init(_ members: Set<String>) {
        self.members = members
        super.init(viewMode: .sourceAccurate)
      }
      // NB: the parser leaves `a = b` an unfolded sequence: `a`, `=`, `b`.
      override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated().dropFirst()
        where element.is(AssignmentExprSyntax.self) {
          let left = elements[index - 1]
          let target =
            left.as(MemberAccessExprSyntax.self).flatMap {
              $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                ? $0.declName.baseName.bareName : nil
            } ?? left.as(DeclReferenceExprSyntax.self)?.baseName.bareName
          if let target, members.contains(target) { found = true }
        }
        return .visitChildren
      }
    }
    guard let body else { return false }
    let finder = Finder(members)
    finder.walk(body)
    return finder.found
  }

  /// Whether the body calls `self.init(...)`: such an initializer only adds a way to call a
  /// generated one.
  var delegatesToSelf: Bool {
    final class Finder: SyntaxVisitor {
      var found = false
      override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.tokenKind == .keyword(.`init`),
          node.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
          found = true
        }
        return .visitChildren
      }
      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
    guard let body else { return false }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(body)
    return finder.found
  }
}

extension DeclSyntax {
  /// The name of the type or type alias this declares, if it declares one.
  var declaredTypeName: TokenSyntax? {
    if let type = self.as(StructDeclSyntax.self) { return type.name }
    if let type = self.as(ClassDeclSyntax.self) { return type.name }
    if let type = self.as(EnumDeclSyntax.self) { return type.name }
    if let type = self.as(ActorDeclSyntax.self) { return type.name }
    if let type = self.as(TypeAliasDeclSyntax.self) { return type.name }
    if let type = self.as(ProtocolDeclSyntax.self) { return type.name }
    return nil
  }
}

extension IfConfigDeclSyntax {
  /// Whether a clause declares a member or a step (`@Provide`, `@Child`, `@Perform`).
  var declaresMembers: Bool {
    clauses.contains { clause in
      guard case .decls(let items)? = clause.elements else { return false }
      return items.contains { item in
        if let variable = item.decl.as(VariableDeclSyntax.self) {
          return !variable.attributes.memberAttributes.isEmpty
        }
        if let function = item.decl.as(FunctionDeclSyntax.self) {
          return function.attributes.contains(named: "Perform")
        }
        return item.decl.as(IfConfigDeclSyntax.self)?.declaresMembers ?? false
      }
    }
  }
}
