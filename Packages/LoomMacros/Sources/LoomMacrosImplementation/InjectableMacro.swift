import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Injectable`: makes a class, struct or actor registrable by type, with no factory closure.
///
/// It writes a conformance to `LoomMacros::Injectable` whose factory calls the chosen initializer
/// (the only one, the one marked `@InjectableInit`, or the implicit one), resolving each parameter
/// that has no default value, and lists the keys it resolves so the graph sees them:
///
/// ```swift
/// @Injectable
/// final class UserService: Sendable {
///   init(api: any APIClient, @Named("users") database: Database) { ... }
/// }
/// // adds
/// extension UserService: LoomMacros::Injectable {
///   nonisolated static var _injection: LoomMacros::_Injection<UserService> {
///     .sync(dependencies: [Loom::DependencyKey((any APIClient).self), ...]) { r in
///       try UserService(api: r.tryResolve((any APIClient).self), ...)
///     }
///   }
/// }
/// ```
public enum InjectableMacro: CheckedExtensionMacro {
  /// The conformance, or nothing when the type is not valid or conforms already.
  static func extensions(
    for request: ExtensionRequest, in context: some MacroExpansionContext,
    problems: inout Problems
  ) -> [ExtensionDeclSyntax] {
    let injectable = InjectableType.read(
      request.declaration, macro: "Injectable", attribute: request.node, problems: &problems)
    guard let injectable, !request.protocols.isEmpty else { return [] }
    return [injectable.conformance(extending: request.type)]
  }
}

/// `@InjectableInit`: marks the initializer an `@Injectable` (or `@Bind`) type is made with.
///
/// It expands to nothing; it only checks that it is on an initializer of such a type.
public enum InjectableInitMacro: CheckedPeerMacro {
  /// Checks where the marker is; adds nothing.
  static func peers(
    of node: AttributeSyntax, for declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext, problems: inout Problems
  ) -> [DeclSyntax] {
    InitializerMarker.check(node, on: declaration, in: context, problems: &problems)
    return []
  }
}

extension InjectableType {
  /// `extension T: LoomMacros::Injectable { static var _injection ... }`.
  func conformance(extending type: some TypeSyntaxProtocol) -> ExtensionDeclSyntax {
    let kind =
      switch initializer.factoryKind {
      case .sync: "sync"
      case .async: "async"
      case .mainActor: "mainActor"
      }
    let name = type.trimmedDescription
    let decl: DeclSyntax = """
      extension \(raw: name): \(raw: Qualified.loomMacros("Injectable")) {
        \(raw: access)nonisolated static var _injection: \(raw: Qualified.loomMacros("_Injection"))<\(raw: name)> {
          .\(raw: kind)(dependencies: \(raw: initializer.dependencies(indent: "    "))) { r in
            \(raw: initializer.call(name, indent: "      "))
          }
        }
      }
      """
    return decl.cast(ExtensionDeclSyntax.self)
  }
}
