import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What `@Provide` and `@Child` share: the member's getter, which builds it.
///
/// The getter passes the code that builds the member to the read function `@Component` writes
/// (`_loomRead_api`), which supplies what it takes and keeps the result:
///
/// ```swift
/// @Provide(.shared, with: [\Self.config]) var api: API
/// // var api: API { get { _loomRead_api { component in API(config: component.config) } } }
/// @Provide(.shared, Users.init(api:), effects: .throwing) var users: Users
/// // get throws { try _loomRead_users { LoomMacros::_MemberSource.effects(throwing: Users.init(api:)) } }
/// @Provide(.shared, factory: { (api: API) in Cache(api) }) var cache: Cache
/// // get { _loomRead_cache { (api: API) in Cache(api) } }
/// ```
///
/// So what only the compiler can check in that code (an initializer's labels, its effects, its
/// isolation, a child's inputs) is reported in the expansion of the member's own attribute; and
/// the factory closure is compiled once, here, which the compiler only does when the attribute
/// type-checks, so an error inside it is reported once, at the user's closure.
enum MemberAccessor {
  /// Where a `@Provide`, `@Child` or `@Perform` is written.
  enum Placement {
    /// Directly in a `@Component` struct.
    case component(name: String, isMainActor: Bool)
    /// In a type marked `@Component` that is not a struct, which `@Component` reports.
    case refusedComponent
    /// Anywhere else, which the attribute reports.
    case elsewhere
  }

