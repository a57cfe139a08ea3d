import SwiftDiagnostics
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@Component`: a struct of `@Provide` members, `@Child` components and `@Perform` steps, checked
/// when it compiles and given its initializer, overrides, `resolve()` and graph.
///
/// Every role reads the struct the same way (``ComponentDeclaration/read(_:attribute:problems:)``
/// and ``ComponentChecker``): the member role reports the problems and, when there are any,
/// adds the same API with bodies that stop the program, so that the members' accessors and the
/// code that uses the component still compile, and the user sees the component's diagnostics
/// and nothing else.
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
    let component = analyze(declaration, attribute: node, in: context, problems: &problems)
    problems.report(in: context)
    guard let component else { return [] }
    var locations: [String: String] = [:]
    for member in component.members where locations[member.name] == nil {
      locations[member.name] = context.locationArguments(of: member.declaration)
    }
    for step in component.steps where locations[step.name] == nil {
      locations[step.name] = context.locationArguments(of: step.function)
    }
    var directives: [String: String] = [:]
    for member in component.members where directives[member.name] == nil {
      directives[member.name] = context.sourceLocationDirective(of: member.declaration)
    }
    return ComponentGenerator(
      component, locations: locations, sourceLocations: directives, isValid: problems.isValid,
      unavailable: problems.unavailable, refused: problems.refusedByCompiler
    ).declarations()
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
    return ["\(raw: Qualified.mainActor)"]
  }

  /// Adds the conformance to `LoomMacros::Component`, to every struct: a component with problems
  /// gets the same API (with bodies that stop), so that the code using it still compiles.
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
    guard !protocols.isEmpty, declaration.is(StructDeclSyntax.self) else { return [] }
    // A body that declares its own `Overrides` or `overriding(_:)` cannot conform, nor can a
    // struct isolated with `@MainActor`; the member role reports both.
    var problems = ComponentProblems()
    if let component = ComponentDeclaration.read(
      declaration, attribute: node, configuration: context.buildConfiguration, problems: &problems),
      !component.clashes.isDisjoint(with: ["Overrides", "overriding(_:)"])
        || declaration.attributes.contains(named: "MainActor")
    {
      return []
    }
    let conformance: DeclSyntax =
      "extension \(type.trimmed): \(raw: Qualified.loomMacros("Component")) {}"
    return [conformance.cast(ExtensionDeclSyntax.self)]
  }

  /// Reads and checks the component; nil when it is not a struct.
  private static func analyze(
    _ declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext, problems: inout ComponentProblems
  ) -> ComponentDeclaration? {
    guard
      let component = ComponentDeclaration.read(
        declaration, attribute: attribute, configuration: context.buildConfiguration,
        problems: &problems)
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
public enum ChildMacro: AccessorMacro, PeerMacro {
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

  /// Declares the alias of the child's type that generated code names it by
  /// (`_LoomChild_session`), so that a type that is not a component is reported once, here.
  ///
  /// - Parameters:
  ///   - node: The `@Child` attribute.
  ///   - declaration: The property.
  ///   - context: The expansion context.
  /// - Returns: The alias, or nothing when the child is not valid.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    MemberAccessor.childAlias(of: declaration, in: context)
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
      context.diagnose(.init(node: node, message: MacroMessage.performTarget))
      return []
    }
    MemberAccessor.checkPlacement(node, macro: "@Perform", in: context)
    return []
  }
}
