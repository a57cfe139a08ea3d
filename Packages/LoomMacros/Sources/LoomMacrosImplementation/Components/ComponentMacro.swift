import SwiftDiagnostics
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@Component`: a struct of `@Provide` members, `@Child` components and `@Perform` steps, checked
/// when it compiles and given its initializer, overrides, `resolve()` and graph.
///
/// Every role reads the struct the same way (``ComponentDeclaration/read(_:attribute:problems:)``
/// and ``ComponentChecker``): the member role reports the problems and, when there are any,
/// adds only stub getters so the members' accessors still compile; the extension role then adds
/// no conformance, so the user sees the component's diagnostics and nothing else.
///
/// ```swift
/// @Component
/// struct AppComponent {
///   @Provide(.input) var config: AppConfig
///   @Provide(.shared, with: [\Self.config]) var api: LiveAPIClient
/// }
/// ```
public enum ComponentMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
  /// Adds the storage, the initializers, `Overrides`, the getters' bodies, `Resolved`,
  /// `resolve()`, `install(into:)` and the graph, or reports why the component is not valid.
  ///
  /// - Parameters:
  ///   - node: The `@Component` attribute.
  ///   - declaration: The struct.
  ///   - protocols: The protocols the extension role adds.
  ///   - context: The expansion context.
  /// - Returns: The generated members.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    var problems = ComponentProblems()
    let component = analyze(declaration, attribute: node, problems: &problems)
    problems.report(in: context)
    guard let component else { return [] }
    guard problems.isEmpty else {
      return ComponentGenerator.stubs(for: component.localMembers, component: component.name)
    }
    var locations: [String: String] = [:]
    for member in component.members {
      locations[member.name] = context.locationArguments(of: member.declaration)
    }
    for step in component.steps {
      locations[step.name] = context.locationArguments(of: step.function)
    }
    return ComponentGenerator(component, locations: locations).declarations()
  }

  /// Isolates the members and steps to the main actor, for `@Component(mainActor: true)`.
  ///
  /// - Parameters:
  ///   - node: The `@Component` attribute.
  ///   - declaration: The struct.
  ///   - member: One of its members.
  ///   - context: The expansion context.
  /// - Returns: `@MainActor` for a member or step of a main-actor component, else nothing.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [AttributeSyntax] {
    guard
      node.argument("mainActor")?.expression.as(BooleanLiteralExprSyntax.self)?.literal
        .tokenKind == .keyword(.true)
    else { return [] }
    let attributes: AttributeListSyntax
    if let variable = member.as(VariableDeclSyntax.self) {
      guard
        variable.attributes.contains(named: "Provide")
          || variable.attributes.contains(named: "Child")
      else { return [] }
      attributes = variable.attributes
    } else if let function = member.as(FunctionDeclSyntax.self) {
      guard function.attributes.contains(named: "Perform") else { return [] }
      attributes = function.attributes
    } else {
      return []
    }
    guard !attributes.contains(named: "MainActor") else { return [] }
    return ["@MainActor"]
  }

  /// Adds the conformance to `LoomMacros.Component`, unless the component has problems.
  ///
  /// - Parameters:
  ///   - node: The `@Component` attribute.
  ///   - declaration: The struct.
  ///   - type: The struct's type.
  ///   - protocols: The protocols it does not conform to yet.
  ///   - context: The expansion context.
  /// - Returns: The extension, or nothing.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) -> [ExtensionDeclSyntax] {
    guard !protocols.isEmpty else { return [] }
    var problems = ComponentProblems()
    guard analyze(declaration, attribute: node, problems: &problems) != nil, problems.isEmpty
    else { return [] }
    let conformance: DeclSyntax = "extension \(type.trimmed): LoomMacros.Component {}"
    return [conformance.cast(ExtensionDeclSyntax.self)]
  }

  /// Reads and checks the component; nil when it is not a struct.
  private static func analyze(
    _ declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    problems: inout ComponentProblems
  ) -> ComponentDeclaration? {
    guard
      let component = ComponentDeclaration.read(
        declaration, attribute: attribute, problems: &problems)
    else { return nil }
    ComponentChecker(component).check(&problems)
    return component
  }
}

