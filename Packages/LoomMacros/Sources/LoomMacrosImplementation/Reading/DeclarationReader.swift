package import SwiftSyntax

/// What Loom's macros read from a declaration, for a tool that reads source without expanding
/// it (loom-graph): the answers of the macros' own readers (``ComponentDeclaration``,
/// `InjectableType`, `ProvidedMethod`), so that the grammar of `@Component`, `@Provide`,
/// `@Child`, `@Injectable`, `@Bind`, `@Module` and `@Provides` is read in one place.
///
/// The declaration is read as the macros see it: give it detached (`declaration.detached`), as
/// the compiler does, since the readers copy nodes (`trimmed`), which in a declaration attached to
/// a whole file copies the file.
package enum DeclarationReader {
  /// The component `declaration` declares, when it is a struct marked `@Component`; its members
  /// and children are those the macro accepts (a member the macro reports is left out).
  package static func component(_ declaration: some DeclGroupSyntax) -> ReadComponent? {
    guard let attribute = declaration.attributes.attributes(named: "Component").first else {
      return nil
    }
    var problems = ComponentProblems()
    guard
      // NB: no build configuration: loom-graph reads source without a compiler's `-D` flags, so
      // a member declared in `#if` branches is left out (the macro reports it without one).
      let component = ComponentDeclaration.read(
        declaration, attribute: attribute, configuration: nil, problems: &problems)
    else { return nil }
    var parents: [(name: String, node: ExprSyntax)] = []
    for element in attribute.argument("parents")?.expression.as(ArrayExprSyntax.self)?.elements
      ?? []
    {
      guard let name = element.expression.as(StringLiteralExprSyntax.self)?.plainText else {
        continue
      }
      parents.append((name, element.expression))
    }
    var root: LabeledExprSyntax?
    if let argument = attribute.argument("root"),
      argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
    {
      root = argument
    }
    return ReadComponent(
      attribute: attribute, parents: parents, root: root,
      members: component.members.map(ReadMember.init))
  }

  /// What the container calls to make `declaration`, when it is marked `@Injectable` or `@Bind`
  /// and the macros accept it: the initializer they chose and the parameters it resolves.
  package static func injectable(_ declaration: some DeclGroupSyntax) -> ReadInjectable? {
    let attributes = declaration.attributes
    guard
      let attribute = attributes.attributes(named: "Injectable").first
        ?? attributes.attributes(named: "Bind").first
    else { return nil }
    var problems = Problems()
    guard
      let type = InjectableType.read(
        declaration, macro: attribute.isNamed("Bind") ? "Bind" : "Injectable",
        attribute: attribute, problems: &problems)
    else { return ReadInjectable(name: nil, parameters: [], isAsync: false) }
    return ReadInjectable(
      name: type.name, parameters: type.initializer.parameters.map(ReadParameter.init),
      isAsync: type.initializer.isAsync)
  }

  /// The `@Bind` attributes of `declaration`, each with the key it binds.
  package static func bindings(_ declaration: some DeclGroupSyntax) -> [ReadBinding] {
    declaration.attributes.attributes(named: "Bind").map(ReadBinding.init)
  }

  /// Whether `declaration` is marked `@Module`.
  package static func isModule(_ declaration: some DeclGroupSyntax) -> Bool {
    declaration.attributes.contains(named: "Module")
  }

  /// The registration a `@Provides` method of a `@Module` type stands for, if `function` is one
  /// the macros accept.
  package static func providedMethod(_ function: FunctionDeclSyntax, moduleIsMainActor: Bool)
    -> ReadProvidedMethod?
  {
    guard let attribute = function.attributes.attributes(named: "Provides").first else {
      return nil
    }
    var problems = Problems()
    guard
      let method = ProvidedMethod.read(
        function, attribute: attribute, moduleIsMainActor: moduleIsMainActor,
        problems: &problems)
    else { return nil }
    return ReadProvidedMethod(
      keyType: method.keyType, name: method.attribute.argument("name")?.expression,
      lifetime: method.attribute.argument("lifetime")?.expression,
      parameters: method.callable.parameters.map(ReadParameter.init),
      isAsync: method.callable.isAsync, attribute: method.attribute)
  }

  /// The parameters of the memberwise initializer of a struct that writes none: its stored
  /// properties without a value, without the injected ones (`@Inject`, `@Injected`...) and the
  /// optional `var`s.
  package static func memberwiseParameters(of declaration: some DeclGroupSyntax)
    -> [ReadParameter]
  {
    InjectableType.memberwiseParameters(of: declaration).map(ReadParameter.init)
  }
}

// MARK: - What is read

