import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Bind`: registers an implementation type under a key from wherever the type is declared,
/// with no central list.
///
/// It makes the type injectable (as `@Injectable` does, unless `@Injectable` is attached too) and
/// adds a link-time record: a C function pointer in the image's initializer table that enrolls
/// the binding when the image loads. `Container.default` installs the bindings before its first
/// use; `installDiscoveredBindings()` installs them into any container.
///
/// ```swift
/// @Bind(\.api, lifetime: .singleton)
/// final class LiveAPIClient: APIClient { init(http: HTTPClient) { ... } }
/// // adds the Injectable conformance, and
/// extension LiveAPIClient {
///   #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
///   @section(".init_array")
///   #elseif canImport(Darwin)
///   @section("__DATA,__mod_init_func,mod_init_funcs")
///   #endif
///   @used private nonisolated static let <unique>: @convention(c) () -> Void = {
///     Loom::DiscoveredBinding._enroll {
///       Loom::DiscoveredBinding._injectable(LiveAPIClient.self, as: \.api, lifetime: .singleton,
///         fileID: "App/LiveAPIClient.swift", line: 1) { $0 }
///     }
///   }
/// }
/// ```
public enum BindMacro: CheckedExtensionMacro {
  /// The record (and the conformance, for the first `@Bind` of a type without `@Injectable`), or
  /// nothing when the binding is not valid.
  static func extensions(
    for request: ExtensionRequest, in context: some MacroExpansionContext,
    problems: inout Problems
  ) -> [ExtensionDeclSyntax] {
    let (node, declaration, type) = (request.node, request.declaration, request.type)
    let binds = declaration.attributes.attributes(named: "Bind")
    let hasInjectable = declaration.attributes.contains(named: "Injectable")
    // NB: the first @Bind speaks for the type (its diagnostics, its conformance), so a type
    // with several @Bind attributes is checked and made injectable once.
    let isFirst = binds.first.map { context.isSameNode($0, node) } ?? false
    if let duplicate = duplicate(of: node, among: binds, in: context) {
      problems.error(
        .bindRepeated, at: duplicate,
        fixIt: .replace(
          message: FixItText(FixItTitle.removeRepeatedBind), oldNode: declaration.attributes,
          newNode: declaration.attributes.removing(duplicate)))
      return []
    }
    var typeProblems = Problems()
    let injectable = InjectableType.read(
      declaration, macro: "Bind", attribute: node, problems: &typeProblems)
    if isFirst, !hasInjectable { problems.append(typeProblems) }
    guard let injectable else { return [] }
    if let problem = placementProblem(in: context, type: type) {
      problems.error(problem, at: node)
      return []
    }
    var extensions: [ExtensionDeclSyntax] = []
    if isFirst, !hasInjectable, !request.protocols.isEmpty {
      extensions.append(injectable.conformance(extending: type))
    }
    extensions.append(
      record(
        for: node, type: type, location: context.locationArguments(of: node),
        name: context.makeUniqueName("binding")))
    return extensions
  }

  /// `node` when it repeats an earlier `@Bind` of the type word for word.
  private static func duplicate(
    of node: AttributeSyntax, among binds: [AttributeSyntax],
    in context: some MacroExpansionContext
  ) -> AttributeSyntax? {
    guard let index = binds.firstIndex(where: { context.isSameNode($0, node) }) else { return nil }
    let text = node.trimmedDescription
    return binds[..<index].contains { $0.trimmedDescription == text } ? binds[index] : nil
  }

  /// Why the record cannot be a static property of the type, if it cannot.
  private static func placementProblem(
    in context: some MacroExpansionContext, type: some TypeSyntaxProtocol
  ) -> MacroMessage? {
    for enclosing in context.lexicalContext {
      if let group = enclosing.asProtocol((any DeclGroupSyntax).self) {
        if group.genericParameters != nil {
          return .bindInsideGeneric(type: type.trimmedDescription)
        }
        continue
      }
      return .bindLocal
    }
    return nil
  }

  /// The extension that holds the link-time record of the binding `node` declares.
  private static func record(
    for node: AttributeSyntax, type: some TypeSyntaxProtocol, location: String, name: TokenSyntax
  ) -> ExtensionDeclSyntax {
    let implementation = type.trimmedDescription
    var arguments = ["\(implementation).self"]
    if let key = node.argument(nil)?.expression {
      arguments.append("as: \(key.trimmedDescription)")
    } else {
      arguments.append("as: \(implementation).self")
    }
    if let name = node.argument("name") {
      arguments.append("name: \(name.expression.trimmedDescription)")
    }
    if let lifetime = node.argument("lifetime") {
      arguments.append("lifetime: \(lifetime.expression.trimmedDescription)")
    }
    let call = "\(arguments.joined(separator: ", ")),\n        \(location)"
    let decl: DeclSyntax = """
      extension \(raw: implementation) {
        #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
        @section(".init_array")
        #elseif canImport(Darwin)
        @section("__DATA,__mod_init_func,mod_init_funcs")
        #endif
        @used private nonisolated static let \(name): @convention(c) () -> \(raw: Qualified.swift("Void")) = {
          \(raw: Qualified.loom("DiscoveredBinding"))._enroll {
            \(raw: Qualified.loom("DiscoveredBinding"))._injectable(
              \(raw: call)
            ) { $0 }
          }
        }
        #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
        #warning("@Bind bindings are not discovered on this platform; register \(raw: implementation) yourself")
        #endif
      }
      """
    return decl.cast(ExtensionDeclSyntax.self)
  }
}

extension AttributeListSyntax {
  /// The list without `attribute`.
  func removing(_ attribute: AttributeSyntax) -> AttributeListSyntax {
    filter { element in
      guard case .attribute(let other) = element else { return true }
      return other != attribute
    }
  }
}
