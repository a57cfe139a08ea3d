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
    let marker = "@\(InjectableType.marker)"
    guard declaration.is(InitializerDeclSyntax.self) else {
      problems.error(
        .error(
          InjectableType.marker, "notAnInitializer",
          "\(marker) marks the initializer of an @Injectable type; remove it here"),
        at: attribute)
      return
    }
    let owner = context.lexicalContext.first
    let attributes =
      owner?.as(ClassDeclSyntax.self)?.attributes ?? owner?.as(StructDeclSyntax.self)?.attributes
      ?? owner?.as(ActorDeclSyntax.self)?.attributes ?? []
    if typeMacros.contains(where: attributes.contains(named:)) { return }
    let message =
      owner?.is(ExtensionDeclSyntax.self) == true
      ? "@Injectable only reads initializers declared in the type's body; move this initializer"
        + " there"
      : "\(marker) marks the initializer an @Injectable type is made with; add @Injectable to the"
        + " type, or remove \(marker)"
    problems.error(.error(InjectableType.marker, "outsideInjectable", message), at: attribute)
  }
}
