import SwiftDiagnostics
import SwiftSyntax

/// What reading a member may do, as `@Provide` states it.
struct MemberEffects: Equatable {
  var isAsync = false
  var isThrowing = false

  /// Whether these effects include all of `other`'s.
  func covers(_ other: MemberEffects) -> Bool {
    (isAsync || !other.isAsync) && (isThrowing || !other.isThrowing)
  }

  func union(_ other: MemberEffects) -> MemberEffects {
    MemberEffects(isAsync: isAsync || other.isAsync, isThrowing: isThrowing || other.isThrowing)
  }

  /// `[.async, .throwing]`, as an `effects:` argument.
  var argumentText: String {
    switch (isAsync, isThrowing) {
    case (true, true): "[.async, .throwing]"
    case (true, false): ".async"
    case (false, true): ".throwing"
    case (false, false): "[]"
    }
  }

  /// `async throws`, as a closure's or accessor's effect specifiers (empty when there are none).
  var specifiers: String {
    [isAsync ? "async" : nil, isThrowing ? "throws" : nil].compactMap { $0 }.joined(separator: " ")
  }

  /// `try await `, the markers of an expression that reads something with these effects.
  var markers: String {
    (isThrowing ? "try " : "") + (isAsync ? "await " : "")
  }

  /// `asynchronous and throwing`, for messages.
  var adjective: String {
    switch (isAsync, isThrowing) {
    case (true, true): "asynchronous and throwing"
    case (true, false): "asynchronous"
    case (false, true): "throwing"
    case (false, false): "synchronous"
    }
  }
}

/// How long a member lives, and whether it is a child component.
enum MemberKind: String {
  case input, shared, transient, once, child

  /// Whether the component keeps the member's value in a cell.
  var isCached: Bool { self == .shared || self == .once || self == .child }
}

/// A member named by another member or step: a key path in `with:`, an argument label of an
/// initializer reference, a parameter of a factory closure or a step, a value of `bindings:`.
struct MemberReference {
  /// Deferral of a closure parameter: `Lazy<T>` or `Provider<T>`.
  enum Deferral: String {
    case lazy = "Lazy"
    case provider = "Provider"
  }

  /// The label the generated call passes the member under (nil: no label).
  var label: String?
  /// The member's name.
  var member: String
  /// Where the reference is written, for diagnostics.
  var node: Syntax
  /// The tokens a rename of the reference changes (the name, and a parameter's uses).
  var renamedTokens: [TokenSyntax]
  var deferral: Deferral?
}

/// How a member's value is made.
enum Construction {
  /// An input: passed to the initializer.
  case input
  /// `Type(label: member, ...)`, from `with:` (the type is explicit or the member's own).
  case initializer(type: String)
  /// `callee(label: member, ...)`, from an initializer or function reference.
  case reference(callee: String)
  /// A factory closure, called with the members its parameters name.
  case closure(ClosureExprSyntax)
  /// A child component, wired through its `_loomWiring` initializer.
  case child
}

/// One `@Provide` or `@Child` member of a component.
struct ComponentMember {
  var name: String
  var nameToken: TokenSyntax
  var type: TypeSyntax
  var kind: MemberKind
  var effects: MemberEffects
  var construction: Construction
  var dependencies: [MemberReference]
  var attribute: AttributeSyntax
  var declaration: VariableDeclSyntax

  var directDependencies: [MemberReference] { dependencies.filter { $0.deferral == nil } }
  var deferredDependencies: [MemberReference] { dependencies.filter { $0.deferral != nil } }
}

/// One `@Perform` step of a component.
struct ComponentStep {
  var name: String
  var nameToken: TokenSyntax
  var function: FunctionDeclSyntax
  var effects: MemberEffects
  /// The members its parameters take, with the parameters' argument labels.
  var parameters: [MemberReference]
  /// The steps it runs after, as written in `after:`.
  var after: [(name: String, node: StringLiteralExprSyntax)]
  var attribute: AttributeSyntax
}

/// The parts of a `@Provide` or `@Child` member that its accessor needs: the same answer for the
/// accessor role and for `@Component`, so that both agree on which members are valid.
struct LocalMember {
  var name: String
  var nameToken: TokenSyntax
  var type: TypeSyntax
  var kind: MemberKind
  var effects: MemberEffects
  var attribute: AttributeSyntax
  var declaration: VariableDeclSyntax