/// A `@Component` struct as the macro reads it.
package struct ReadComponent {
  /// The `@Component` attribute.
  package let attribute: AttributeSyntax
  /// The names in `parents:`, each with its string literal.
  package let parents: [(name: String, node: ExprSyntax)]
  /// The `root: true` argument, if written.
  package let root: LabeledExprSyntax?
  /// Its `@Provide` members and `@Child` children, in declaration order.
  package let members: [ReadMember]
}

/// A `@Provide` member or a `@Child` of a component.
package struct ReadMember {
  /// How the member lives: `input`, `shared`, `lazy`, `transient`, `once`, or `child`.
  package let kind: String
  package let name: String
  package let type: TypeSyntax
  package let isAsync: Bool
  /// Whether a `factory:` closure builds it (a child's inputs are then the closure's business).
  package let isFactory: Bool
  /// The `@Provide` or `@Child` attribute.
  package let attribute: AttributeSyntax
  /// The members it takes: `with:` key paths, `bindings:` values (labelled with the child's
  /// input), an initializer reference's labels, a factory closure's parameters.
  package let references: [ReadReference]

  init(_ member: ComponentMember) {
    kind = member.kind.rawValue
    name = member.name
    type = member.type
    isAsync = member.effects.isAsync
    if case .closure = member.construction {
      isFactory = true
    } else {
      isFactory = false
    }
    attribute = member.attribute
    references = member.dependencies.map {
      ReadReference(
        label: $0.label, member: $0.member, node: $0.node, isDeferred: $0.deferral != nil)
    }
  }
}

/// A member named by another member: the label it is passed under, and where it is written.
package struct ReadReference {
  package let label: String?
  package let member: String
  package let node: Syntax
  /// Taken through `Lazy<T>` or `Provider<T>`.
  package let isDeferred: Bool
}

/// What the container calls to make an `@Injectable` or `@Bind` type.
package struct ReadInjectable {
  /// The type's name; nil when the macros refuse the type (they report why).
  package let name: String?
  /// The parameters it resolves (those without a default value).
  package let parameters: [ReadParameter]
  package let isAsync: Bool
}

/// A parameter the container resolves.
package struct ReadParameter {
  /// Which registration it is resolved from.
  package enum Key {
    /// The parameter's type.
    case type
    /// The parameter's type with a name: the expression of `@Named("x")`, as written.
    case named(String)
    /// A key path (`@Named(\.x)`), as written.
    case keyPath(String)
  }

  package let label: String?
  package let type: TypeSyntax
  package let key: Key
  /// For `Lazy<T>` or `Provider<T>`, `T`.
  package let deferredTarget: TypeSyntax?

  init(_ parameter: ResolvedParameter) {
    label = parameter.label
    type = parameter.type
    switch parameter.key {
    case .type: key = .type
    case .named(let name): key = .named(name)
    case .keyPath(let keyPath): key = .keyPath(keyPath)
    }
    deferredTarget = parameter.deferral?.target
  }
}

/// One `@Bind` attribute: the key it binds its type to, and how.
package struct ReadBinding {
  /// What `@Bind` binds the type to.
  package enum Key {
    /// `@Bind` or `@Bind(lifetime:)`: the type itself.
    case implementation
    /// `@Bind(P.self, …)`: the type `P`.
    case type(ExprSyntax)
    /// `@Bind(\.key, …)`: a key path.
    case keyPath(KeyPathExprSyntax)
    /// Any other expression.
    case expression(ExprSyntax)
  }

  package let attribute: AttributeSyntax
  package let key: Key
  /// The `name:` argument, if any.
  package let name: ExprSyntax?
  /// The `lifetime:` argument, if any.
  package let lifetime: ExprSyntax?

  init(_ attribute: AttributeSyntax) {
    self.attribute = attribute
    if let expression = attribute.argument(nil)?.expression {
      if let keyPath = expression.as(KeyPathExprSyntax.self) {
        key = .keyPath(keyPath)
      } else if let access = expression.as(MemberAccessExprSyntax.self),
        access.declName.baseName.tokenKind == .keyword(.self), let base = access.base
      {
        key = .type(base)
      } else {
        key = .expression(expression)
      }
    } else {
      key = .implementation
    }
    name = attribute.argument("name")?.expression
    lifetime = attribute.argument("lifetime")?.expression
  }
}

/// A `@Provides` method: the registration it stands for.
package struct ReadProvidedMethod {
  /// The key's type: the method's return type.
  package let keyType: TypeSyntax
  /// The `name:` argument, if any.
  package let name: ExprSyntax?
  /// The `lifetime:` argument, if any.
  package let lifetime: ExprSyntax?
  package let parameters: [ReadParameter]
  package let isAsync: Bool
  /// The `@Provides` attribute.
  package let attribute: AttributeSyntax
}
