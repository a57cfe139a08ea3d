public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

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
public enum InjectableMacro: ExtensionMacro {
  /// Writes the conformance, or reports why the type cannot have one.
  ///
  /// ```swift
  /// InjectableMacro.expansion(
  ///   of: attribute, attachedTo: type, providingExtensionsOf: typeName, conformingTo: [], in: context)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The `@Injectable` attribute.
  ///   - declaration: The type.
  ///   - type: The type being extended.
  ///   - protocols: The protocols the type does not conform to yet.
  ///   - context: The expansion context.
  /// - Returns: The conformance, or nothing when the type is not valid or conforms already.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) -> [ExtensionDeclSyntax] {
    var problems = Problems()
    let injectable = InjectableType.read(
      declaration, macro: "Injectable", attribute: node, problems: &problems)
    problems.report(in: context)
    guard let injectable, !protocols.isEmpty else { return [] }
    return [injectable.conformance(extending: type)]
  }
}

/// `@InjectableInit`: marks the initializer an `@Injectable` (or `@Bind`) type is made with.
///
/// It expands to nothing; it only checks that it is on an initializer of such a type.
public enum InjectableInitMacro: PeerMacro {
  /// Checks where the marker is; adds nothing.
  ///
  /// ```swift
  /// _ = InjectableInitMacro.expansion(of: attribute, providingPeersOf: initializer, in: context)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The `@InjectableInit` attribute.
  ///   - declaration: The marked declaration.
  ///   - context: The expansion context.
  /// - Returns: Nothing.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    var problems = Problems()
    InitializerMarker.check(node, on: declaration, in: context, problems: &problems)
    problems.report(in: context)
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
