public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@_CachedMember`: declares the `_SharedMember` of a cached member of a `@Component`, which the
/// component's cells and overrides are generic over.
///
/// `@Component` adds the attribute to each `.shared`, `.lazy` and `.once` member (its
/// member-attribute role), so that Swift expands it whatever the member's `@Provide` holds: a
/// `@Provide` whose arguments do not type-check is not expanded, but this attribute has none.
///
/// ```swift
/// @Provide(.shared, with: []) var cache: ImageCache
/// // declares
/// fileprivate enum _LoomShared_cache: LoomMacros::_SharedMember {
///   typealias _LoomValue = ImageCache
/// }
/// ```
///
/// A cached member is kept by the component and read from any isolation, so its type must be
/// `Sendable`. The macro cannot tell whether it is; Swift can, and reports one error here, at the
/// member's line, when it is not ("type 'AppComponent._LoomShared_cache._LoomValue' (aka
/// 'ImageCache') does not conform to the 'Sendable' protocol"). The code `@Component` generates
/// names the member's `_SharedMember`, never its type, where `Sendable` is required, so it adds
/// no error of its own. The doc comment of the declaration, which Swift prints with the error,
/// names the ways out.
public enum CachedMemberMacro: PeerMacro {
  /// Whether `@Component` marks `variable`: a `.shared`, `.lazy` or `.once` member not marked yet.
  static func marks(_ variable: VariableDeclSyntax) -> Bool {
    !variable.attributes.contains(named: "_CachedMember") && cachedMember(variable) != nil
  }

  /// The member `variable` declares, when it is cached and not a child.
  static func cachedMember(_ variable: VariableDeclSyntax) -> LocalMember? {
    var problems = ComponentProblems()  // reported by @Component
    guard let local = LocalMember.read(variable, problems: &problems),
      [.shared, .lazy, .once].contains(local.kind)
    else { return nil }
    return local
  }

  /// The name of the `_SharedMember` of the member `name`: `_LoomShared_api`.
  static func witness(_ name: String) -> String {
    identifier("_LoomShared_" + name)
  }

  /// Declares the member's `_SharedMember`.
  ///
  /// - Parameters:
  ///   - node: The `@_CachedMember` attribute.
  ///   - declaration: The member.
  ///   - context: The expansion context.
  /// - Returns: The declaration, or nothing when the member is not a cached one.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let member = cachedMember(variable)
    else { return [] }
    let type = member.type.trimmedDescription
    return [
      """
      /// '\(raw: member.name)' is kept by the component and read from any isolation: \(raw: type) must be Sendable.
      /// To fix, make '\(raw: member.name)' .transient (a new value for each read, never kept), or make
      /// \(raw: type) Sendable (or isolate it to a global actor, such as @MainActor).
      fileprivate enum \(raw: witness(member.name)): \(raw: Qualified.loomMacros("_SharedMember")) {
        typealias _LoomValue = \(raw: type)
      }
      """
    ]
  }
}
