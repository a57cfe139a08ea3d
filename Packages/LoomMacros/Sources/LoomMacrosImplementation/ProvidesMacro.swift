import SwiftSyntax
import SwiftSyntaxMacros

/// `@Provides`: marks a method of a `@Module` type as a registration: its return type is the key,
/// its parameters are resolved, and `name:` and `lifetime:` say how it is registered.
///
/// It expands to nothing; `@Module` writes the registrations. It checks the method, so a wrong
/// one is reported here, once, and left out of the module.
public enum ProvidesMacro: CheckedPeerMacro {
  /// Checks the method; adds nothing.
  static func peers(
    of node: AttributeSyntax, for declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext, problems: inout Problems
  ) -> [DeclSyntax] {
    let owner = context.lexicalContext.first?.asProtocol((any DeclGroupSyntax).self)
    guard let owner, owner.attributes.contains(named: "Module") else {
      problems.error(.providesOutsideModule, at: node)
      return []
    }
    _ = ProvidedMethod.read(
      declaration, attribute: node,
      moduleIsMainActor: owner.attributes.contains(named: "MainActor"),
      problems: &problems)
    return []
  }
}