  static func getter(
    of node: AttributeSyntax, _ declaration: some DeclSyntaxProtocol, macro: String,
    in context: some MacroExpansionContext
  ) -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self) else {
      context.diagnose(.init(node: node, message: MacroMessage.memberTarget(macro: macro)))
      return []
    }
    let placement = checkPlacement(node, macro: macro, in: context)
    // Several attributes on one member are reported by @Component; one of them writes the getter,
    // and the others nothing (the compiler asks for a getter from the member, not from each).
    guard writesTheGetter(node, of: variable, in: context) else { return [] }
    // A member with a getter of its own is reported by @Component; a second getter would be
    // Swift's "variable already has a getter".
    guard !variable.hasGetter else { return [] }
    guard case .component(let component, let isMainActor) = placement else {
      return [placeholder(of: variable, attribute: node)]
    }
    var problems = ComponentProblems()  // reported by @Component, which reads every member
    guard let local = LocalMember.read(variable, problems: &problems),
      let member = MemberReader(local: local, component: component).read(problems: &problems)
    else {
      return [placeholder(of: variable, attribute: node)]
    }
    return [getter(of: member, isMainActor: isMainActor)]
  }

  /// The getter of a member, calling its read function with the code that builds it.
  static func getter(of member: ComponentMember, isMainActor: Bool) -> AccessorDeclSyntax {
    let effects = member.effects
    let specifiers = effects.specifiers.isEmpty ? "" : " " + effects.specifiers
    let read = identifier("_loomRead_" + member.name)
    let call: String
    switch member.construction {
    case .input:
      call = "\(read)()"
    case .initializer(let type):
      let arguments = member.dependencies.map {
        "\(label($0.label ?? $0.member)): component.\(identifier($0.member))"
      }
      let parameter = member.dependencies.isEmpty ? "_" : "component"
      // NB: the member's own type as `.init`, which the read function's result type names: a
      // type written as an expression here would find a member of the same name first.
      let callee = type == member.type.trimmedDescription ? ".init" : type
      call =
        "\(read) { \(parameter) in \(effects.markers)\(callee)(\(arguments.joined(separator: ", "))) }"
    case .reference(let expression):
      let helper = (isMainActor ? "mainActorEffects" : "effects") + "(\(effects.label):"
      call =
        "\(read) { \(Qualified.loomMacros("_MemberSource")).\(helper) \(expression.trimmedDescription)) }"
    case .closure(let closure):
      call = "\(read) \(reindented(closure.trimmedDescription))"
    case .child:
      // Sorted, as the labels of `_LoomInputs`: Swift names an input the parent does not wire.
      let arguments = member.dependencies.sorted { ($0.label ?? "") < ($1.label ?? "") }
        .map { "\(label($0.label ?? $0.member)): component.\(identifier($0.member))" }
      let parameter = member.dependencies.isEmpty ? "_" : "component"
      call =
        "\(read) { \(parameter) in \(identifier("_LoomChild_" + member.name)).Value._LoomInputs(\(arguments.joined(separator: ", "))) }"
    }
    return "get\(raw: specifiers) {\n\(raw: indent(effects.markers + call, 1))\n}"
  }

  /// The getter of a member that is not built (it has a problem, reported elsewhere): it keeps
  /// the declaration a computed property, so that the compiler adds no error of its own.
  ///
  /// A member of an opaque type (`some P`) needs a getter whose result has a concrete type: it
  /// calls the member's source (a closure, an initializer or function reference, a type) with
  /// arguments that are never made, when it has one.
  static func placeholder(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax
  ) -> AccessorDeclSyntax {
    let effects = LocalMember.readEffects(of: attribute)
    let specifiers = effects.specifiers.isEmpty ? "" : " " + effects.specifiers
    let body = opaqueSource(of: variable, attribute: attribute).map { effects.markers + $0 }
    return "get\(raw: specifiers) { \(raw: body ?? Qualified.swift("fatalError") + "()") }"
  }

  /// A call of the source of a member of an opaque type, with arguments that are never made.
  private static func opaqueSource(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax
  ) -> String? {
    guard let type = variable.bindings.first?.typeAnnotation?.type.unparenthesized,
      type.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.tokenKind == .keyword(.some)
    else { return nil }
    let unbuilt = Qualified.loomMacros("_ComponentStub") + ".unbuilt()"
    if let closure = attribute.argument("factory")?.expression.as(ClosureExprSyntax.self) {
      var count = 0
      if case .parameterClause(let clause)? = closure.signature?.parameterClause {
        count = clause.parameters.count
      }
      let arguments = Array(repeating: unbuilt, count: count).joined(separator: ", ")
      return "(\(closure.trimmedDescription))(\(arguments))"
    }
    guard let source = attribute.argumentList.dropFirst().first(where: { $0.label == nil })
    else { return nil }
    if let access = source.expression.as(MemberAccessExprSyntax.self),
      access.declName.baseName.tokenKind == .keyword(.self), let base = access.base
    {
      let labels =
        attribute.argument("with")?.expression.as(ArrayExprSyntax.self)?.elements
        .compactMap {
          $0.expression.as(KeyPathExprSyntax.self)?.components.last?.component.as(
            KeyPathPropertyComponentSyntax.self)?.declName.baseName.bareName
        } ?? []
      let arguments = labels.map { "\(label($0)): \(unbuilt)" }.joined(separator: ", ")
      return "\(base.trimmedDescription)(\(arguments))"
    }
    let name =
      source.expression.as(MemberAccessExprSyntax.self)?.declName
      ?? source.expression.as(DeclReferenceExprSyntax.self)
    let count = name?.argumentNames?.arguments.count ?? 0
    let arguments = Array(repeating: unbuilt, count: count).joined(separator: ", ")
    return "\(source.expression.trimmedDescription)(\(arguments))"
  }

  /// Whether `node` is the `@Provide` or `@Child` of `variable` that writes its getter: the last.
  ///
  /// NB: the compiler expands the accessor macros of one declaration from the last attribute to
  /// the first, and reports "did not produce a non-observing accessor" for an expansion after
  /// which the declaration has no getter; so the last one writes it.
  private static func writesTheGetter(
    _ node: AttributeSyntax, of variable: VariableDeclSyntax,
    in context: some MacroExpansionContext
  ) -> Bool {
    let attributes = variable.attributes.memberAttributes
    guard attributes.count > 1, let last = attributes.last else { return true }
    if let here = context.location(of: node), let there = context.location(of: last) {
      return here.line.description == there.line.description
        && here.column.description == there.column.description
    }
    return node.trimmedDescription == last.trimmedDescription
  }

  /// Where `node` is written.
  static func placement(in context: some MacroExpansionContext) -> Placement {
    let enclosing = context.lexicalContext.first
    if let structure = enclosing?.as(StructDeclSyntax.self),
      let attribute = structure.attributes.attributes(named: "Component").first
    {
      // NB: a struct written `@MainActor` is refused by @Component (it is `mainActor: true`);
      // its members are isolated all the same, and their getters written so.
      let isMainActor =
        attribute.argument("mainActor")?.expression.as(BooleanLiteralExprSyntax.self)?.literal
        .tokenKind == .keyword(.true) || structure.attributes.contains(named: "MainActor")
      return .component(name: structure.name.bareName, isMainActor: isMainActor)
    }
    let attributes =
      enclosing?.as(ClassDeclSyntax.self)?.attributes
      ?? enclosing?.as(EnumDeclSyntax.self)?.attributes
      ?? enclosing?.as(ActorDeclSyntax.self)?.attributes
    if attributes?.contains(named: "Component") == true { return .refusedComponent }
    return .elsewhere
  }

  /// Where `node` is written; reports it when that is not in a component.
  @discardableResult
  static func checkPlacement(
    _ node: AttributeSyntax, macro: String, in context: some MacroExpansionContext
  ) -> Placement {
    let placement = placement(in: context)
    guard case .elsewhere = placement else { return placement }
    let enclosing = context.lexicalContext.first
    let message: MacroMessage
    if enclosing?.is(ExtensionDeclSyntax.self) == true {
      message = .memberInExtension(macro: macro)
    } else if macro == "@Provide",
      enclosing?.asProtocol((any DeclGroupSyntax).self)?.attributes.contains(named: "Module")
        == true
    {
      message = .provideInModule
    } else {
      message = .outsideComponent(macro: macro)
    }
    context.diagnose(.init(node: node, message: message))
    return .elsewhere
  }

  /// `typealias _LoomChild_session = LoomMacros::_Child<SessionComponent>`: the alias of a
  /// child's type that generated code names it by, declared by the child's `@Child`, so that a
  /// type that is not a component is reported there, once.
  static func childAlias(
    of declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    var problems = ComponentProblems()  // reported by @Component
    guard case .component = placement(in: context),
      let structure = context.lexicalContext.first?.as(StructDeclSyntax.self),
      let variable = declaration.as(VariableDeclSyntax.self),
      let local = LocalMember.read(variable, problems: &problems), local.isWellFormedChild
    else { return [] }
    let alias = identifier("_LoomChild_" + local.name)
    // As visible as what the generated API exposes of the child (its override, its `Resolved`).
    let access = min(Access(structure.modifiers), local.access).modifier
    return [
      "\(raw: access)typealias \(raw: alias) = \(raw: Qualified.loomMacros("_Child"))<\(raw: local.type.trimmedDescription)>"
    ]
  }
}

extension VariableDeclSyntax {
  /// Whether the declaration has a getter of its own (`var x: T { ... }`), not only observers.
  var hasGetter: Bool {
    guard let block = bindings.first?.accessorBlock else { return false }
    switch block.accessors {
    case .getter:
      return true
    case .accessors(let accessors):
      return accessors.contains {
        ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
      }
    @unknown default:
      return true
    }
  }
}

extension AttributeListSyntax {
  /// The `@Provide` and `@Child` attributes, in source order.
  var memberAttributes: [AttributeSyntax] {
    compactMap { element in
      guard case .attribute(let attribute) = element,
        attribute.isNamed("Provide") || attribute.isNamed("Child")
      else { return nil }
      return attribute
    }
  }
}
