import SwiftDiagnostics
import SwiftSyntax

/// A parameter of an initializer or `@Provides` method that the container resolves.
struct ResolvedParameter {
  /// Which registration the parameter is resolved from.
  enum Key {
    /// The registration of the parameter's type.
    case type
    /// The registration of the parameter's type with a name: the expression of `@Named("x")`.
    case named(String)
    /// A key-path dependency: the key path of `@Named(\.x)`.
    case keyPath(String)
  }

  /// How a `Lazy<T>` or `Provider<T>` parameter defers its resolve.
  enum Deferral: String {
    case lazy, provider
  }

  /// The argument label at the call site; nil for an unlabelled (`_`) parameter.
  let label: String?
  /// The parameter's type as written, without attributes such as `@escaping`.
  let type: TypeSyntax
  let key: Key
  /// For `Lazy<T>` and `Provider<T>`: the kind, and `T`.
  let deferral: (kind: Deferral, target: TypeSyntax)?

  /// Reads the parameters the container resolves, leaving out those with a default value; records
  /// why a parameter cannot be resolved.
  static func read(
    _ parameters: FunctionParameterListSyntax, macro: String, problems: inout Problems
  ) -> [ResolvedParameter]? {
    var resolved: [ResolvedParameter] = []
    var valid = true
    for parameter in parameters {
      let named = parameter.attributes.attributes(named: "Named")
      if named.count > 1 {
        problems.error(
          .namedTwice(macro: macro), at: named[1], fixIt: .removing(named[1], from: parameter))
        valid = false
        continue
      }
      if parameter.defaultValue != nil {
        if let attribute = named.first {
          problems.error(
            .namedWithDefault(macro: macro), at: attribute,
            fixIt: .replace(
              message: FixItText(FixItTitle.removeDefaultValue), oldNode: parameter,
              newNode: parameter.with(\.defaultValue, nil)
                .with(\.type, parameter.type.with(\.trailingTrivia, []))))
          valid = false
        }
        continue
      }
      if let ellipsis = parameter.ellipsis {
        problems.error(.variadicParameter(macro: macro), at: ellipsis)
        valid = false
        continue
      }
      var type = parameter.type
      if let attributed = type.as(AttributedTypeSyntax.self) {
        if let specifier = attributed.specifiers.first(where: {
          $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout)
        }) {
          problems.error(.inoutParameter(macro: macro), at: specifier)
          valid = false
          continue
        }
        type = attributed.baseType
      }
      let key: Key
      if let attribute = named.first, let argument = attribute.argumentList.first {
        if argument.expression.is(KeyPathExprSyntax.self) {
          key = .keyPath(argument.expression.trimmedDescription)
        } else {
          key = .named(argument.expression.trimmedDescription)
        }
      } else {
        key = .type
      }
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      resolved.append(
        ResolvedParameter(
          label: label, type: type.trimmed, key: key, deferral: deferral(of: type.trimmed)))
    }
    return valid ? resolved : nil
  }

  /// `(.lazy, T)` for `Lazy<T>` or `Loom.Lazy<T>`, `(.provider, T)` for `Provider<T>`, else nil.
  private static func deferral(of type: TypeSyntax) -> (kind: Deferral, target: TypeSyntax)? {
    let type = type.unparenthesized
    let name: String
    let arguments: GenericArgumentClauseSyntax?
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      (name, arguments) = (identifier.name.text, identifier.genericArgumentClause)
    } else if let member = type.as(MemberTypeSyntax.self),
      member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Loom"
    {
      (name, arguments) = (member.name.text, member.genericArgumentClause)
    } else {
      return nil
    }
    guard let kind = ["Lazy": Deferral.lazy, "Provider": .provider][name],
      let arguments, arguments.arguments.count == 1,
      let target = arguments.arguments.first?.argument.as(TypeSyntax.self)
    else { return nil }
    return (kind, target.trimmed)
  }
}

extension FixIt {
  /// A fix-it that deletes `attribute` from `parameter`.
  static func removing(_ attribute: AttributeSyntax, from parameter: FunctionParameterSyntax)
    -> FixIt
  {
    let remaining = parameter.attributes.filter { element in
      guard case .attribute(let other) = element else { return true }
      return other != attribute
    }
    return .replace(
      message: FixItText(FixItTitle.removeThis("Named")), oldNode: parameter,
      newNode: parameter.with(\.attributes, remaining))
  }
}
