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

  /// `private func _loomRead_api(_ make: ...) -> API`.
  private func signature(_ member: ComponentMember, make: String?) -> String {
    let effects = member.effects.specifiers
    let parameters = make.map { "_ make: \($0)" } ?? ""
    return
      "\(isolation)private func _loomRead_\(member.name)(\(parameters))\(effects.isEmpty ? "" : " " + effects) -> \(member.type.trimmedDescription)"
  }

  // MARK: - Valid components

  /// The type of what the accessor passes: the code that builds the member, as a function of
  /// what the read function supplies.
  private func makeType(_ member: ComponentMember) -> String? {
    let effects = member.effects.specifiers.isEmpty ? "" : " " + member.effects.specifiers
    let type = member.type.trimmedDescription
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
      let arguments = member.dependencies.compactMap { members[$0.member]?.type.trimmedDescription }
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
      return ["\(signature(member, make: nil)) {\n  _loom.inputs.\(member.name)\n}"]
    case .transient:
      let body =
        "if let value = _loom.overrides.\(member.name) { return value }\n"
        + "return \(effects.markers)\(build(member, receiver: "self"))"
      return ["\(signature(member, make: makeType(member))) {\n\(indent(body, 1))\n}"]
    case .shared, .lazy, .once, .child:
      let cell = "_loom.\(path(member.name))"
      let built = build(member, receiver: effects.isAsync ? "component" : "self")
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
        // allocates nothing (the closure captures `make`).
        body =
          "if let value = \(cell).builtValue { return value }\n"
          + "return \(getMarkers)\(cell).get(self) { component in\(closureBody)}"
      } else {
        body = "\(getMarkers)\(cell).get {\(closureBody)}"
      }
      return ["\(signature(member, make: makeType(member))) {\n\(indent(body, 1))\n}"]
    }
  }

  /// The expression that builds `member` from `make`, with its dependencies read from `receiver`.
  private func build(_ member: ComponentMember, receiver: String) -> String {
    let arguments = member.dependencies.map { argument($0, receiver: receiver) }
      .joined(separator: ", ")
    switch member.construction {
    case .input:
      return "\(receiver).\(member.name)"
    case .initializer:
      return "make(\(receiver))"
    case .reference:
      return "make()(\(arguments))"
    case .closure:
      guard member.kind == .child else { return "make(\(arguments))" }
      // The child is made by the closure: the overrides inside it apply to a copy.
      return """
        let child = \(member.effects.markers)make(\(arguments))
        let inside = \(receiver)._loom.overrides.\(member.name).overrides
        return inside.isEmpty ? child : child.overriding { $0 = inside }
        """
    case .child:
      return
        "\(member.type.trimmedDescription)(_loomInputs: make(\(receiver)), overrides: \(receiver)._loom.overrides.\(member.name).overrides)"
    }
  }

  /// A member as an argument: read from `receiver`, or a `Lazy` / `Provider` handle of it.
  private func argument(_ reference: MemberReference, receiver: String) -> String {
    guard let deferral = reference.deferral, let target = members[reference.member] else {
      return "\(receiver).\(reference.member)"
    }
    let method = deferral == .lazy ? "lazy" : "provider"
    return
      "\(receiver)._loom.handles.\(method)(\(metatype(target.type)), member: \"\(target.name)\", register: \(receiver)._loomRegisterHandles)"
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
      let register = component.isMainActor ? "registerMainActor" : "register"
      return """
        container.\(register)(\(metatype(target.type)), name: "\(target.name)") { [weak storage] _ in
          guard let storage else {
            throw LoomMacros._ComponentHandles.released(\(metatype(target.type)), component: "\(component.name)", member: "\(target.name)", \(location(target.name)))
          }
          return \(target.effects.isThrowing ? "try " : "")Self(_loomStorage: storage).\(target.name)
        }
        """
    }
    return """
      private func _loomRegisterHandles(_ container: Loom.Container) {
        let storage = _loom
      \(indent(registrations.joined(separator: "\n"), 1))
      }
      """
  }

  // MARK: - Components with errors

  /// The type of what the accessor passes, loose enough to accept it whatever the rest of the
  /// component: only the member's own code is checked.
  private func stubMakeType(_ member: ComponentMember) -> String? {
    let effects = member.effects.specifiers.isEmpty ? "" : " " + member.effects.specifiers
    switch member.construction {
    case .input: return nil
    case .initializer: return "(Self)\(effects) -> \(member.type.trimmedDescription)"
    case .reference: return "() -> Any"
    case .closure: return "Any"
    case .child: return "(Self) -> Any"
    }
  }

  private func stubRead(_ member: ComponentMember) -> [String] {
    ["\(signature(member, make: stubMakeType(member))) {\n  \(stop)\n}"]
  }

  /// A read function the compiler refuses, with `message`, when the accessor calls it.
  private func unavailableRead(_ member: ComponentMember, _ message: MacroMessage) -> [String] {
    let text = message.message.flatMap { character -> [Character] in
      character == "\\" || character == "\"" ? ["\\", character] : [character]
    }
    return [
      "@available(*, unavailable, message: \"\(String(text))\")\n\(signature(member, make: stubMakeType(member))) {\n  \(stop)\n}"
    ]
  }
}
