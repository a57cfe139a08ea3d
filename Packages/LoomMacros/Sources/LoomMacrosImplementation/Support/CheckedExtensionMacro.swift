import SwiftSyntax
import SwiftSyntaxMacros

/// An extension macro that records the problems it finds while it reads its type, and reports
/// them once it is done (`@Injectable`, `@Module`, `@Bind`).
protocol CheckedExtensionMacro: ExtensionMacro {
  /// The extensions for `request`, recording in `problems` why there are none.
  static func extensions(
    for request: ExtensionRequest, in context: some MacroExpansionContext,
    problems: inout Problems
  ) -> [ExtensionDeclSyntax]
}

// NB: the protocol is internal, since its hook takes `Problems`; a public member of its
// extension still witnesses `ExtensionMacro`'s public requirement for the public macro types.
extension CheckedExtensionMacro {
  /// Writes the macro's extensions, then reports the problems it found in the type.
  ///
  /// ```swift
  /// InjectableMacro.expansion(
  ///   of: attribute, attachedTo: type, providingExtensionsOf: typeName, conformingTo: [], in: context)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The macro's attribute.
  ///   - declaration: The type.
  ///   - type: The type being extended.
  ///   - protocols: The protocols the type does not conform to yet.
  ///   - context: The expansion context.
  /// - Returns: The extensions, or nothing when the type is not valid.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) -> [ExtensionDeclSyntax] {
    var problems = Problems()
    defer { problems.report(in: context) }
    let request = ExtensionRequest(
      node: node, declaration: declaration, type: TypeSyntax(type), protocols: protocols)
    return extensions(for: request, in: context, problems: &problems)
  }
}

/// What an extension macro is asked to expand: its attribute, the type it is attached to, and
/// what it may add.
struct ExtensionRequest {
  /// The macro's attribute.
  let node: AttributeSyntax
  /// The type's declaration.
  let declaration: any DeclGroupSyntax
  /// The type being extended, as the compiler names it.
  let type: TypeSyntax
  /// The protocols the type does not conform to yet.
  let protocols: [TypeSyntax]
}
