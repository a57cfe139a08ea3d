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
  var storageName: String { "_\(name)" }

  /// The core type that holds the dependency, such as `Loom.Injected<any APIClient>`.
  var storageType: String {
    switch holding {
    case .strong: "Loom.Injected<\(valueType.text)>"
    case .optional: "Loom.OptionalInjected<\(valueType.text)>"
    case .weak: "Loom.WeakInjected<\(valueType.text)>"
    }
  }

  /// Reads `declaration` as a property for `attribute` (`@Inject` when `weak` is false), or
  /// records why it cannot be one.
  static func read(
    _ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax, weak: Bool,
    problems: inout Problems
  ) -> InjectedProperty? {
    let macro = weak ? "WeakInject" : "Inject"
    let spelled = "@\(macro)"
    guard let variable = declaration.as(VariableDeclSyntax.self) else {
      problems.error(
        .error(
          macro, "notAProperty",
          "\(spelled) applies to an instance property declared with 'var'"
            + (declaration.is(InitializerDeclSyntax.self)
              ? "; mark the initializer of an @Injectable type with @InjectableInit" : "")),
        at: attribute,
        fixIt: declaration.is(InitializerDeclSyntax.self) && !weak
          ? .replace(
            message: FixItText("use @InjectableInit"), oldNode: attribute.attributeName,
            newNode: IdentifierTypeSyntax(name: .identifier("InjectableInit"))
              .with(\.trailingTrivia, attribute.attributeName.trailingTrivia))
          : nil)
      return nil
    }
    if variable.bindingSpecifier.tokenKind == .keyword(.let) {
      problems.error(
        .error(
          macro, "let",
          "\(spelled) property must be declared with 'var'; its value is read through an accessor"),
        at: variable.bindingSpecifier,
        fixIt: .replace(
          message: FixItText("replace 'let' with 'var'"), oldNode: variable.bindingSpecifier,
          newNode: variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))))
      return nil
    }
    for keyword in [Keyword.static, .class] {
      if let modifier = variable.modifiers.modifier(keyword) {
        problems.error(
          .error(
            macro, "static",
            "\(spelled) applies to instance properties: it resolves in the container current when"
              + " the owner is made"
          ),
          at: modifier, fixIt: removing(modifier, from: variable, message: "remove '\(keyword)'"))
        return nil
      }
    }
    if let modifier = variable.modifiers.modifier(.lazy) {
      problems.error(
        .error(
          macro, "lazy", "\(spelled) property is already resolved on first access; remove 'lazy'"),
        at: modifier, fixIt: removing(modifier, from: variable, message: "remove 'lazy'"))
      return nil
    }
    if let modifier = variable.modifiers.modifier(.weak) ?? variable.modifiers.modifier(.unowned) {
      if weak {
        problems.error(
          .error(
            macro, "weakModifier",
            "@WeakInject holds the instance weakly already; remove '\(modifier.name.text)'"),
          at: modifier,
          fixIt: removing(modifier, from: variable, message: "remove '\(modifier.name.text)'"))
      } else {
        var modifiers = variable.modifiers
        modifiers.remove(at: modifiers.index(of: modifier)!)
        problems.error(
          .error(
            macro, "weakModifier",
            "a '\(modifier.name.text)' property cannot be computed; use @WeakInject to hold the"
              + " dependency weakly"),
          at: modifier,
          fixIt: FixIt(
            message: FixItText("use @WeakInject"),
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
    guard variable.bindings.count == 1, let binding = variable.bindings.first else {
      problems.error(
        .error(
          macro, "severalBindings",
          "\(spelled) applies to one property at a time; declare each on its own line"),
        at: variable.bindings)
      return nil
    }
    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
      problems.error(
        .error(macro, "pattern", "\(spelled) applies to a property with a plain name"),
        at: binding.pattern)
      return nil
    }
    let name = pattern.identifier.text
    if let accessors = binding.accessorBlock {
      problems.error(
        .error(
          macro, "computed",
          "\(spelled) property '\(name)' cannot have accessors; the macro writes its getter"),
        at: accessors)
      return nil
    }
    guard let type = binding.typeAnnotation?.type else {
      problems.error(
        .error(
          macro, "noType",
          "\(spelled) property '\(name)' needs a type annotation: the type is what it resolves"),
        at: pattern)
      return nil
    }
    if let initializer = binding.initializer {
      problems.error(
        .error(
          macro, "initialValue",
          "\(spelled) property '\(name)' cannot have an initial value; the container provides it"),
        at: initializer,
        fixIt: .replace(
          message: FixItText("remove the initial value"), oldNode: binding,
          newNode: binding.with(\.initializer, nil)
            .with(\.typeAnnotation, binding.typeAnnotation?.with(\.trailingTrivia, []))))
      return nil
    }
    let keyPath = attribute.argument(nil)
    let named = attribute.argument("name")
    if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      let wrapped = implicit.wrappedType
      problems.error(
        .error(
          macro, "implicitlyUnwrapped",
          "\(spelled) property '\(name)' cannot be implicitly unwrapped; declare it"
            + " '\(wrapped.text)?'"
        ),
        at: type,
        fixIt: .replace(
          message: FixItText("declare it '\(wrapped.text)?'"), oldNode: type,
          newNode: TypeSyntax(
            OptionalTypeSyntax(wrappedType: wrapped).with(\.trailingTrivia, type.trailingTrivia))))
      return nil
    }
    let holding: Holding
    let valueType: TypeSyntax
    if weak {
      guard let wrapped = type.optionalWrapped else {
        problems.error(
          .error(
            macro, "weakNotOptional",
            "@WeakInject property '\(name)' must be optional: it reads nil once the instance is"
              + " released"
          ),
          at: type,
          fixIt: .replace(
            message: FixItText("make it '\(type.text)?'"), oldNode: type,
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
          .error(
            macro, "optionalKeyPath",
            "an optional @Inject property resolves a type key, as @OptionalInjected does;"
              + " declare the key-path property '\(name)' as '\(wrapped.text)'"
          ),
          at: type,
          fixIt: .replace(
            message: FixItText("declare it '\(wrapped.text)'"), oldNode: type,
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
