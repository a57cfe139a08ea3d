import SwiftSyntax
import SwiftSyntaxMacros

/// A peer macro that records the problems it finds while it reads its declaration, and reports
/// them once it is done (`@InjectableInit`, `@Provides`, `@Startup`).
protocol CheckedPeerMacro: PeerMacro {
  /// The peers of `declaration`, recording in `problems` why there are none.
  static func peers(
    of node: AttributeSyntax, for declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext, problems: inout Problems
  ) -> [DeclSyntax]
}

// NB: the protocol is internal, since its hook takes `Problems`; a public member of its
// extension still witnesses `PeerMacro`'s public requirement for the public macro types.
extension CheckedPeerMacro {
  /// Writes the macro's peers, then reports the problems it found in the declaration.
  ///
  /// ```swift
  /// let records = StartupMacro.expansion(of: attribute, providingPeersOf: function, in: context)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The macro's attribute.
  ///   - declaration: The declaration the attribute is attached to.
  ///   - context: The expansion context.
  /// - Returns: The peers, or nothing when the declaration is not valid.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    var problems = Problems()
    defer { problems.report(in: context) }
    return peers(of: node, for: declaration, in: context, problems: &problems)
  }
}
