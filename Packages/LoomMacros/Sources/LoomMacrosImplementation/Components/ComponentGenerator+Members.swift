import SwiftSyntax

// The read function of every member: what its accessor calls with the code that builds it.
extension ComponentGenerator {
  var readFunctions: [String] {
    shape.flatMap { local -> [String] in
      guard let member = members[local.name] else { return [] }
      if let message = unavailable[member.name] { return unavailableRead(member, message) }
      return isValid ? read(member) : stubRead(member)
    }
  }

  /// The type of a member as generated code writes it: a child's through its alias.
  func type(of member: ComponentMember) -> String {
    usesAlias(member.name) ? childAlias(member.name) + ".Value" : member.type.trimmedDescription
  }

  /// The metatype of a member, a child's through its alias, as an expression.
  func metatype(of member: ComponentMember) -> String {
    if member.kind == .child, usesAlias(member.name) { return type(of: member) + ".self" }
    if capturesType(member.type) { return typeAlias(member.name) + ".self" }
    return metatype(member.type)
  }

  /// `private func _loomRead_api(_ make: ...) -> API`.
  private func signature(_ member: ComponentMember, make: String?) -> String {
    let effects = member.effects.specifiers
    let parameters = make.map { "_ _loomMake: \($0)" } ?? ""
    return
      "\(isolation)private func \(identifier("_loomRead_" + member.name))(\(parameters))\(effects.isEmpty ? "" : " " + effects) -> \(type(of: member))"
  }

  // MARK: - Valid components

  /// The type of what the accessor passes: the code that builds the member, as a function of
  /// what the read function supplies.
  private func makeType(_ member: ComponentMember) -> String? {
    let effects = member.effects.specifiers.isEmpty ? "" : " " + member.effects.specifiers
    let type = type(of: member)
    // NB: an asynchronous cell builds in a task of its own, so what it runs must be `@Sendable`;
    // in a main-actor component, the code that builds a member runs on the main actor.
    let escaping = member.effects.isAsync && member.kind.isCached ? "@escaping @Sendable " : ""
    let isolated = isolation + (member.effects.isAsync ? "@Sendable " : "")
    switch member.construction {
    case .input:
      return nil
    case .initializer:
      return "\(escaping)\(isolation)(Self)\(effects) -> \(type)"
    case .reference:
      let arguments = member.dependencies.compactMap { members[$0.member].map(self.type(of:)) }
      return
        "\(escaping)() -> \(isolated)(\(arguments.joined(separator: ", ")))\(effects) -> \(type)"
    case .closure(let closure):
      let parameters = closureParameterTypes(closure)
      return "\(escaping)\(isolation)(\(parameters.joined(separator: ", ")))\(effects) -> \(type)"
    case .child:
      return "\(escaping)\(isolation)(Self) -> \(type)._LoomInputs"
    }
  }

  /// The types a factory closure's parameters are written with.
  private func closureParameterTypes(_ closure: ClosureExprSyntax) -> [String] {
    guard case .parameterClause(let clause)? = closure.signature?.parameterClause else { return [] }
    return clause.parameters.map { $0.type?.trimmedDescription ?? "_" }
  }

  private func read(_ member: ComponentMember) -> [String] {
    let effects = member.effects
    switch member.kind {
    case .input:
      return ["\(signature(member, make: nil)) {\n  _loom.inputs.\(member.identifier)\n}"]
    case .transient:
      let body =
        "if let _loomOverride = _loom.overrides.\(member.identifier) { return \(effects.markers)_loomOverride() }\n"
        + "return \(effects.markers)\(build(member, receiver: "self"))"
      return ["\(signature(member, make: makeType(member))) {\n\(indent(body, 1))\n}"]
    case .shared, .lazy, .once, .child:
      let cell = "_loom.\(path(member.name))"
      let built = build(member, receiver: effects.isAsync ? "_loomComponent" : "self")
      // NB: a child wired by `with:` and `bindings:` is made synchronously, whatever its
      // `effects:` say; marking that call would be a warning.
      var markers = effects.markers
      var getMarkers = effects.markers
      if case .child = member.construction {
        markers = ""
        getMarkers = effects.isAsync ? "await " : ""
      }
      // A one-line build is an expression; the build of a child made by a closure, statements.
      let closureBody =
        built.contains("\n") ? "\n\(indent(built, 1))\n" : " \(markers)\(built) "
      let body: String
      if effects.isAsync {
        // NB: the value is read before the closure is made, so that reading a built member
        // allocates nothing (the closure captures `_loomMake`).
        body =
          "if let _loomValue = \(cell).builtValue { return _loomValue }\n"
          + "return \(getMarkers)\(cell).get(self) { _loomComponent in\(closureBody)}"
      } else if isBoxed(member.kind, effects) {
        // NB: only a child's build is several statements, and a child is not boxed.
        body =
          "let _loomBox = \(getMarkers)\(cell).get { \(loomMacros("_MainActorBox"))(\(markers)\(built)) }\n"
          + "return _loomBox.value"
      } else {
        body = "\(getMarkers)\(cell).get {\(closureBody)}"
      }
      return ["\(signature(member, make: makeType(member))) {\n\(indent(body, 1))\n}"]
    }
  }