  /// The member declared by `declaration`, or nil with the reasons in `problems`.
  static func read(
    _ declaration: VariableDeclSyntax, problems: inout ComponentProblems
  ) -> LocalMember? {
    let provides = declaration.attributes.attributes(named: "Provide")
    let children = declaration.attributes.attributes(named: "Child")
    let all = provides + children
    guard let attribute = all.first else { return nil }
    var valid = true
    if all.count > 1 {
      let macro = all[1].isNamed("Child") ? "@Child" : "@Provide"
      problems.error(
        .component(
          "duplicate",
          "a member has one \(macro) attribute; remove this one, the first one describes it"),
        at: all[1], fixIt: .remove(all[1], "remove the second attribute"))
      valid = false
    }
    let macro = attribute.isNamed("Child") ? "@Child" : "@Provide"
    if declaration.bindingSpecifier.tokenKind == .keyword(.let) {
      problems.error(
        .component(
          "let", "\(macro) member must be declared with 'var'; the component gives it a getter"),
        at: declaration.bindingSpecifier,
        fixIt: .replace(
          declaration.bindingSpecifier,
          with: declaration.bindingSpecifier.with(\.tokenKind, .keyword(.var)),
          "replace 'let' with 'var'"))
      valid = false
    }
    if let modifier = declaration.modifiers.first(where: {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }) {
      problems.error(
        .component(
          "static",
          "\(macro) member cannot be static; a `.once` member is the component's process-wide value"
        ),
        at: modifier, fixIt: .remove(modifier, "remove '\(modifier.name.text)'"))
      valid = false
    }
    guard declaration.bindings.count == 1, let binding = declaration.bindings.first,
      let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
    else {
      problems.error(
        .component("binding", "\(macro) declares one member: write one name per 'var'"),
        at: declaration.bindings)
      return nil
    }
    guard let type = binding.typeAnnotation?.type else {
      problems.error(
        .component(
          "type", "\(macro) member '\(pattern.identifier.text)' needs a type annotation"),
        at: pattern)
      return nil
    }
    if let initializer = binding.initializer {
      problems.error(
        .component(
          "value",
          "\(macro) member '\(pattern.identifier.text)' cannot have an initial value; the component builds it"
        ),
        at: initializer,
        fixIt: .replace(
          binding,
          with: binding.with(\.initializer, nil).with(
            \.typeAnnotation, binding.typeAnnotation?.with(\.trailingTrivia, [])),
          "remove the initial value"))
      valid = false
    }
    if binding.accessorBlock != nil {
      problems.error(
        .component(
          "accessors",
          "\(macro) member '\(pattern.identifier.text)' cannot have accessors; the component writes its getter"
        ),
        at: binding.accessorBlock!)
      valid = false
    }
    let kind: MemberKind
    if attribute.isNamed("Child") {
      kind = .child
    } else if let parsed = Self.lifetime(of: attribute, problems: &problems) {
      kind = parsed
    } else {
      return nil
    }
    guard let effects = Self.effects(of: attribute, problems: &problems) else { return nil }
    guard valid else { return nil }
    return LocalMember(
      name: pattern.identifier.text, nameToken: pattern.identifier, type: type.trimmed, kind: kind,
      effects: effects, attribute: attribute, declaration: declaration)
  }

  /// The lifetime written first in `@Provide(...)`.
  private static func lifetime(
    of attribute: AttributeSyntax, problems: inout ComponentProblems
  ) -> MemberKind? {
    guard let first = attribute.argumentList.first, first.label == nil else {
      problems.error(
        .component(
          "lifetime",
          "@Provide needs a lifetime first: .input, .shared, .transient or .once"),
        at: attribute)
      return nil
    }
    if let access = first.expression.as(MemberAccessExprSyntax.self),
      let kind = MemberKind(rawValue: access.declName.baseName.text), kind != .child
    {
      return kind
    }
    problems.error(
      .component(
        "lifetime",
        "'\(first.expression.trimmedDescription)' is not a lifetime; write .input, .shared, .transient or .once"
      ),
      at: first.expression)
    return nil
  }

  /// The member's effects: a factory closure's signature, or the `effects:` argument.
  static func effects(
    of attribute: AttributeSyntax, problems: inout ComponentProblems
  ) -> MemberEffects? {
    var effects = MemberEffects()
    if let closure = attribute.argument("factory")?.expression.as(ClosureExprSyntax.self) {
      let specifiers = closure.signature?.effectSpecifiers
      effects.isAsync = specifiers?.asyncSpecifier != nil
      effects.isThrowing = specifiers?.throwsClause != nil
      // A closure states its effects in its signature; `effects:` beside it is reported by
      // `@Component`, and ignored here so that the getter matches the closure.
      return effects
    }
    guard let argument = attribute.argument("effects") else { return effects }
    let elements: [ExprSyntax]
    if let array = argument.expression.as(ArrayExprSyntax.self) {
      elements = array.elements.map(\.expression)
    } else {
      elements = [argument.expression]
    }
    for element in elements {
      switch element.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
      case "async": effects.isAsync = true
      case "throwing": effects.isThrowing = true
      default:
        problems.error(
          .component(
            "effects",
            "'\(element.trimmedDescription)' is not an effect; write .async, .throwing or [.async, .throwing]"
          ),
          at: element)
        return nil
      }
    }
    return effects
  }
}
