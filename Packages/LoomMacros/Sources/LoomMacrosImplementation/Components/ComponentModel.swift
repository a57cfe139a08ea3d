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
    word(asyncThrowing: "[.async, .throwing]", async: ".async", throwing: ".throwing", none: "[]")
  }

  /// `async throws`, as a closure's or accessor's effect specifiers (empty when there are none).
  var specifiers: String {
    [isAsync ? "async" : nil, isThrowing ? "throws" : nil].compactMap { $0 }.joined(separator: " ")
  }

  /// `try await `, the markers of an expression that reads something with these effects.
  var markers: String {
    (isThrowing ? "try " : "") + (isAsync ? "await " : "")
  }

  /// `asyncThrowing`: the label of the `LoomMacros::_MemberSource` function that checks a
  /// reference has these effects.
  var label: String {
    word(asyncThrowing: "asyncThrowing", async: "async", throwing: "throwing", none: "none")
  }

  /// `asynchronous and throwing`, for messages.
  var adjective: String {
    word(
      asyncThrowing: "asynchronous and throwing", async: "asynchronous", throwing: "throwing",
      none: "synchronous")
  }

  /// The one of the four names given that says these effects (both, one or none).
  func word(
    asyncThrowing: String, async: String, throwing: String, none: String
  ) -> String {
    switch (isAsync, isThrowing) {
    case (true, true): asyncThrowing
    case (true, false): async
    case (false, true): throwing
    case (false, false): none
    }
  }
}

/// An access level, as a member or the component declares it.
enum Access: Int, Comparable {
  case `private`, `fileprivate`, `internal`, `package`, `public`

  static func < (lhs: Access, rhs: Access) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The access written in `modifiers`, `internal` when none is.
  init(_ modifiers: DeclModifierListSyntax) {
    self = .internal
    for modifier in modifiers where modifier.detail == nil {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): self = .public
      case .keyword(.package): self = .package
      case .keyword(.fileprivate): self = .fileprivate
      case .keyword(.private): self = .private
      default: break
      }
    }
  }

  /// The modifier of a generated declaration with this access, with a trailing space: nothing
  /// for `internal`, and `fileprivate` for `private` (a generated declaration lives in a nested
  /// type or an extension, where `private` would hide it from the component).
  var modifier: String {
    switch self {
    case .private, .fileprivate: "fileprivate "
    case .internal: ""
    case .package: "package "
    case .public: "public "
    }
  }
}

/// How long a member lives, and whether it is a child component.
enum MemberKind: String {
  case input, shared, lazy, transient, once, child

  /// Whether the component keeps the member's value in a cell.
  var isCached: Bool { self == .shared || self == .lazy || self == .once || self == .child }

  /// Whether `resolve()` builds the member: a cached one, unless `.lazy` (built on first read).
  var isBuiltByResolve: Bool { isCached && self != .lazy }

  /// Whether the component's `Resolved` holds the member: an input, or one `resolve()` builds.
  var isResolved: Bool { self == .input || isBuiltByResolve }
}

/// A member named by another member or step: a key path in `with:`, an argument label of an
/// initializer reference, a parameter of a factory closure or a step, a value of `bindings:`.
struct MemberReference {
  /// Deferral of a closure parameter: `Lazy<T>` or `Provider<T>`.
  enum Deferral: String {
    case lazy = "Lazy"
    case provider = "Provider"
  }

  /// How the reference is written, which says whether Swift also resolves its name.
  enum Spelling {
    /// A parameter of a factory closure or a step: only the macro reads the name.
    case parameter
    /// A key path (`\Self.config`): Swift resolves the name when it checks the attribute.
    case keyPath
    /// An argument label of an initializer or function reference (`API.init(config:)`): Swift
    /// resolves the whole reference when it checks the attribute.
    case label
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
  var spelling: Spelling = .parameter
}

/// How a member's value is made.
enum Construction {
  /// An input: passed to the initializer.
  case input
  /// `Type(label: member, ...)`, from `with:` (the type is explicit or the member's own).
  case initializer(type: String)
  /// `Impl.init(a:b:)`, an initializer or function reference called with the members its labels
  /// name.
  case reference(ExprSyntax)
  /// A factory closure, called with the members its parameters name.
  case closure(ClosureExprSyntax)
  /// A child component, its inputs wired from `with:` and `bindings:`.
  case child
}

/// One `@Provide` or `@Child` member of a component.
struct ComponentMember {
  var name: String
  var nameToken: TokenSyntax
  var type: TypeSyntax
  var kind: MemberKind
  var effects: MemberEffects
  var access: Access
  var construction: Construction
  var dependencies: [MemberReference]
  var attribute: AttributeSyntax
  var declaration: VariableDeclSyntax

