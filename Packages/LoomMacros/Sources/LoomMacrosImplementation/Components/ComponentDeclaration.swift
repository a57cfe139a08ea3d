import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A `@Component` struct as the macro reads it: its members and steps, in declaration order.
struct ComponentDeclaration {
  var name: String
  /// `public `, `package ` or nothing: the access level of the generated API.
  var access: String
  var isGeneric: Bool
  var isMainActor: Bool
  var members: [ComponentMember] = []
  var steps: [ComponentStep] = []
  /// The members whose accessors exist, valid or not: what the stubs must cover.
  var localMembers: [LocalMember] = []

  /// Reads `declaration`; every problem found, local or not, goes to `problems`.
  static func read(
    _ declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    problems: inout ComponentProblems
  ) -> ComponentDeclaration? {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      problems.error(
        .component(
          "struct",
          "@Component must be attached to a struct; the component's storage is shared by its copies"
        ),
        at: attribute)
      return nil
    }
    var access = ""
    for modifier in structDecl.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): access = "public "
      case .keyword(.package): access = "package "
      default: break
      }
    }
    var component = ComponentDeclaration(
      name: structDecl.name.text, access: access,
      isGeneric: structDecl.genericParameterClause != nil,
      isMainActor: attribute.argument("mainActor")?.expression.as(BooleanLiteralExprSyntax.self)?
        .literal.tokenKind == .keyword(.true))
    for item in structDecl.memberBlock.members {
      if let variable = item.decl.as(VariableDeclSyntax.self) {
        component.readMember(variable, problems: &problems)
      } else if let function = item.decl.as(FunctionDeclSyntax.self),
        let perform = function.attributes.attributes(named: "Perform").first
      {
        component.readStep(function, attribute: perform, problems: &problems)
      }
    }
    return component
  }

  // MARK: - Members

  private mutating func readMember(
    _ variable: VariableDeclSyntax, problems: inout ComponentProblems
  ) {
    guard let local = LocalMember.read(variable, problems: &problems) else {
      checkPlainStoredProperty(variable, problems: &problems)
      return
    }
    localMembers.append(local)
    var reader = MemberReader(local: local, component: name)
    guard let member = reader.read(problems: &problems) else { return }
    members.append(member)
  }

  /// A stored property without a value, which the generated initializer could not set.
  private func checkPlainStoredProperty(
    _ variable: VariableDeclSyntax, problems: inout ComponentProblems
  ) {
    guard variable.attributes.isEmpty,
      !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
    else { return }
    for binding in variable.bindings
    where binding.initializer == nil && binding.accessorBlock == nil {
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
        variable.bindingSpecifier.tokenKind == .keyword(.let)
          || binding.typeAnnotation?.type.optionalWrapped == nil
      else { continue }
      problems.error(
        .component(
          "stored",
          "stored property '\(pattern.identifier.text)' has no value, and the component's initializer only sets its members; make it a member with @Provide(.input), or give it a value"
        ),
        at: pattern)
    }
  }

  // MARK: - Steps

  private mutating func readStep(
    _ function: FunctionDeclSyntax, attribute: AttributeSyntax,
    problems: inout ComponentProblems
  ) {
    let signature = function.signature
    var parameters: [MemberReference] = []
    for parameter in signature.parameterClause.parameters {
      let nameToken = parameter.secondName ?? parameter.firstName
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      var tokens = [nameToken]
      if let body = function.body { tokens += references(to: nameToken.text, in: Syntax(body)) }
      parameters.append(
        MemberReference(
          label: label, member: nameToken.text, node: Syntax(nameToken), renamedTokens: tokens))
    }
    var after: [(String, StringLiteralExprSyntax)] = []
    if let argument = attribute.argument("after") {
      let elements =
        argument.expression.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? [
          argument.expression
        ]
      for element in elements {
        guard let literal = element.as(StringLiteralExprSyntax.self),
          let text = literal.plainText
        else {
          problems.error(
            .component(
              "after", "name the steps '\(function.name.text)' runs after as string literals"),
            at: element)
          continue
        }
        after.append((text, literal))
      }
    }
    let specifiers = signature.effectSpecifiers
    steps.append(
      ComponentStep(
        name: function.name.text, nameToken: function.name, function: function,
        effects: MemberEffects(
          isAsync: specifiers?.asyncSpecifier != nil, isThrowing: specifiers?.throwsClause != nil),
        parameters: parameters, after: after.map { (name: $0.0, node: $0.1) },
        attribute: attribute))
  }
}

