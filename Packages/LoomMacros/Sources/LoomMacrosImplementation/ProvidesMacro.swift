public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@Provides`: marks a method of a `@Module` type as a registration: its return type is the key,
/// its parameters are resolved, and `name:` and `lifetime:` say how it is registered.
///
/// It expands to nothing; `@Module` writes the registrations. It checks the method, so a wrong
/// one is reported here, once, and left out of the module.
public enum ProvidesMacro: PeerMacro {
  /// Checks the method; adds nothing.
  ///
  /// ```swift
  /// _ = ProvidesMacro.expansion(of: attribute, providingPeersOf: method, in: context)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The `@Provides` attribute.
  ///   - declaration: The method.
  ///   - context: The expansion context.
  /// - Returns: Nothing.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    var problems = Problems()
    let owner = context.lexicalContext.first?.asProtocol((any DeclGroupSyntax).self)
    guard let owner, owner.attributes.contains(named: "Module") else {
      problems.error(.providesOutsideModule, at: node)
      problems.report(in: context)
      return []
    }
    _ = ProvidedMethod.read(
      declaration, attribute: node,
      moduleIsMainActor: owner.attributes.contains(named: "MainActor"),
      problems: &problems)
    problems.report(in: context)
    return []
  }
}
