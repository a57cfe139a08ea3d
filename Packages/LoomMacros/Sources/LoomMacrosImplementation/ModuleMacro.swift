import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Module`: makes a type whose `@Provides` methods are registrations an `Assembly`
/// (LoomAssembly), Dagger style.
///
/// ```swift
/// @Module
/// struct NetworkModule {
///   @Provides(lifetime: .singleton)
///   func http(config: Config) -> HTTPClient { HTTPClient(config: config) }
/// }
/// // adds
/// extension NetworkModule: LoomAssembly::Assembly {
///   nonisolated func assemble(into container: Loom::Container) {
///     container.register(
///       HTTPClient.self, lifetime: .singleton, dependencies: [Loom::DependencyKey(Config.self)],
///       fileID: "App/NetworkModule.swift", line: 3
///     ) { r in
///       try self.http(config: r.tryResolve(Config.self))
///     }
///   }
/// }
/// ```
public enum ModuleMacro: CheckedExtensionMacro {
  /// The `Assembly` conformance, or nothing when the type cannot be a module or conforms already.
  static func extensions(
    for request: ExtensionRequest, in context: some MacroExpansionContext,
    problems: inout Problems
  ) -> [ExtensionDeclSyntax] {
    let declaration = request.declaration
    guard
      declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self)
        || declaration.is(EnumDeclSyntax.self) || declaration.is(ActorDeclSyntax.self)
    else {
      problems.error(.moduleNotAType, at: request.node)
      return []
    }
    if let own = declaration.memberBlock.members.lazy.compactMap({
      $0.decl.as(FunctionDeclSyntax.self)
    }).first(where: { $0.name.text == "assemble" }) {
      problems.error(.moduleOwnAssemble, at: own.name)
      return []
    }
    let isMainActor = declaration.attributes.contains(named: "MainActor")
    var seen: [String: ProvidedMethod] = [:]
    var methods: [ProvidedMethod] = []
    for member in declaration.memberBlock.members {
      guard
        let attribute = member.decl.as(FunctionDeclSyntax.self)?.attributes
          .attributes(named: "Provides").first
      else { continue }
      // NB: @Provides reports a method's own problems; an invalid one is left out silently.
      var ignored = Problems()
      guard
        let method = ProvidedMethod.read(
          member.decl, attribute: attribute, moduleIsMainActor: isMainActor, problems: &ignored)
      else { continue }
      if let earlier = seen[method.identity] {
        problems.error(
          .moduleDuplicateKey(
            module: request.type.trimmedDescription, key: method.keyDescription,
            earlier: earlier.name),
          at: method.attribute)
        continue
      }
      seen[method.identity] = method
      methods.append(method)
    }
    guard !request.protocols.isEmpty else { return [] }
    let access =
      declaration.modifiers.modifier(.public) != nil || declaration.modifiers.modifier(.open) != nil
      ? "public " : ""
    let registrations = methods.map { registration(for: $0, in: context) }
    let body = registrations.map { "\n" + $0 }.joined()
    let decl = DeclSyntax(
      stringLiteral: """
        extension \(request.type.trimmed): \(Qualified.loomAssembly("Assembly")) {
          \(access)nonisolated func assemble(into container: \(Qualified.loom("Container"))) {\(body)
          }
        }
        """)
    return [decl.cast(ExtensionDeclSyntax.self)]
  }

  /// `container.register(Key.self, ...) { r in try self.method(...) }` for one method.
  private static func registration(
    for method: ProvidedMethod, in context: some MacroExpansionContext
  ) -> String {
    var arguments = [method.keyType.metatype]
    if let name = method.registrationName { arguments.append("name: \(name)") }
    if let lifetime = method.lifetime { arguments.append("lifetime: \(lifetime)") }
    let register =
      method.callable.factoryKind == .mainActor ? "_registerMainActor" : "register"
    let callee = (method.isStatic ? "Self." : "self.") + method.name
    return """
          container.\(register)(
            \(arguments.joined(separator: ", ")),
            dependencies: \(method.callable.dependencies(indent: "      ")),
            \(context.locationArguments(of: method.function))
          ) { r in
            \(method.callable.call(callee, indent: "      "))
          }
      """
  }
}