/// The uses of `name` in `node` (for renaming a parameter along with its uses).
func references(to name: String, in node: Syntax) -> [TokenSyntax] {
  final class Finder: SyntaxVisitor {
    let name: String
    var found: [TokenSyntax] = []
    init(_ name: String) {
      self.name = name
      super.init(viewMode: .sourceAccurate)
    }
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
      if node.baseName.text == name, node.argumentNames == nil { found.append(node.baseName) }
      return .visitChildren
    }
  }
  let finder = Finder(name)
  finder.walk(node)
  return finder.found
}

// MARK: - One member's construction

/// Reads the construction source and the dependencies of one member.
private struct MemberReader {
  let local: LocalMember
  let component: String

  mutating func read(problems: inout ComponentProblems) -> ComponentMember? {
    let attribute = local.attribute
    var member = ComponentMember(
      name: local.name, nameToken: local.nameToken, type: local.type, kind: local.kind,
      effects: local.effects, construction: .input, dependencies: [], attribute: attribute,
      declaration: local.declaration)
    if local.kind == .child { return readChild(member, problems: &problems) }

    let arguments = Array(attribute.argumentList.dropFirst())
    let positional = arguments.first { $0.label == nil }
    let with = arguments.first { $0.label?.text == "with" }
    let factory = arguments.first { $0.label?.text == "factory" }
    let effects = arguments.first { $0.label?.text == "effects" }
    var isType = false
    if let positional, let access = positional.expression.as(MemberAccessExprSyntax.self),
      access.declName.baseName.tokenKind == .keyword(.self)
    {
      isType = true
    }

    if local.kind == .input {
      if positional != nil || with != nil || factory != nil || effects != nil {
        let kept = LabeledExprListSyntax([attribute.argumentList.first!.with(\.trailingComma, nil)])
        problems.error(
          .component(
            "inputFactory",
            "input '\(local.name)' is passed to the component's initializer, so it cannot have a factory; remove it, or make the member .shared"
          ),
          at: positional ?? with ?? factory ?? effects!,
          fixIt: .replace(attribute.argumentList, with: kept, "remove the factory"))
        return nil
      }
      return member
    }

    // Exactly one source: a type with `with:`, a reference, or a factory closure.
    var sources: [LabeledExprSyntax] = []
    if let positional { sources.append(positional) }
    if let with, !isType { sources.append(with) }
    if let factory { sources.append(factory) }
    if sources.isEmpty {
      problems.error(
        .component(
          "noSource",
          "member '\(local.name)' has no construction source; build it with `with:` (its type's initializer, labels named after members), an initializer reference such as `\(local.type.trimmedDescription).init(config:)`, or a `factory:` closure"
        ),
        at: attribute,
        fixIt: .replace(
          attribute.argumentList,
          withText: attribute.argumentList.trimmedDescription + ", with: []",
          "build it with '\(local.type.trimmedDescription)()'"))
      return nil
    }
    if sources.count > 1 {
      let extra = sources.dropFirst()
      let kept = attribute.argumentList.filter { argument in
        !extra.contains { $0.id == argument.id }
      }
      problems.error(
        .component(
          "severalSources",
          "member '\(local.name)' has several construction sources; keep one of them"),
        at: extra.first!,
        fixIt: .replace(
          attribute.argumentList,
          withText: kept.map { $0.with(\.trailingComma, nil).trimmedDescription }
            .joined(separator: ", "),
          "keep the first source"))
      return nil
    }

    if let factory {
      guard let closure = factory.expression.as(ClosureExprSyntax.self) else {
        problems.error(
          .component(
            "factory",
            "factory of '\(local.name)' must be a closure literal, whose parameters name members"),
          at: factory.expression)
        return nil
      }
      if effects != nil {
        problems.error(
          .component(
            "closureEffects",
            "a factory closure states its effects in its signature (`{ (a: A) async throws in ... }`); remove `effects:`"
          ),
          at: effects!,
          fixIt: .replace(
            attribute.argumentList,
            withText: attribute.argumentList.filter { $0.id != effects!.id }
              .map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", "),
            "remove 'effects:'"))
        return nil
      }
      guard checkClosureEffects(closure, problems: &problems) else { return nil }
      guard let references = closureParameters(closure, problems: &problems) else { return nil }
      member.construction = .closure(closure.trimmed)
      member.dependencies = references
      return member
    }

