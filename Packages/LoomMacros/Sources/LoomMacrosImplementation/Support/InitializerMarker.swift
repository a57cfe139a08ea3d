import SwiftSyntax
import SwiftSyntaxMacros

/// The check of `@Inject` written on an initializer: it marks the initializer that `@Injectable`
/// (or `@Bind`) uses, so it only means something in the body of such a type.
enum InitializerMarker {
  /// The attributes that make a type read its marked initializer.
  static let typeMacros = ["Injectable", "Bind"]

  /// Records an error when the initializer is not in the body of an `@Injectable` type.
  static func check(
    _ attribute: AttributeSyntax, in context: some MacroExpansionContext, problems: inout Problems
  ) {
    let owner = context.lexicalContext.first
    let attributes =
      owner?.as(ClassDeclSyntax.self)?.attributes ?? owner?.as(StructDeclSyntax.self)?.attributes
      ?? owner?.as(ActorDeclSyntax.self)?.attributes ?? []
    if typeMacros.contains(where: attributes.contains(named:)) { return }
    let message =
      owner?.is(ExtensionDeclSyntax.self) == true
      ? "@Injectable only reads initializers declared in the type's body; move this initializer"
        + " there"
      : "@Inject on an initializer marks the one an @Injectable type is made with; add"
        + " @Injectable to the type, or remove @Inject"
    problems.error(.error("Inject", "markerOutsideInjectable", message), at: attribute)
  }
}
