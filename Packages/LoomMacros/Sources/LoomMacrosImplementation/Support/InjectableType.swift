import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A type that `@Injectable` or `@Bind` makes injectable, read and checked once for every macro
/// that needs it: its name, how to make it (the chosen initializer) and its access level.
struct InjectableType {
  /// The type's name, such as `UserService`.
  let name: String
  /// `public ` when the type is public (so are the members written for it), else empty.
  let access: String
  /// The initializer the container calls.
  let initializer: Callable

  /// The name of the attribute that marks the initializer to use.
  static let marker = "InjectableInit"

  /// Reads `declaration` as an injectable type for `macro` (`Injectable` or `Bind`), or records
  /// why it cannot be one.
  static func read(
    _ declaration: some DeclGroupSyntax, macro: String, attribute: AttributeSyntax,
    problems: inout Problems
  ) -> InjectableType? {
    let name: TokenSyntax
    let generics: GenericParameterClauseSyntax?
    let isStruct: Bool
    if let type = declaration.as(ClassDeclSyntax.self) {
      (name, generics, isStruct) = (type.name, type.genericParameterClause, false)
      if type.modifiers.modifier(.final) == nil {
        problems.error(
          .injectableNotFinal(macro: macro, type: name.text), at: type.classKeyword,
          fixIt: .addingFinal(to: type))
        return nil
      }
    } else if let type = declaration.as(StructDeclSyntax.self) {
      (name, generics, isStruct) = (type.name, type.genericParameterClause, true)
    } else if let type = declaration.as(ActorDeclSyntax.self) {
      (name, generics, isStruct) = (type.name, type.genericParameterClause, false)
    } else {
      problems.error(.injectableNotAType(macro: macro), at: attribute)
      return nil
    }
    if let generics {
      problems.error(.injectableGeneric(macro: macro, type: name.text), at: generics)
      return nil
    }
    let typeIsMainActor = declaration.attributes.contains(named: "MainActor")
    let initializers = declaration.memberBlock.members.compactMap {
      $0.decl.as(InitializerDeclSyntax.self)
    }
    let marked = initializers.filter { $0.attributes.contains(named: marker) }
    if marked.count > 1 {
      for extra in marked.dropFirst() {
        let attribute = extra.attributes.attributes(named: marker)[0]
        problems.error(
          .injectableMarkedTwice(macro: macro, type: name.text), at: attribute,
          fixIt: .removing(attribute, from: extra))
      }
      return nil
    }
    if let chosen = marked.first ?? (initializers.count == 1 ? initializers.first : nil) {
      return read(
        chosen, type: name.text, macro: macro, typeIsMainActor: typeIsMainActor,
        access: access(of: declaration), problems: &problems)
    }
    if initializers.count > 1 {
      problems.error(
        .injectableAmbiguous(macro: macro, type: name.text, count: initializers.count),
        at: name,
        fixIts: initializers.map { initializer in
          .replace(
            message: FixItText(FixItTitle.markInitializer(initializer.signatureText)),
            oldNode: initializer, newNode: initializer.addingAttribute(marker))
        })
      return nil
    }
    // No initializer written: the implicit one (memberwise for a struct, `init()` otherwise).
    let parameters = isStruct ? memberwiseParameters(of: declaration) : []
    return InjectableType(
      name: name.text, access: access(of: declaration),
      initializer: Callable(
        parameters: parameters, isAsync: false, isThrowing: false, isMainActor: typeIsMainActor))
  }

  private static func read(
    _ initializer: InitializerDeclSyntax, type: String, macro: String, typeIsMainActor: Bool,
    access: String, problems: inout Problems
  ) -> InjectableType? {
    if let optional = initializer.optionalMark {
      problems.error(.injectableFailable(macro: macro), at: optional)
      return nil
    }
    if let generics = initializer.genericParameterClause {
      problems.error(.injectableGenericInitializer(macro: macro), at: generics)
      return nil
    }
    guard
      let parameters = ResolvedParameter.read(
        initializer.signature.parameterClause.parameters, macro: macro, problems: &problems)
    else { return nil }
    let effects = initializer.signature.effectSpecifiers
    let isolated =
      initializer.modifiers.modifier(.nonisolated) == nil
      && (typeIsMainActor || initializer.attributes.contains(named: "MainActor"))
    return InjectableType(
      name: type, access: access,
      initializer: Callable(
        parameters: parameters, isAsync: effects?.asyncSpecifier != nil,
        isThrowing: effects?.throwsClause != nil, isMainActor: isolated))
  }