  /// The member's name as an identifier of generated code.
  var identifier: String { LoomMacrosImplementation.identifier(name) }

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

  /// The parameter list as written, which tells Swift's overloads apart.
  var signatureText: String { function.signature.parameterClause.trimmedDescription }
}

/// The parts of a `@Provide` or `@Child` member that its accessor needs: the same answer for the
/// accessor role and for `@Component`, so that both agree on which members are valid.
struct LocalMember {
  /// The member's name, without backticks (`default` for `` `default` ``).
  var name: String
  var nameToken: TokenSyntax
  var type: TypeSyntax
  var kind: MemberKind
  var effects: MemberEffects
  /// The access the member is declared with.
  var access: Access
  /// `weak` or `unowned`, as an input declares it: how the component holds it.
  var ownership: Keyword?
  var attribute: AttributeSyntax
  var declaration: VariableDeclSyntax

  /// The member's name as an identifier of generated code.
  var identifier: String { LoomMacrosImplementation.identifier(name) }

  /// Whether this is a child whose type can be a component's: a name, not optional, not an
  /// existential or function type. Only such a child's `@Child` declares the alias of its type
  /// (`_LoomChild_session`) that generated code names it by; any other is refused.
  var isWellFormedChild: Bool {
    kind == .child && type.isBuildable
  }

  /// The member read from `declaration`, or nil with the reasons in `problems`.
  static func read(
    _ declaration: VariableDeclSyntax, problems: inout ComponentProblems
  ) -> LocalMember? {
    let all = declaration.attributes.memberAttributes
    guard let attribute = all.first else { return nil }
    var valid = true
    if all.count > 1 {
      let macro = all[1].isNamed("Child") ? "@Child" : "@Provide"
      problems.error(
        .duplicateAttribute(macro: macro), at: all[1],
        fixIt: .remove(all[1], FixItTitle.removeSecondAttribute))
      valid = false
    }
    let macro = attribute.isNamed("Child") ? "@Child" : "@Provide"
    if declaration.bindingSpecifier.tokenKind == .keyword(.let) {
      // NB: Swift reports it ("cannot expand accessor macro on variable declared with 'let'"),
      // before any macro runs; a second error would say the same. A note offers the fix-it.
      problems.note(
        .memberLet(macro: macro), at: declaration.bindingSpecifier,
        fixIt: .replace(
          declaration.bindingSpecifier, with: TokenSyntax.keyword(.var), FixItTitle.useVar))
      problems.invalidate()
      valid = false
    }
    if let modifier = declaration.modifiers.first(where: {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }) {
      problems.error(
        .memberStatic(macro: macro), at: modifier,
        fixIt: .remove(modifier, FixItTitle.remove(modifier.name.text)))
      valid = false
    }
    if declaration.modifiers.modifier(.lazy) != nil {
      // NB: Swift reports a `lazy` member itself ("lazy properties must have an initializer", and
      // "'lazy' cannot be used on a computed property"), whatever the accessor writes.
      problems.invalidate()
      valid = false
    }
    // NB: Swift reports several names itself ("accessor macro can only apply to a single
    // variable"), once per name, before any macro runs: in a list or in a tuple pattern.
    guard declaration.bindings.count == 1,
      declaration.bindings.first?.pattern.is(TuplePatternSyntax.self) == false
    else {
      problems.invalidate()
      return nil
    }
    guard let binding = declaration.bindings.first,
      let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
    else {
      problems.error(.memberBindings(macro: macro), at: declaration.bindings)
      return nil
    }
    let name = pattern.identifier.bareName
    guard let type = binding.typeAnnotation?.type else {
      problems.error(.memberType(macro: macro, member: name), at: pattern)
      return nil
    }
    if let initializer = binding.initializer {
      problems.error(
        .memberValue(macro: macro, member: name), at: initializer,
        fixIt: .replace(
          binding,
          with: binding.with(\.initializer, nil).with(
            \.typeAnnotation, binding.typeAnnotation?.with(\.trailingTrivia, [])),
          FixItTitle.removeInitialValue))
      valid = false
    }
    if binding.accessorBlock != nil {
      problems.error(
        .memberAccessors(macro: macro, member: name), at: binding.accessorBlock!)
      valid = false
    }
    if valid, !checkType(type, member: name, macro: macro, problems: &problems) {
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
    let ownership = declaration.modifiers.first {
      $0.name.tokenKind == .keyword(.weak) || $0.name.tokenKind == .keyword(.unowned)
    }
    if valid, let ownership {
      if kind != .input {
        problems.error(
          .memberOwnership(ownership.name.text, member: name), at: ownership,
          fixIt: .remove(ownership, FixItTitle.remove(ownership.name.text)))
        valid = false
      } else if ownership.name.tokenKind == .keyword(.weak), type.optionalWrapped == nil {
        problems.error(
          .weakInputNotOptional(member: name), at: type,
          fixIt: .replace(
            type, withText: type.optionalText, FixItTitle.makeIt(type.optionalText)))
        valid = false
      }
    }
    guard valid else { return nil }
    var keyword: Keyword?
    if case .keyword(let word)? = ownership?.name.tokenKind { keyword = word }
    return LocalMember(
      name: name, nameToken: pattern.identifier, type: type.trimmed, kind: kind,
      effects: effects, access: Access(declaration.modifiers), ownership: keyword,
      attribute: attribute, declaration: declaration)
  }

  /// Checks the types a member cannot have: an opaque type, which generated code cannot name,
  /// and an implicitly unwrapped optional, which it cannot store.
  private static func checkType(
    _ type: TypeSyntax, member: String, macro: String, problems: inout ComponentProblems
  ) -> Bool {
    if let opaque = type.unparenthesized.as(SomeOrAnyTypeSyntax.self),
      opaque.someOrAnySpecifier.tokenKind == .keyword(.some)
    {
      let constraint = opaque.constraint.trimmedDescription
      problems.error(
        .opaqueMember(macro: macro, member: member, constraint: constraint),
        at: opaque.someOrAnySpecifier,
        fixIt: .replace(
          opaque.someOrAnySpecifier, with: TokenSyntax.keyword(.any),
          FixItTitle.declareIt("any \(constraint)")))
      return false
    }
    if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      let wrapped = implicit.wrappedType.trimmedDescription
      problems.error(
        .implicitlyUnwrappedMember(macro: macro, member: member, wrapped: wrapped),
        at: implicit.exclamationMark,
        fixIt: .replace(
          implicit.exclamationMark, with: TokenSyntax.postfixQuestionMarkToken(),
          FixItTitle.declareIt("\(wrapped)?")))
      return false
    }
    return true
  }