    if isType || with != nil {
      let typeText: String
      if isType, let access = positional?.expression.as(MemberAccessExprSyntax.self),
        let base = access.base
      {
        typeText = base.trimmedDescription
      } else {
        guard isBuildable(local.type) else {
          problems.error(
            .component(
              "abstractType",
              "member '\(local.name)' has type '\(local.type.trimmedDescription)', which `with:` cannot build; name the type to build first: @Provide(.\(local.kind.rawValue), ConcreteType.self, with: [...])"
            ),
            at: with!)
          return nil
        }
        typeText = local.type.trimmedDescription
      }
      member.construction = .initializer(type: typeText)
      guard let references = keyPathList(with, problems: &problems) else { return nil }
      member.dependencies = references
      return member
    }

    // An initializer or function reference: `Type.init(a:b:)`, `Type.make(a:)`, `make(a:)`.
    let expression = positional!.expression
    let name: DeclReferenceExprSyntax
    let callee: String
    if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
      name = access.declName
      callee = "\(base.trimmedDescription).\(access.declName.baseName.text)"
    } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
      name = reference
      callee = reference.baseName.text
    } else {
      problems.error(
        .component(
          "source",
          "'\(expression.trimmedDescription)' is not a construction source; write a type (`Impl.self`), an initializer or function reference (`Impl.init(a:b:)`), or use `factory:`"
        ),
        at: expression)
      return nil
    }
    var references: [MemberReference] = []
    for argument in name.argumentNames?.arguments ?? [] {
      guard argument.name.tokenKind != .wildcard else {
        problems.error(
          .component(
            "unlabeled",
            "'\(expression.trimmedDescription)' has an unlabeled parameter, which names no member; use a factory closure to pass a member to it"
          ),
          at: argument)
        return nil
      }
      references.append(
        MemberReference(
          label: argument.name.text, member: argument.name.text, node: Syntax(argument.name),
          renamedTokens: [argument.name]))
    }
    member.construction = .reference(callee: callee)
    member.dependencies = references
    return member
  }

  /// `@Child(with:bindings:)`: the child's inputs and the parent members they come from.
  private func readChild(
    _ child: ComponentMember, problems: inout ComponentProblems
  ) -> ComponentMember? {
    var member = child
    member.construction = .child
    guard isBuildable(local.type), local.type.optionalWrapped == nil else {
      problems.error(
        .component(
          "childType",
          "child '\(local.name)' must have the type of a @Component struct, not '\(local.type.trimmedDescription)'"
        ),
        at: local.type)
      return nil
    }
    if let factory = local.attribute.argument("factory") {
      if let other = local.attribute.argument("with") ?? local.attribute.argument("bindings") {
        problems.error(
          .component(
            "severalSources",
            "child '\(local.name)' is wired by both `factory:` and `\(other.label!.text):`; keep one of them"
          ),
          at: other,
          fixIt: .replace(
            local.attribute.argumentList,
            withText: local.attribute.argumentList.filter { $0.id != other.id }
              .map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", "),
            "remove `\(other.label!.text):`"))
        return nil
      }
      guard let closure = factory.expression.as(ClosureExprSyntax.self) else {
        problems.error(
          .component(
            "factory",
            "factory of '\(local.name)' must be a closure literal, whose parameters name members"),
          at: factory.expression)
        return nil
      }
      if let effects = local.attribute.argument("effects") {
        problems.error(
          .component(
            "closureEffects",
            "a factory closure states its effects in its signature (`{ (a: A) async throws in ... }`); remove `effects:`"
          ),
          at: effects,
          fixIt: .replace(
            local.attribute.argumentList,
            withText: local.attribute.argumentList.filter { $0.id != effects.id }
              .map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", "),
            "remove 'effects:'"))
        return nil
      }
      guard checkClosureEffects(closure, problems: &problems),
        let references = closureParameters(closure, problems: &problems)
      else { return nil }
      member.construction = .closure(closure.trimmed)
      member.dependencies = references
      return member
    }
    guard var references = keyPathList(local.attribute.argument("with"), problems: &problems)
    else { return nil }
    if let bindings = local.attribute.argument("bindings") {
      guard let dictionary = bindings.expression.as(DictionaryExprSyntax.self) else {
        problems.error(
          .component(
            "bindings", "write bindings as a dictionary literal: [\"childInput\": \\Self.member]"),
          at: bindings.expression)
        return nil
      }
      if case .elements(let elements) = dictionary.content {
        for element in elements {
          guard let label = element.key.as(StringLiteralExprSyntax.self)?.plainText
          else {
            problems.error(
              .component(
                "bindings", "a binding's key is the child input's label, as a string literal"),
              at: element.key)
            return nil
          }
          guard let reference = keyPathReference(element.value, label: label, problems: &problems)
          else { return nil }
          references.append(reference)
        }
      }
    }
    member.dependencies = references
    return member
  }

  /// The members of a `with:` list, each passed under its own name.
  private func keyPathList(
    _ argument: LabeledExprSyntax?, problems: inout ComponentProblems
  ) -> [MemberReference]? {
    guard let argument else { return [] }
    guard let array = argument.expression.as(ArrayExprSyntax.self) else {
      problems.error(
        .component("with", "write `with:` as an array of key paths: [\\Self.member]"),
        at: argument.expression)
      return nil
    }
    var references: [MemberReference] = []
    for element in array.elements {
      guard let reference = keyPathReference(element.expression, label: nil, problems: &problems)
      else { return nil }
      references.append(reference)
    }
    return references
  }

  /// The member a key path such as `\Self.config` names.
  private func keyPathReference(
    _ expression: ExprSyntax, label: String?, problems: inout ComponentProblems
  ) -> MemberReference? {
    guard let keyPath = expression.as(KeyPathExprSyntax.self), keyPath.components.count == 1,
      let property = keyPath.components.first?.component.as(
        KeyPathPropertyComponentSyntax.self),
      property.declName.argumentNames == nil
    else {
      problems.error(
        .component(
          "keyPath",
          "'\(expression.trimmedDescription)' does not name a member; write \\Self.member"),
        at: expression)
      return nil
    }
    let name = property.declName.baseName
    return MemberReference(
      label: label ?? name.text, member: name.text, node: Syntax(name), renamedTokens: [name])
  }

  /// The members a factory closure's parameters take.
  private func closureParameters(
    _ closure: ClosureExprSyntax, problems: inout ComponentProblems
  ) -> [MemberReference]? {
    guard let clause = closure.signature?.parameterClause else {
      guard closure.statements.description.contains("$0") else { return [] }
      problems.error(
        .component(
          "closureParameters",
          "name the parameters of the factory of '\(local.name)' after the members they take, with their types: { (config: AppConfig) in ... }"
        ),
        at: closure)
      return nil
    }
    var result: [MemberReference] = []
    switch clause {
    case .simpleInput(let names):
      problems.error(
        .component(
          "closureTypes",
          "give the parameters of the factory of '\(local.name)' their types, so the compiler can check them: { (\(names.map { "\($0.name.text): <Type>" }.joined(separator: ", "))) in ... }"
        ),
        at: names)
      return nil
    case .parameterClause(let parameters):
      for parameter in parameters.parameters {
        let nameToken = parameter.secondName ?? parameter.firstName
        guard nameToken.tokenKind != .wildcard else {
          problems.error(
            .component(
              "closureWildcard",
              "a parameter of the factory of '\(local.name)' must name the member it takes"),
            at: parameter)
          return nil
        }
        var deferral: MemberReference.Deferral?
        if let type = parameter.type, let identifier = deferredHandle(type) {
          deferral = identifier
        }
        let tokens = [nameToken] + references(to: nameToken.text, in: Syntax(closure.statements))
        result.append(
          MemberReference(
            label: nil, member: nameToken.text, node: Syntax(nameToken), renamedTokens: tokens,
            deferral: deferral))
      }
    @unknown default:
      return nil
    }
    return result
  }

  /// Whether a factory closure uses `await` or `try` without saying so in its signature; reports
  /// it with a fix-it that adds the effect.
  private func checkClosureEffects(
    _ closure: ClosureExprSyntax, problems: inout ComponentProblems
  ) -> Bool {
    let used = EffectFinder.effects(in: closure)
    let declared = local.effects
    guard !declared.covers(used) else { return true }
    let missing = MemberEffects(
      isAsync: used.isAsync && !declared.isAsync,
      isThrowing: used.isThrowing && !declared.isThrowing)
    let words = missing.specifiers
    if let signature = closure.signature {
      let wanted = declared.union(used).specifiers
      let fixIt: FixIt
      if let specifiers = signature.effectSpecifiers {
        fixIt = .replace(specifiers, withText: wanted, "add '\(words)' to the closure's signature")
      } else {
        fixIt = .replace(
          signature.inKeyword, withText: "\(wanted) in", "add '\(words)' to the closure's signature"
        )
      }
      problems.error(
        .component(
          "closureEffects",
          "the factory of '\(local.name)' uses '\(used.isAsync && missing.isAsync ? "await" : "try")'; declare it '\(words)' in the closure's signature, which states the member's effects"
        ),
        at: signature, fixIt: fixIt)
    } else {
      problems.error(
        .component(
          "closureEffects",
          "the factory of '\(local.name)' uses '\(used.isAsync && missing.isAsync ? "await" : "try")'; give it a signature that says so: { () \(words) in ... }"
        ),
        at: closure)
    }
    return false
  }

  /// `Lazy` for `Lazy<T>` (or `Loom.Lazy<T>`), `Provider` for `Provider<T>`, else nil.
  private func deferredHandle(_ type: TypeSyntax) -> MemberReference.Deferral? {
    let name: String?
    if let identifier = type.as(IdentifierTypeSyntax.self),
      identifier.genericArgumentClause != nil
    {
      name = identifier.name.text
    } else if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause != nil,
      member.baseType.trimmedDescription == "Loom"
    {
      name = member.name.text
    } else {
      name = nil
    }
    return name.flatMap(MemberReference.Deferral.init(rawValue:))
  }

  /// Whether `Type(...)` can be written for `type`: not an existential, opaque or function type.
  private func isBuildable(_ type: TypeSyntax) -> Bool {
    let type = type.unparenthesized
    if type.is(SomeOrAnyTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
      || type.is(CompositionTypeSyntax.self) || type.is(TupleTypeSyntax.self)
      || type.is(AttributedTypeSyntax.self) || type.is(MetatypeTypeSyntax.self)
    {
      return false
    }
    return type.optionalWrapped == nil
  }
}