  /// The parameters of a struct's memberwise initializer that have no default value: its stored
  /// instance properties without an initial value, in order. `@Inject` properties are computed,
  /// and the core's property wrappers have default values, so neither is a parameter.
  static func memberwiseParameters(of declaration: some DeclGroupSyntax)
    -> [ResolvedParameter]
  {
    let skipped = ["Inject", "WeakInject", "Injected", "OptionalInjected", "WeakInjected"]
    var parameters: [ResolvedParameter] = []
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        variable.modifiers.modifier(.static) == nil, variable.modifiers.modifier(.class) == nil,
        variable.modifiers.modifier(.lazy) == nil,
        !skipped.contains(where: variable.attributes.contains(named:))
      else { continue }
      for binding in variable.bindings {
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
          let type = binding.typeAnnotation?.type, binding.initializer == nil,
          binding.accessorBlock?.accessors.is(CodeBlockItemListSyntax.self) != true,
          binding.accessorBlock?.accessors.as(AccessorDeclListSyntax.self)?.contains(where: {
            [.keyword(.get), .keyword(.set)].contains($0.accessorSpecifier.tokenKind)
          }) != true
        else { continue }
        if variable.bindingSpecifier.tokenKind == .keyword(.var), type.optionalWrapped != nil {
          continue  // an optional `var` defaults to nil
        }
        parameters.append(
          ResolvedParameter(
            label: pattern.identifier.text, type: type.trimmed, key: .type, deferral: nil))
      }
    }
    return parameters
  }

  /// `public ` for a public or open type, `package ` for a package one, else empty.
  private static func access(of declaration: some DeclGroupSyntax) -> String {
    if declaration.modifiers.modifier(.public) != nil
      || declaration.modifiers.modifier(.open) != nil
    {
      return "public "
    }
    return declaration.modifiers.modifier(.package) != nil ? "package " : ""
  }
}

extension InitializerDeclSyntax {
  /// `init(api:database:)`: how fix-its name the initializer.
  var signatureText: String {
    let labels = signature.parameterClause.parameters.map { "\($0.firstName.text):" }
    return "init(\(labels.joined()))"
  }

  /// The initializer with `@name` added before its other attributes and modifiers.
  func addingAttribute(_ name: String) -> InitializerDeclSyntax {
    let attribute = AttributeSyntax(
      attributeName: IdentifierTypeSyntax(name: .identifier(name)), trailingTrivia: .space)
    var marked = self.with(\.leadingTrivia, [])
    marked.attributes = AttributeListSyntax([.attribute(attribute)] + Array(attributes))
    return marked.with(\.leadingTrivia, leadingTrivia)
  }
}

extension FixIt {
  /// A fix-it that makes `type` final: `final` goes after the other modifiers, or takes the place
  /// (and the leading trivia) of the `class` keyword when there are none.
  static func addingFinal(to type: ClassDeclSyntax) -> FixIt {
    let final = DeclModifierSyntax(name: .keyword(.final), trailingTrivia: .space)
    guard type.modifiers.isEmpty else {
      return .replace(
        message: FixItText(FixItTitle.addFinal), oldNode: type.modifiers,
        newNode: type.modifiers + [final])
    }
    // NB: one edit over the whole declaration: `final` must take the line break (the leading
    // trivia) of `class`, and two edits starting at the same offset may be applied in either order.
    var fixed = type.with(
      \.modifiers, [final.with(\.leadingTrivia, type.classKeyword.leadingTrivia)])
    fixed.classKeyword.leadingTrivia = []
    return .replace(message: FixItText(FixItTitle.addFinal), oldNode: type, newNode: fixed)
  }

  /// A fix-it that deletes `attribute` from `initializer`.
  static func removing(_ attribute: AttributeSyntax, from initializer: InitializerDeclSyntax)
    -> FixIt
  {
    let remaining = initializer.attributes.filter { element in
      guard case .attribute(let other) = element else { return true }
      return other != attribute
    }
    // NB: the declaration's leading trivia (its line break and indentation) belongs to its first
    // token, which may be the attribute removed.
    return .replace(
      message: FixItText(FixItTitle.removeThis(InjectableType.marker)), oldNode: initializer,
      newNode: initializer.with(\.attributes, remaining).with(
        \.leadingTrivia, initializer.leadingTrivia))
  }
}