  /// The lifetime written first in `@Provide(...)`: `.shared`, or `ComponentLifetime.shared`.
  ///
  /// NB: the macro reads the lifetime from the source; any other expression of type
  /// `ComponentLifetime` (`Chooser.shared`) compiles, and its last name is not its value.
  private static func lifetime(
    of attribute: AttributeSyntax, problems: inout ComponentProblems
  ) -> MemberKind? {
    guard let first = attribute.argumentList.first, first.label == nil else {
      problems.error(.missingLifetime, at: attribute)
      return nil
    }
    if let name = literalMember(first.expression, of: "ComponentLifetime"),
      let kind = MemberKind(rawValue: name), kind != .child
    {
      return kind
    }
    problems.error(.notALifetime(first.expression.trimmedDescription), at: first.expression)
    return nil
  }

  /// `name` for `.name` or `Type.name` (`Type` possibly module-qualified), else nil.
  static func literalMember(_ expression: ExprSyntax, of type: String) -> String? {
    guard let access = expression.as(MemberAccessExprSyntax.self),
      access.declName.argumentNames == nil
    else { return nil }
    if let base = access.base {
      let written = base.trimmedDescription
      guard
        [type, "LoomMacros.\(type)", "LoomMacros::\(type)"].contains(written)
      else { return nil }
    }
    return access.declName.baseName.bareName
  }

  /// The effects `attribute` states, or none when they do not read.
  static func readEffects(of attribute: AttributeSyntax) -> MemberEffects {
    var problems = ComponentProblems()
    return effects(of: attribute, problems: &problems) ?? MemberEffects()
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
      switch literalMember(element, of: "ComponentEffects") {
      case "async": effects.isAsync = true
      case "throwing": effects.isThrowing = true
      default:
        problems.error(.notAnEffect(element.trimmedDescription), at: element)
        return nil
      }
    }
    return effects
  }
}
