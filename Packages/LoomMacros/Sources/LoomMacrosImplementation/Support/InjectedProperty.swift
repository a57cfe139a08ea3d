import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A property marked `@Inject` or `@WeakInject`, read and checked once for every role of the
/// macro (the accessor that reads the storage, the peer that declares it), so the roles always
/// agree on whether the declaration is valid.
struct InjectedProperty {
  enum Holding {
    /// `@Inject var x: T`: resolved on first access and kept.
    case strong
    /// `@Inject var x: T?`: like `strong`, `nil` when `T` is not registered.
    case optional
    /// `@WeakInject var x: T?`: resolved on first access and held weakly.
    case weak
  }

  /// The property's name, such as `api`.
  let name: String
  /// The type resolved: the declared type, without the `?` of an optional or weak property.
  let valueType: TypeSyntax
  let holding: Holding
  /// The arguments of the storage's initializer that select the key: `name: "x"`, `\.api`, or
  /// nothing for the type key.
  let keyArguments: String

  /// The storage property's name: `_api`.
  var storageName: String { identifier("_\(name)") }

  /// The core type that holds the dependency, such as `Loom::Injected<any APIClient>`.
  var storageType: String {
    switch holding {
    case .strong: Qualified.loom("Injected<\(valueType.text)>")
    case .optional: Qualified.loom("OptionalInjected<\(valueType.text)>")
    case .weak: Qualified.loom("WeakInjected<\(valueType.text)>")
    }
  }

