import SwiftDiagnostics
import SwiftIfConfig
import SwiftSyntax
import SwiftSyntaxMacros

/// A `@Component` struct as the macro reads it: its members and steps, in declaration order.
struct ComponentDeclaration {
  /// The struct's name, without backticks.
  var name: String
  /// The access the struct is declared with: the most any generated declaration gets.
  var access: Access
  var isGeneric: Bool
  var isMainActor: Bool
  var members: [ComponentMember] = []
  var steps: [ComponentStep] = []
  /// The members whose declaration reads (their construction may not): the API's shape.
  var localMembers: [LocalMember] = []
  /// What else the struct's body declares, by name: for a name that is not a member, whether
  /// Swift resolves it in a key path (a property) or not (a method, or nothing declared here).
  var memberVariables: Set<String> = []
  var otherProperties: Set<String> = []
  var functions: Set<String> = []
  /// What the body declares under a name the generated code declares too (`Overrides`,
  /// `resolve()`, a member `component`): reported, and left out of what is generated.
  var clashes: Set<String> = []
  /// The members whose type names a type the component generates (`Overrides`): reported, and
  /// left out of `Overrides`, which could not contain itself.
  var typesNamingGenerated: Set<String> = []
  /// The initializers of the body that do not delegate to a generated one.
  var initializers: [InitializerDeclSyntax] = []

  /// The struct's name as an identifier of generated code.
  var identifier: String { LoomMacrosImplementation.identifier(name) }

  /// Reads `declaration`, with the members of the `#if` clauses active in `configuration`; every
  /// problem found, local or not, goes to `problems`.
  static func read(
    _ declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    configuration: (any BuildConfiguration)?, problems: inout ComponentProblems
  ) -> ComponentDeclaration? {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      problems.error(.componentOnStruct, at: attribute)
      return nil
    }
    var component = ComponentDeclaration(
      name: structDecl.name.bareName, access: Access(structDecl.modifiers),
      isGeneric: structDecl.genericParameterClause != nil,
      isMainActor: attribute.argument("mainActor")?.expression.as(BooleanLiteralExprSyntax.self)?
        .literal.tokenKind == .keyword(.true))
    checkArguments(of: attribute, component: component.name, problems: &problems)
    checkIsolation(of: structDecl, attribute: attribute, problems: &problems)
    let (declarations, unread) = structDecl.memberBlock.activeDeclarations(in: configuration)
    for ifConfig in unread where ifConfig.declaresMembers {
      problems.error(.unreadIfConfig(component: component.name), at: ifConfig.clauses.first!)
    }
    for declaration in declarations {
      component.checkName(of: declaration, problems: &problems)
      if let variable = declaration.as(VariableDeclSyntax.self) {
        let names = variable.bindings.compactMap {
          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.bareName
        }
        if variable.attributes.memberAttributes.isEmpty {
          component.otherProperties.formUnion(names)
        } else {
          component.memberVariables.formUnion(names)
        }
        component.readMember(variable, problems: &problems)
      } else if let function = declaration.as(FunctionDeclSyntax.self) {
        component.functions.insert(function.name.bareName)
        if let perform = function.attributes.attributes(named: "Perform").first {
          component.readStep(function, attribute: perform, problems: &problems)
        }
      }
    }
    component.checkInitializers(problems: &problems)
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
    if let type = variable.bindings.first?.typeAnnotation?.type,
      !checkGeneratedTypeReferences(in: type, problems: &problems)
    {
      typesNamingGenerated.insert(local.name)
    }
    guard let member = MemberReader(local: local, component: name).read(problems: &problems)
    else { return }
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
      problems.error(.storedProperty(pattern.identifier.bareName), at: pattern)
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
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.bareName
      var tokens = [nameToken]
      if let body = function.body {
        tokens += references(to: nameToken.bareName, in: Syntax(body))
      }
      parameters.append(
        MemberReference(
          label: label, member: nameToken.bareName, node: Syntax(nameToken),
          renamedTokens: tokens))
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
          problems.error(.stepNamesAfter(step: function.name.bareName), at: element)
          continue
        }
        after.append((text, literal))
      }
    }
    let specifiers = signature.effectSpecifiers
    steps.append(
      ComponentStep(
        name: function.name.bareName, nameToken: function.name, function: function,
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
      if node.baseName.bareName == name, node.argumentNames == nil {
        found.append(node.baseName)
      }
      return .visitChildren
    }
  }
  let finder = Finder(name)
  finder.walk(node)
  return finder.found
}

// MARK: - One member's construction

/// Reads the construction source and the dependencies of one member: what `@Component` checks
/// and generates, and what the member's own accessor builds it with (the same answer for both).
struct MemberReader {
  let local: LocalMember
  /// The component's name, which a key path's root may spell instead of `Self`.
  let component: String