  /// The expression that builds `member` from `_loomMake`, with its dependencies read from
  /// `receiver`.
  private func build(_ member: ComponentMember, receiver: String) -> String {
    let arguments = member.dependencies.map { argument($0, receiver: receiver) }
      .joined(separator: ", ")
    switch member.construction {
    case .input:
      return "\(receiver).\(member.identifier)"
    case .initializer:
      return "_loomMake(\(receiver))"
    case .reference:
      return "_loomMake()(\(arguments))"
    case .closure:
      guard member.kind == .child else { return "_loomMake(\(arguments))" }
      // The child is made by the closure: the overrides inside it apply to a copy.
      return """
        let _loomChild = \(member.effects.markers)_loomMake(\(arguments))
        let _loomInside = \(receiver)._loom.overrides.\(member.identifier).overrides
        return _loomInside.isEmpty ? _loomChild : _loomChild.overriding { $0 = _loomInside }
        """
    case .child:
      return
        "\(type(of: member))(_loomInputs: _loomMake(\(receiver)), overrides: \(receiver)._loom.overrides.\(member.identifier).overrides)"
    }
  }

  /// A member as an argument: read from `receiver`, or a `Lazy` / `Provider` handle of it.
  private func argument(_ reference: MemberReference, receiver: String) -> String {
    guard let deferral = reference.deferral, let target = members[reference.member] else {
      return "\(receiver).\(identifier(reference.member))"
    }
    let method = deferral == .lazy ? "lazy" : "provider"
    return
      "\(receiver)._loom.handles.\(method)(\(metatype(of: target)), member: \(stringLiteral(target.name)), register: \(receiver)._loomRegisterHandles)"
  }

  var registerHandles: String {
    var targets: [ComponentMember] = []
    for member in checked {
      for reference in member.deferredDependencies {
        if let target = members[reference.member],
          !targets.contains(where: { $0.name == target.name })
        {
          targets.append(target)
        }
      }
    }
    let registrations = targets.map { target in
      // NB: in a main-actor component, through a helper whose overloads Swift picks by the
      // member's type, so that a member whose type is not `Sendable` is registered confined to
      // the main actor (the macro cannot tell which types are `Sendable`).
      let kind = [.input, .child].contains(target.kind) ? "shared" : target.kind.rawValue
      let register =
        component.isMainActor
        ? "\(loomMacros("_ComponentHandles")).mainActorMember(_loomContainer, \(metatype(of: target)), \(stringLiteral(target.name)), .\(kind)) { [weak _loomStorage] in"
        : "_loomContainer.register(\(metatype(of: target)), name: \(stringLiteral(target.name))) { [weak _loomStorage] _ in"
      return """
        \(register)
          guard let _loomStorage else {
            throw \(loomMacros("_ComponentHandles")).released(\(metatype(of: target)), component: \(stringLiteral(component.name)), member: \(stringLiteral(target.name)), \(location(target.name)))
          }
          return \(target.effects.isThrowing ? "try " : "")Self(_loomStorage: _loomStorage).\(target.identifier)
        }
        """
    }
    return """
      private func _loomRegisterHandles(_ _loomContainer: \(loom("Container"))) {
        let _loomStorage = _loom
      \(indent(registrations.joined(separator: "\n"), 1))
      }
      """
  }

  // MARK: - Components with errors

  /// The type of what the accessor passes, loose enough to accept it whatever the rest of the
  /// component: only the member's own code is checked. What a key path names is read from a
  /// stub with every name, synchronous or with the member's effects, so that a member a key path
  /// may not name (Swift says so at the key path) adds no error here.
  private func stubMakeType(_ member: ComponentMember) -> String? {
    let effects = member.effects.specifiers.isEmpty ? "" : " " + member.effects.specifiers
    switch member.construction {
    case .input: return nil
    case .initializer:
      return "(\(loomMacros(stub(member.effects))))\(effects) -> \(type(of: member))"
    case .reference: return "() -> Any"
    case .closure: return "Any"
    case .child: return "(\(loomMacros(stub(MemberEffects())))) -> Any"
    }
  }

  /// The stub whose members have `effects`.
  private func stub(_ effects: MemberEffects) -> String {
    effects.word(
      asyncThrowing: "_AsyncThrowingComponentStub", async: "_AsyncComponentStub",
      throwing: "_ThrowingComponentStub", none: "_ComponentStub")
  }

  private func stubRead(_ member: ComponentMember) -> [String] {
    ["\(signature(member, make: stubMakeType(member))) {\n  \(stop)\n}"]
  }

  /// A read function the compiler refuses, with `message`, when the accessor calls it.
  private func unavailableRead(_ member: ComponentMember, _ message: MacroMessage) -> [String] {
    [
      "@available(*, unavailable, message: \(stringLiteral(message.message)))\n\(signature(member, make: stubMakeType(member))) {\n  \(stop)\n}"
    ]
  }
}
