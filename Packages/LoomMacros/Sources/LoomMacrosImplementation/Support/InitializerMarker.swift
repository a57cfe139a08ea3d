import SwiftSyntax
import SwiftSyntaxMacros

/// The check of `@InjectableInit`: it marks the initializer that `@Injectable` (or `@Bind`) uses,
/// so it only means something on an initializer in the body of such a type.
enum InitializerMarker {
  /// The attributes that make a type read its marked initializer.
  static let typeMacros = ["Injectable", "Bind"]

  /// Records an error when the marker is not on an initializer of an `@Injectable` type.
  static func check(
    _ attribute: AttributeSyntax, on declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext, problems: inout Problems
  ) {
    guard declaration.is(InitializerDeclSyntax.self) else {
      problems.error(.markerNotOnInitializer, at: attribute)
      return
    }
    let owner = context.lexicalContext.first
    let attributes =
      owner?.as(ClassDeclSyntax.self)?.attributes ?? owner?.as(StructDeclSyntax.self)?.attributes
      ?? owner?.as(ActorDeclSyntax.self)?.attributes ?? []
    if typeMacros.contains(where: attributes.contains(named:)) { return }
    let message: MacroMessage =
      owner?.is(ExtensionDeclSyntax.self) == true
      ? .markerInExtension : .markerOutsideInjectable
    problems.error(message, at: attribute)
  }
}