  /// The member, or nil with the reasons in `problems`.
  func read(problems: inout ComponentProblems) -> ComponentMember? {
    guard let member = readSource(problems: &problems) else { return nil }
    // A name listed twice would pass one argument twice: reported here, where the accessor sees
    // it too, so that it writes no call.
    var seen: [String: MemberReference] = [:]
    var unique = true
    for reference in member.dependencies {
      let key = reference.label ?? reference.member
      guard let earlier = seen[key] else {
        seen[key] = reference
        continue
      }
      unique = false
      // NB: Swift reports a closure's parameter declared twice ("invalid redeclaration") and a
      // dictionary literal's key written twice itself.
      let inBindings = { (node: Syntax) in node.ancestor(DictionaryElementSyntax.self) != nil }
      if reference.spelling == .parameter
        || (inBindings(reference.node) && inBindings(earlier.node))
      {
        problems.invalidate()
        continue
      }
      let message: MacroMessage =
        member.kind == .child
        ? .duplicateChildInput(key, of: member.name) : .duplicateDependency(key, of: member.name)
      problems.error(
        message, at: reference.node, fixIt: removal(of: reference),
        notes: [.at(earlier.node, "first listed here")])
    }
    return unique ? member : nil
  }

  private func readSource(problems: inout ComponentProblems) -> ComponentMember? {
    let attribute = local.attribute
    var member = ComponentMember(
      name: local.name, nameToken: local.nameToken, type: local.type, kind: local.kind,
      effects: local.effects, access: local.access, construction: .input, dependencies: [],
      attribute: attribute, declaration: local.declaration)
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
          .inputFactory(member: local.name), at: positional ?? with ?? factory ?? effects!,
          fixIt: .replace(attribute.argumentList, with: kept, FixItTitle.removeFactory))
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
        .noSource(member: local.name, type: local.type.trimmedDescription), at: attribute,
        fixIt: isBuildable(local.type) && attribute.arguments != nil
          ? .replace(
            attribute.argumentList,
            withText: attribute.argumentList.trimmedDescription + ", with: []",
            FixItTitle.addEmptyWith)
          : nil)
      return nil
    }
    if sources.count > 1 {
      let extra = sources.dropFirst()
      let kept = attribute.argumentList.filter { argument in
        !extra.contains { $0.id == argument.id }
      }
      problems.error(
        .severalSources(member: local.name), at: extra.first!,
        fixIt: .replace(
          attribute.argumentList,
          withText: kept.map { $0.with(\.trailingComma, nil).trimmedDescription }
            .joined(separator: ", "),
          FixItTitle.keepFirstSource))
      return nil
    }

    if let factory {
      guard let closure = factory.expression.as(ClosureExprSyntax.self) else {
        problems.error(.factoryNotAClosure(member: local.name), at: factory.expression)
        return nil
      }
      if effects != nil {
        problems.error(
          .effectsBesideClosure, at: effects!,
          fixIt: .replace(
            attribute.argumentList,
            withText: attribute.argumentList.filter { $0.id != effects!.id }
              .map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", "),
            FixItTitle.removeEffects))
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
            .abstractType(
              member: local.name, type: local.type.trimmedDescription,
              lifetime: local.kind.rawValue),
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
    if let access = expression.as(MemberAccessExprSyntax.self), access.base != nil {
      name = access.declName
    } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
      name = reference
    } else {
      problems.error(.notASource(expression.trimmedDescription), at: expression)
      return nil
    }
    var references: [MemberReference] = []
    for argument in name.argumentNames?.arguments ?? [] {
      guard argument.name.tokenKind != .wildcard else {
        problems.error(.unlabeledParameter(expression.trimmedDescription), at: argument)
        return nil
      }
      references.append(
        MemberReference(
          label: argument.name.bareName, member: argument.name.bareName,
          node: Syntax(argument.name),
          renamedTokens: [argument.name], spelling: .label))
    }
    member.construction = .reference(expression.trimmed)
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
        .childType(child: local.name, type: local.type.trimmedDescription),
        at: local.declaration.bindings.first?.typeAnnotation?.type ?? TypeSyntax(local.type))
      return nil
    }
    if let factory = local.attribute.argument("factory") {
      if let other = local.attribute.argument("with") ?? local.attribute.argument("bindings") {
        problems.error(
          .childSeveralSources(child: local.name, other: other.label!.text), at: other,
          fixIt: .replace(
            local.attribute.argumentList,
            withText: local.attribute.argumentList.filter { $0.id != other.id }
              .map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", "),
            FixItTitle.removeArgument(other.label!.text)))
        return nil
      }
      guard let closure = factory.expression.as(ClosureExprSyntax.self) else {
        problems.error(.factoryNotAClosure(member: local.name), at: factory.expression)
        return nil
      }
      if let effects = local.attribute.argument("effects") {
        problems.error(
          .effectsBesideClosure, at: effects,
          fixIt: .replace(
            local.attribute.argumentList,
            withText: local.attribute.argumentList.filter { $0.id != effects.id }
              .map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", "),
            FixItTitle.removeEffects))
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
        problems.error(.bindingsNotADictionary, at: bindings.expression)
        return nil
      }
      if case .elements(let elements) = dictionary.content {
        for element in elements {
          guard let label = element.key.as(StringLiteralExprSyntax.self)?.plainText
          else {
            problems.error(.bindingKeyNotALiteral, at: element.key)
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
      problems.error(.withNotAnArray, at: argument.expression)
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
      problems.error(.notAMemberKeyPath(expression.trimmedDescription), at: expression)
      return nil
    }
    let name = property.declName.baseName
    // NB: the macro reads the member's name; a key path of another type (`\Other.config`)
    // compiles, and its name is not a member of this component.
    if let root = keyPath.root, ![component, "Self"].contains(root.trimmedDescription) {
      problems.error(
        .keyPathRoot(
          expression.trimmedDescription, root: root.trimmedDescription,
          component: component, member: name.bareName),
        at: root,
        fixIt: .replace(root, withText: "Self", FixItTitle.write("\\Self.\(name.bareName)")))
      return nil
    }
    return MemberReference(
      label: label ?? name.bareName, member: name.bareName, node: Syntax(name),
      renamedTokens: [name], spelling: .keyPath)
  }

  /// The members a factory closure's parameters take.
  private func closureParameters(
    _ closure: ClosureExprSyntax, problems: inout ComponentProblems
  ) -> [MemberReference]? {
    guard let clause = closure.signature?.parameterClause else {
      guard closure.statements.description.contains("$0") else { return [] }
      problems.error(.closureParameters(member: local.name), at: closure)
      return nil
    }
    var result: [MemberReference] = []
    switch clause {
    case .simpleInput(let names):
      problems.error(
        .closureTypes(member: local.name, parameters: names.map(\.name.text)), at: names)
      return nil
    case .parameterClause(let parameters):
      for parameter in parameters.parameters {
        let nameToken = parameter.secondName ?? parameter.firstName
        guard nameToken.tokenKind != .wildcard else {
          problems.error(.closureWildcard(member: local.name), at: parameter)
          return nil
        }
        var deferral: MemberReference.Deferral?
        if let type = parameter.type, let identifier = deferredHandle(type) {
          deferral = identifier
        }
        let tokens =
          [nameToken] + references(to: nameToken.bareName, in: Syntax(closure.statements))
        result.append(
          MemberReference(
            label: nil, member: nameToken.bareName, node: Syntax(nameToken), renamedTokens: tokens,
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
    let marker = used.isAsync && missing.isAsync ? "await" : "try"
    if let signature = closure.signature {
      let wanted = declared.union(used).specifiers
      let fixIt: FixIt
      if let specifiers = signature.effectSpecifiers {
        fixIt = .replace(specifiers, withText: wanted, FixItTitle.addToSignature(words))
      } else {
        fixIt = .replace(
          signature.inKeyword, withText: "\(wanted) in", FixItTitle.addToSignature(words))
      }
      problems.error(
        .closureUndeclaredEffect(member: local.name, marker: marker, effects: words),
        at: signature, fixIt: fixIt)
    } else {
      problems.error(
        .closureWithoutSignature(member: local.name, marker: marker, effects: words), at: closure)
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

  private func isBuildable(_ type: TypeSyntax) -> Bool { type.isBuildable }
}

/// A fix-it that removes `reference` from the `with:` list it is written in, if it is in one.
func removal(of reference: MemberReference) -> FixIt? {
  // A child's `bindings: ["token": \Self.authToken]` entry.
  if let entry = reference.node.ancestor(DictionaryElementSyntax.self),
    let dictionary = entry.parent?.parent?.as(DictionaryExprSyntax.self),
    case .elements(let elements) = dictionary.content
  {
    let kept = elements.filter { $0.id != entry.id }.map {
      "\($0.key.trimmedDescription): \($0.value.trimmedDescription)"
    }
    guard kept.isEmpty, let argument = dictionary.parent?.as(LabeledExprSyntax.self),
      let arguments = argument.parent?.as(LabeledExprListSyntax.self)
    else {
      let text = kept.isEmpty ? "[:]" : "[\(kept.joined(separator: ", "))]"
      return .replace(dictionary, withText: text, FixItTitle.removeDuplicate)
    }
    // The last binding goes: so does the `bindings:` argument.
    let others = arguments.filter { $0.id != argument.id }.map {
      $0.with(\.trailingComma, nil).trimmedDescription
    }
    return .replace(
      arguments, withText: others.joined(separator: ", "), FixItTitle.removeDuplicate)
  }
  guard let element = reference.node.ancestor(ArrayElementSyntax.self),
    let array = element.parent?.parent?.as(ArrayExprSyntax.self)
  else { return nil }
  let kept = array.elements.filter { $0.id != element.id }.map {
    $0.expression.trimmedDescription
  }
  return .replace(
    array, withText: "[\(kept.joined(separator: ", "))]", FixItTitle.removeDuplicate)
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

extension TypeSyntax {
  /// Whether `Type(...)` can be written for the type: not an existential, opaque, function,
  /// tuple, metatype or optional type.
  var isBuildable: Bool {
    let type = unparenthesized
    if type.is(SomeOrAnyTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
      || type.is(CompositionTypeSyntax.self) || type.is(TupleTypeSyntax.self)
      || type.is(AttributedTypeSyntax.self) || type.is(MetatypeTypeSyntax.self)
    {
      return false
    }
    return type.optionalWrapped == nil
  }
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