/// `@Provide`: a member of a `@Component`. Writes the member's getter, which reads what
/// `@Component` generates; the checks are `@Component`'s.
///
/// ```swift
/// @Provide(.shared, with: [\Self.config]) var api: LiveAPIClient
/// // becomes
/// var api: LiveAPIClient { get { _loomRead_api() } }
/// ```
public enum ProvideMacro: AccessorMacro {
  /// Writes the getter, with the member's effects.
  ///
  /// - Parameters:
  ///   - node: The `@Provide` attribute.
  ///   - declaration: The property.
  ///   - context: The expansion context.
  /// - Returns: The getter, or nothing when the member is not valid.
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [AccessorDeclSyntax] {
    MemberAccessor.getter(of: node, declaration, macro: "@Provide", in: context)
  }
}

/// `@Child`: a child component of a `@Component`. Writes the child's getter; the checks are
/// `@Component`'s.
///
/// ```swift
/// @Child(with: [\Self.api]) var session: SessionComponent
/// // becomes
/// var session: SessionComponent { get { _loomRead_session() } }
/// ```
public enum ChildMacro: AccessorMacro {
  /// Writes the getter, with the child's effects.
  ///
  /// - Parameters:
  ///   - node: The `@Child` attribute.
  ///   - declaration: The property.
  ///   - context: The expansion context.
  /// - Returns: The getter, or nothing when the member is not valid.
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [AccessorDeclSyntax] {
    MemberAccessor.getter(of: node, declaration, macro: "@Child", in: context)
  }
}

/// `@Perform`: a start-up step of a `@Component`. Generates nothing itself; `@Component` reads
/// and checks the steps, and runs them in `resolve()`.
///
/// ```swift
/// @Perform(after: ["migrate"]) func seed(database: Database) async throws { ... }
/// ```
public enum PerformMacro: PeerMacro {
  /// Checks that the step is a method of a `@Component`.
  ///
  /// - Parameters:
  ///   - node: The `@Perform` attribute.
  ///   - declaration: The method.
  ///   - context: The expansion context.
  /// - Returns: Nothing.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    guard declaration.is(FunctionDeclSyntax.self) else {
      context.diagnose(
        .init(
          node: node,
          message: MacroMessage.component(
            "performTarget", "@Perform marks a method of a @Component as a start-up step")))
      return []
    }
    MemberAccessor.checkEnclosingComponent(node, macro: "@Perform", in: context)
    return []
  }
}

/// What `@Provide` and `@Child` share: the getter, and the check that they are in a component.
enum MemberAccessor {
  static func getter(
    of node: AttributeSyntax, _ declaration: some DeclSyntaxProtocol, macro: String,
    in context: some MacroExpansionContext
  ) -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self) else {
      context.diagnose(
        .init(
          node: node,
          message: MacroMessage.component(
            "memberTarget", "\(macro) declares a member of a @Component: write it on a 'var'")))
      return []
    }
    guard checkEnclosingComponent(node, macro: macro, in: context) else { return [] }
    var problems = ComponentProblems()  // reported by @Component, which reads every member
    guard let member = LocalMember.read(variable, problems: &problems) else { return [] }
    let effects = member.effects
    let specifiers = effects.specifiers.isEmpty ? "" : " " + effects.specifiers
    return ["get\(raw: specifiers) { \(raw: effects.markers)_loomRead_\(raw: member.name)() }"]
  }

  /// Whether the declaration is written directly in a `@Component` struct; reports it if not.
  @discardableResult
  static func checkEnclosingComponent(
    _ node: AttributeSyntax, macro: String, in context: some MacroExpansionContext
  ) -> Bool {
    let enclosing = context.lexicalContext.first
    let attributes =
      enclosing?.as(StructDeclSyntax.self)?.attributes
      ?? enclosing?.as(ClassDeclSyntax.self)?.attributes
      ?? enclosing?.as(EnumDeclSyntax.self)?.attributes
      ?? enclosing?.as(ActorDeclSyntax.self)?.attributes
    if attributes?.contains(named: "Component") == true { return true }
    var message: String
    if enclosing?.is(ExtensionDeclSyntax.self) == true {
      message =
        "\(macro) must be written in the @Component struct itself, not in an extension: the component reads its members from its declaration"
    } else if macro == "@Provide", attributes?.contains(named: "Module") == true {
      message =
        "\(macro) declares a member of a @Component; in a @Module, mark a method with @Provides instead"
    } else {
      message = "\(macro) declares a member of a @Component; add @Component to the enclosing struct"
    }
    context.diagnose(
      .init(node: node, message: MacroMessage.component("outsideComponent", message)))
    return false
  }
}
