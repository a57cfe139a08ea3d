import SwiftDiagnostics
import SwiftSyntax

/// A `@Provides` method of a `@Module` type: the registration it stands for.
struct ProvidedMethod {
  /// The method's name, such as `httpClient`.
  let name: String
  /// The registration's key type: the method's return type.
  let keyType: TypeSyntax
  /// The expression of the `name:` argument, if any.
  let registrationName: String?
  /// The expression of the `lifetime:` argument, if any.
  let lifetime: String?
  let callable: Callable
  let isStatic: Bool
  /// The `@Provides` attribute.
  let attribute: AttributeSyntax
  /// The method, for the registration's location.
  let function: FunctionDeclSyntax

  /// What tells two registrations apart: the key type and the name, as written.
  var identity: String { "\(keyType.text)|\(registrationName ?? "")" }

  /// The registration as `dump()` names it: `HTTPClient`, or `APIClient (name: "primary")`.
  var keyDescription: String {
    registrationName.map { "'\(keyType.text)' (name: \($0))" } ?? "'\(keyType.text)'"
  }

  /// Reads `declaration`, which carries `attribute` (`@Provides`), or records why it cannot be a
  /// registration. `moduleIsMainActor` says whether the module type is `@MainActor`.
  static func read(
    _ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax, moduleIsMainActor: Bool,
    problems: inout Problems
  ) -> ProvidedMethod? {
    guard let function = declaration.as(FunctionDeclSyntax.self) else {
      problems.error(.providesNotAMethod, at: attribute)
      return nil
    }
    let name = function.name.text
    if let generics = function.genericParameterClause {
      problems.error(.providesGeneric(method: name), at: generics)
      return nil
    }
    guard let returnType = function.signature.returnClause?.type,
      !["Void", "()"].contains(returnType.trimmedDescription)
    else {
      problems.error(.providesNoResult(method: name), at: function.name)
      return nil
    }
    if let opaque = returnType.as(SomeOrAnyTypeSyntax.self),
      opaque.someOrAnySpecifier.tokenKind == .keyword(.some)
    {
      problems.error(
        .providesOpaqueResult(method: name, constraint: opaque.constraint.trimmedDescription),
        at: returnType,
        fixIt: .replace(
          message: FixItText(FixItTitle.returnAny(opaque.constraint.trimmedDescription)),
          oldNode: opaque.someOrAnySpecifier,
          newNode: opaque.someOrAnySpecifier.with(\.tokenKind, .keyword(.any))))
      return nil
    }
    if let mutating = function.modifiers.modifier(.mutating) {
      problems.error(
        .providesMutating(method: name), at: mutating,
        fixIt: .replace(
          message: FixItText(FixItTitle.remove("mutating")), oldNode: function.modifiers,
          newNode: function.modifiers.filter { $0 != mutating }))
      return nil
    }
    guard
      let parameters = ResolvedParameter.read(
        function.signature.parameterClause.parameters, macro: "Provides", problems: &problems)
    else { return nil }
    let effects = function.signature.effectSpecifiers
    let isMainActor =
      function.modifiers.modifier(.nonisolated) == nil
      && (moduleIsMainActor || function.attributes.contains(named: "MainActor"))
    return ProvidedMethod(
      name: name, keyType: returnType.trimmed,
      registrationName: attribute.argument("name")?.expression.trimmedDescription,
      lifetime: attribute.argument("lifetime")?.expression.trimmedDescription,
      callable: Callable(
        parameters: parameters, isAsync: effects?.asyncSpecifier != nil,
        isThrowing: effects?.throwsClause != nil, isMainActor: isMainActor),
      isStatic: function.modifiers.modifier(.static) != nil
        || function.modifiers.modifier(.class) != nil,
      attribute: attribute, function: function)
  }
}