  /// Reads `declaration` as a property for `attribute` (`@Inject` when `weak` is false), or
  /// records why it cannot be one.
  static func read(
    _ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax, weak: Bool,
    problems: inout Problems
  ) -> InjectedProperty? {
    let macro = weak ? "WeakInject" : "Inject"
    guard let variable = declaration.as(VariableDeclSyntax.self) else {
      problems.error(
        .injectNotAProperty(
          macro: macro, onInitializer: declaration.is(InitializerDeclSyntax.self)),
        at: attribute,
        fixIt: declaration.is(InitializerDeclSyntax.self) && !weak
          ? .replace(
            message: FixItText(FixItTitle.useInjectableInit), oldNode: attribute.attributeName,
            newNode: IdentifierTypeSyntax(name: .identifier("InjectableInit"))
              .with(\.trailingTrivia, attribute.attributeName.trailingTrivia))
          : nil)
      return nil
    }
    // NB: Swift reports a `let` itself ("cannot expand accessor macro on variable declared with
    // 'let'"); a second error would say the same, so a note offers the fix-it.
    if variable.bindingSpecifier.tokenKind == .keyword(.let) {
      problems.note(
        .injectLet(macro: macro), at: variable.bindingSpecifier,
        fixIt: .replace(
          variable.bindingSpecifier, with: TokenSyntax.keyword(.var), FixItTitle.useVar))
      return nil
    }
    for keyword in [Keyword.static, .class] {
      if let modifier = variable.modifiers.modifier(keyword) {
        problems.error(
          .injectStatic(macro: macro), at: modifier,
          fixIt: removing(modifier, from: variable, message: FixItTitle.remove("\(keyword)")))
        return nil
      }
    }
    if let modifier = variable.modifiers.modifier(.lazy) {
      problems.error(
        .injectLazy(macro: macro), at: modifier,
        fixIt: removing(modifier, from: variable, message: FixItTitle.remove("lazy")))
      return nil
    }
    if let modifier = variable.modifiers.modifier(.weak) ?? variable.modifiers.modifier(.unowned) {
      if weak {
        problems.error(
          .weakInjectModifier(modifier.name.text), at: modifier,
          fixIt: removing(
            modifier, from: variable, message: FixItTitle.remove(modifier.name.text)))
      } else {
        var modifiers = variable.modifiers
        modifiers.remove(at: modifiers.index(of: modifier)!)
        problems.error(
          .injectWeakModifier(modifier.name.text), at: modifier,
          fixIt: FixIt(
            message: FixItText(FixItTitle.useWeakInject),
            changes: [
              .replace(
                oldNode: Syntax(attribute.attributeName),
                newNode: Syntax(
                  IdentifierTypeSyntax(name: .identifier("WeakInject"))
                    .with(\.trailingTrivia, attribute.attributeName.trailingTrivia))),
              .replace(oldNode: Syntax(variable.modifiers), newNode: Syntax(modifiers)),
            ]))
      }
      return nil
    }
    // NB: Swift reports several names itself ("accessor macro can only apply to a single
    // variable"), once per name, before any macro runs.
    guard variable.bindings.count == 1, let binding = variable.bindings.first,
      !binding.pattern.is(TuplePatternSyntax.self)
    else { return nil }
    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
      problems.error(.injectPattern(macro: macro), at: binding.pattern)
      return nil
    }
    let name = pattern.identifier.bareName
    if let accessors = binding.accessorBlock {
      problems.error(.injectComputed(macro: macro, property: name), at: accessors)
      return nil
    }
    guard let type = binding.typeAnnotation?.type else {
      problems.error(.injectNoType(macro: macro, property: name), at: pattern)
      return nil
    }
    if let initializer = binding.initializer {
      problems.error(
        .injectInitialValue(macro: macro, property: name), at: initializer,
        fixIt: .replace(
          message: FixItText(FixItTitle.removeInitialValue), oldNode: binding,
          newNode: binding.with(\.initializer, nil)
            .with(\.typeAnnotation, binding.typeAnnotation?.with(\.trailingTrivia, []))))
      return nil
    }
    let keyPath = attribute.argument(nil)
    let named = attribute.argument("name")
    if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      let wrapped = implicit.wrappedType
      problems.error(
        .injectImplicitlyUnwrapped(macro: macro, property: name, wrapped: wrapped.text),
        at: type,
        fixIt: .replace(
          message: FixItText(FixItTitle.declareIt("\(wrapped.text)?")), oldNode: type,
          newNode: TypeSyntax(
            OptionalTypeSyntax(wrappedType: wrapped).with(\.trailingTrivia, type.trailingTrivia))))
      return nil
    }
    let holding: Holding
    let valueType: TypeSyntax
    if weak {
      guard let wrapped = type.optionalWrapped else {
        problems.error(
          .weakInjectNotOptional(property: name), at: type,
          fixIt: .replace(
            message: FixItText(FixItTitle.makeIt("\(type.text)?")), oldNode: type,
            newNode: TypeSyntax(
              OptionalTypeSyntax(wrappedType: type.with(\.trailingTrivia, []))
                .with(\.trailingTrivia, type.trailingTrivia))))
        return nil
      }
      holding = .weak
      valueType = wrapped
    } else if let wrapped = type.optionalWrapped {
      if keyPath != nil {
        problems.error(
          .injectOptionalKeyPath(macro: macro, property: name, wrapped: wrapped.text), at: type,
          fixIt: .replace(
            message: FixItText(FixItTitle.declareIt(wrapped.text)), oldNode: type,
            newNode: wrapped.with(\.leadingTrivia, type.leadingTrivia).with(
              \.trailingTrivia, type.trailingTrivia)))
        return nil
      }
      holding = .optional
      valueType = wrapped
    } else {
      holding = .strong
      valueType = type
    }
    let keyArguments =
      if let keyPath { "\(keyPath.expression.trimmedDescription), " } else if let named {
        "name: \(named.expression.trimmedDescription), "
      } else { "" }
    return InjectedProperty(
      name: name, valueType: valueType.trimmed, holding: holding, keyArguments: keyArguments)
  }

  /// A fix-it that deletes `modifier` from `variable`.
  private static func removing(
    _ modifier: DeclModifierSyntax, from variable: VariableDeclSyntax, message: String
  ) -> FixIt {
    var modifiers = variable.modifiers
    modifiers.remove(at: modifiers.index(of: modifier)!)
    var fixed = variable.with(\.modifiers, modifiers)
    if modifiers.isEmpty, variable.attributes.isEmpty {
      fixed.bindingSpecifier.leadingTrivia = modifier.leadingTrivia
    }
    return .replace(message: FixItText(message), oldNode: variable, newNode: fixed)
  }
}