/// Finds the `await` and `try` of a closure's own body (not those of nested closures or
/// functions, nor a `try` handled by a `do`/`catch`, nor `try?` and `try!`).
private final class EffectFinder: SyntaxVisitor {
  var effects = MemberEffects()

  static func effects(in closure: ClosureExprSyntax) -> MemberEffects {
    let finder = EffectFinder(viewMode: .sourceAccurate)
    finder.walk(closure.statements)
    return finder.effects
  }

  override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
    effects.isAsync = true
    return .visitChildren
  }

  override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
    if node.questionOrExclamationMark == nil { effects.isThrowing = true }
    return .visitChildren
  }

  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
    if node.awaitKeyword != nil { effects.isAsync = true }
    return .visitChildren
  }

  override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
    guard !node.catchClauses.isEmpty else { return .visitChildren }
    // A `try` inside is handled; an `await` still suspends.
    let inner = EffectFinder(viewMode: .sourceAccurate)
    inner.walk(node.body)
    effects.isAsync = effects.isAsync || inner.effects.isAsync
    for clause in node.catchClauses { walk(clause) }
    return .skipChildren
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension StringLiteralExprSyntax {
  /// The literal's text when it is one plain segment (no interpolation, no escapes), else nil.
  var plainText: String? {
    guard segments.count == 1, case .stringSegment(let segment)? = segments.first,
      !segment.content.text.contains("\\")
    else { return nil }
    return segment.content.text
  }
}
