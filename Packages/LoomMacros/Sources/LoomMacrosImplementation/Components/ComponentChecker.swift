import SwiftDiagnostics
import SwiftSyntax

/// The checks of a whole component, once each member and step has been read: references,
/// duplicates, effects, deferred handles, `.once` captives and cycles.
struct ComponentChecker {
  let component: ComponentDeclaration
  private let members: [String: ComponentMember]
  private let steps: [String: ComponentStep]

  init(_ component: ComponentDeclaration) {
    self.component = component
    var members: [String: ComponentMember] = [:]
    for member in component.members where members[member.name] == nil {
      members[member.name] = member
    }
    self.members = members
    var steps: [String: ComponentStep] = [:]
    for step in component.steps where steps[step.name] == nil { steps[step.name] = step }
    self.steps = steps
  }

  func check(_ problems: inout ComponentProblems) {
    // Members and steps are wired by name: with a name declared twice, the rest cannot be read.
    guard checkDuplicates(&problems) else { return }
    var referencesAreValid = true
    for member in component.members {
      referencesAreValid = checkReferences(member, &problems) && referencesAreValid
    }
    for step in component.steps {
      referencesAreValid = checkReferences(step, &problems) && referencesAreValid
    }
    guard referencesAreValid else { return }
    for member in component.members {
      checkEffects(member, &problems)
      checkOnce(member, &problems)
    }
    checkCycles(&problems)
  }

  // MARK: - Duplicates

  /// Two members, or a member and a step, of one name: Swift reports those it refuses itself
  /// (two properties, a property and a method without parameters, two methods of one signature),
  /// which the component only has to not build; the macro reports the others, that Swift allows
  /// but that the component could not wire by name.
  private func checkDuplicates(_ problems: inout ComponentProblems) -> Bool {
    enum Declared {
      case member
      case step(ComponentStep)
    }
    var unique = true
    var first: [String: (Declared, Syntax)] = [:]
    let declared: [(String, Declared, TokenSyntax)] =
      component.members.map { ($0.name, .member, $0.nameToken) }
      + component.steps.map { ($0.name, .step($0), $0.nameToken) }
    for (name, kind, token) in declared {
      guard let (earlier, node) = first[name] else {
        first[name] = (kind, Syntax(token))
        continue
      }
      let swiftRefuses: Bool
      switch (earlier, kind) {
      case (.member, .member): swiftRefuses = true
      case (.member, .step(let step)), (.step(let step), .member):
        swiftRefuses = step.function.signature.parameterClause.parameters.isEmpty
      case (.step(let one), .step(let other)):
        swiftRefuses = one.signatureText == other.signatureText
      }
      unique = false
      if swiftRefuses {
        problems.invalidate()
      } else {
        problems.error(
          .duplicateStep(name, component: component.name), at: token,
          notes: [.at(node, "'\(name)' is first declared here")])
      }
    }
    return unique
  }

  // MARK: - References

  /// Checks that every member `member` names exists (``MemberReader`` checks they are named once
  /// each); false if one does not.
  private func checkReferences(
    _ member: ComponentMember, _ problems: inout ComponentProblems
  ) -> Bool {
    var valid = true
    for reference in member.dependencies where !resolve(reference, in: member, &problems) {
      valid = false
    }
    return valid
  }

  private func checkReferences(_ step: ComponentStep, _ problems: inout ComponentProblems) -> Bool {
    var valid = true
    for parameter in step.parameters {
      valid = resolve(parameter, in: nil, owner: step.name, &problems) && valid
    }
    for (name, node) in step.after where steps[name] == nil {
      let suggestion = closestName(to: name, among: component.steps.map(\.name))
      let fixIt = suggestion.map {
        FixIt.replace(node, withText: "\"\($0)\"", FixItTitle.replace(with: $0))
      }
      problems.error(
        .missingStep(name, component: component.name, suggestion: suggestion), at: node,
        fixIt: fixIt)
      valid = false
    }
    return valid
  }

  /// Whether `reference` names a member; reports the closest name if not.
  ///
  /// Where Swift resolves the name too, the macro keeps out of its way: a key path to a method or
  /// to nothing the struct declares is Swift's error (the component is only not built, and if the
  /// name is declared in an extension after all, the member's read function says what is wrong
  /// when the accessor calls it); so is a reference of a member whose own declaration has a
  /// problem, already reported.
  private func resolve(
    _ reference: MemberReference, in member: ComponentMember?, owner: String? = nil,
    _ problems: inout ComponentProblems
  ) -> Bool {
    let name = reference.member
    if members[name] != nil { return true }
    let owner = owner ?? member?.name ?? ""
    if component.memberVariables.contains(name) {
      problems.invalidate()
      return false
    }
    let message: MacroMessage
    var fixIt: FixIt?
    if steps[name] != nil {
      message = .stepReference(name, component: component.name, owner: owner)
    } else {
      let candidates = component.members.map(\.name).filter { $0 != owner }
      let suggestion = closestName(to: name, among: candidates)
      message = .missingMember(
        name, component: component.name, suggestion: suggestion, members: candidates)
      if let suggestion {
        fixIt = .rename(
          reference.renamedTokens, to: suggestion, FixItTitle.rename(name, to: suggestion))
      }
    }
    switch reference.spelling {
    case .parameter:
      problems.error(message, at: reference.node, fixIt: fixIt)
    case .keyPath where component.otherProperties.contains(name):
      problems.error(message, at: reference.node, fixIt: fixIt)
    case .keyPath where component.functions.contains(name):
      problems.invalidate()
      problems.refusedByCompiler(owner)
    case .keyPath:
      problems.refusedByCompiler(owner)
      // NB: Swift reports a key path to a name declared nowhere ("value of type has no
      // member"), without a suggestion: a note beside it offers the closest member.
      if fixIt != nil { problems.note(message.asNote, at: reference.node, fixIt: fixIt) }
      problems.unavailable(owner, message)
    case .label:
      guard let member else { break }
      problems.unavailable(
        owner,
        .labelNotAMember(
          name, reference: reference.node.description, component: component.name,
          factory: factoryRewrite(of: member)))
    }
    return false
  }

  /// `{ (config: Config) in API(configuration: config) }`: the factory closure that builds
  /// `member` as its initializer reference does, each label passed the member closest to it; nil
  /// when a label has no close member.
  private func factoryRewrite(of member: ComponentMember) -> String? {
    guard case .reference(let expression) = member.construction else { return nil }
    let callee: String
    if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
      let name = access.declName.baseName
      callee =
        name.tokenKind == .keyword(.`init`)
        ? base.trimmedDescription : "\(base.trimmedDescription).\(name.text)"
    } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
      callee = reference.baseName.text
    } else {
      return nil
    }
    var parameters: [String] = []
    var arguments: [String] = []
    let candidates = component.members.map(\.name).filter { $0 != member.name }
    for reference in member.dependencies {
      let chosen =
        members[reference.member] != nil
        ? reference.member
        : closestName(to: reference.member, among: candidates)
          ?? candidates.first { reference.member.hasPrefix($0) || $0.hasPrefix(reference.member) }
      guard let chosen, let target = members[chosen] else { return nil }
      if !parameters.contains(where: { $0.hasPrefix("\(chosen):") }) {
        parameters.append("\(chosen): \(target.type.trimmedDescription)")
      }
      arguments.append("\(reference.label ?? reference.member): \(chosen)")
    }
    let effects = member.effects.specifiers
    let signature =
      "(\(parameters.joined(separator: ", ")))\(effects.isEmpty ? "" : " " + effects)"
    return
      "{ \(signature) in \(member.effects.markers)\(callee)(\(arguments.joined(separator: ", "))) }"
  }

  // MARK: - Effects

  private func checkEffects(_ member: ComponentMember, _ problems: inout ComponentProblems) {
    for reference in member.dependencies {
      guard let target = members[reference.member] else { continue }
      if reference.spelling == .keyPath, target.effects != MemberEffects() {
        // NB: Swift reports a key path to an asynchronous or throwing member itself ("cannot
        // form key path to property with 'throws' or 'async'").
        problems.invalidate()
        continue
      }
      if let deferral = reference.deferral {
        if target.effects.isAsync {
          problems.error(
            .deferredAsync(
              deferral: deferral.rawValue, type: target.type.trimmedDescription,
              target: target.name, member: member.name),
            at: reference.node, fixIt: undeferral(of: reference, in: member))
        }
        continue
      }
      guard !member.effects.covers(target.effects) else { continue }
      let needed = member.effects.union(target.effects)
      let missing = MemberEffects(
        isAsync: target.effects.isAsync && !member.effects.isAsync,
        isThrowing: target.effects.isThrowing && !member.effects.isThrowing)
      problems.error(
        .undeclaredEffects(
          member: member.name, effects: member.effects.adjective, target: target.name,
          targetEffects: target.effects.adjective, missing: missing.specifiers),
        at: reference.node, fixIt: effectsFix(for: member, needing: needed, missing: missing))
    }
  }

  /// Takes a `Lazy` or `Provider` closure parameter directly (`database: Database`), and adds
  /// `async` to the closure's signature when it is not there yet.
  private func undeferral(of reference: MemberReference, in member: ComponentMember) -> FixIt? {
    guard let parameter = reference.node.ancestor(ClosureParameterSyntax.self),
      let type = parameter.type,
      let argument =
        (type.as(IdentifierTypeSyntax.self)?.genericArgumentClause
        ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause)?.arguments.first
    else { return nil }
    let title =
      member.effects.isAsync
      ? FixItTitle.takeDirectly(reference.member)
      : FixItTitle.takeDirectlyAndMakeAsync(reference.member, member: member.name)
    var changes = FixIt.replace(type, withText: argument.argument.trimmedDescription, title).changes
    if !member.effects.isAsync {
      let needed = member.effects.union(MemberEffects(isAsync: true, isThrowing: false))
      let missing = MemberEffects(isAsync: true, isThrowing: false)
      changes += effectsFix(for: member, needing: needed, missing: missing).changes
    }
    return FixIt(message: FixItText(title), changes: changes)
  }

  /// Adds the missing effects where `member` states its effects.
  private func effectsFix(
    for member: ComponentMember, needing needed: MemberEffects, missing: MemberEffects
  ) -> FixIt {
    let title = FixItTitle.declare(member.name, missing.specifiers)
    // NB: the closure of the attribute itself, not the detached copy kept for generating code:
    // a fix-it must point into the attribute.
    if let closure = member.attribute.argument("factory")?.expression.as(ClosureExprSyntax.self),
      let signature = closure.signature
    {
      if let specifiers = signature.effectSpecifiers {
        return .replace(specifiers, withText: needed.specifiers, title)
      }
      return .replace(signature.inKeyword, withText: "\(needed.specifiers) in", title)
    }
    if let effects = member.attribute.argument("effects") {
      return .replace(effects.expression, withText: needed.argumentText, title)
    }
    return .replace(
      member.attribute.argumentList,
      withText: member.attribute.argumentList.trimmedDescription
        + ", effects: \(needed.argumentText)", title)
  }

  /// A `.once` member is the same for every instance: it may only take `.once` members.
  private func checkOnce(_ member: ComponentMember, _ problems: inout ComponentProblems) {
    guard member.kind == .once else { return }
    if component.isGeneric {
      problems.error(
        .genericOnce(member: member.name, component: component.name), at: member.attribute,
        fixIt: sharing(member))
      return
    }
    for reference in member.dependencies {
      guard let target = members[reference.member], target.kind != .once else { continue }
      problems.error(
        .onceCaptive(
          member: member.name, component: component.name, target: target.name,
          targetLifetime: target.kind.rawValue),
        at: reference.node, fixIt: sharing(member))
    }
  }

  /// Makes a `.once` member `.shared`.
  private func sharing(_ member: ComponentMember) -> FixIt? {
    guard let lifetime = member.attribute.argumentList.first?.expression,
      lifetime.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "once"
    else { return nil }
    return .replace(lifetime, withText: ".shared", FixItTitle.makeShared(member.name))
  }

  // MARK: - Cycles

  /// Reports each cycle of direct dependencies (deferred ones excluded) once, at the member or
  /// step declared first in it, with the whole path. Members only take members, and steps only
  /// wait for steps, so a cycle is one or the other.
  private func checkCycles(_ problems: inout ComponentProblems) {
    let graph = DependencyOrder(component)
    for cycle in graph.cycles() {
      let path = cycle.map { graph.names[$0] } + [graph.names[cycle[0]]]
      let start = cycle[0]
      let edges = zip(cycle, cycle.dropFirst() + [start]).map { ($0, $1) }
      guard start >= graph.memberCount else {
        if edges.allSatisfy({ isKeyPath(from: graph.names[$0], to: graph.names[$1]) }) {
          // NB: Swift finds a ring of `with:` key paths itself, when it checks the attributes
          // ("circular reference resolving attached macro"): each key path asks for the
          // accessors of the member it names.
          problems.invalidate()
          continue
        }
        let notes = edges.compactMap { from, to -> Note? in
          guard let node = graph.edgeNode(from: from, to: to) else { return nil }
          return .at(node, "'\(graph.names[from])' takes '\(graph.names[to])' here")
        }
        problems.error(.cycle(path), at: graph.tokens[start], notes: notes)
        continue
      }
      let notes = edges.dropFirst().compactMap { from, to -> Note? in
        guard let node = graph.edgeNode(from: from, to: to) else { return nil }
        return .at(node, "'\(graph.names[from])' runs after '\(graph.names[to])' here")
      }
      // At the first step's `after:` entry that closes the cycle, with a fix-it removing it.
      let entry = graph.edgeNode(from: start, to: cycle.count > 1 ? cycle[1] : start)
      problems.error(
        .stepCycle(path), at: entry ?? Syntax(graph.tokens[start]),
        fixIt: entry.flatMap {
          removal(ofAfterEntry: $0, step: graph.names[cycle.count > 1 ? cycle[1] : start])
        },
        notes: notes)
    }
  }

  /// Whether `from` takes `to` through a key path (`with:` or `bindings:`).
  private func isKeyPath(from: String, to: String) -> Bool {
    members[from]?.directDependencies.contains { $0.member == to && $0.spelling == .keyPath }
      ?? false
  }

  /// A fix-it that removes the `after:` entry `entry` (the whole argument if it is the only one).
  private func removal(ofAfterEntry entry: Syntax, step: String) -> FixIt? {
    guard let element = entry.ancestor(ArrayElementSyntax.self),
      let array = element.parent?.parent?.as(ArrayExprSyntax.self)
    else {
      // `after: "a"`, not an array: the argument goes.
      guard let argument = entry.ancestor(LabeledExprSyntax.self),
        let arguments = argument.parent?.as(LabeledExprListSyntax.self)
      else { return nil }
      let others = arguments.filter { $0.id != argument.id }
        .map { $0.with(\.trailingComma, nil).trimmedDescription }
      return .replace(
        arguments, withText: others.joined(separator: ", "), FixItTitle.removeAfter(step))
    }
    let kept = array.elements.filter { $0.id != element.id }.map {
      $0.expression.trimmedDescription
    }
    if kept.isEmpty, let argument = array.parent?.as(LabeledExprSyntax.self),
      let arguments = argument.parent?.as(LabeledExprListSyntax.self)
    {
      let others = arguments.filter { $0.id != argument.id }
        .map { $0.with(\.trailingComma, nil).trimmedDescription }
      return .replace(
        arguments, withText: others.joined(separator: ", "), FixItTitle.removeAfter(step))
    }
    return .replace(
      array, withText: "[\(kept.joined(separator: ", "))]", FixItTitle.removeAfter(step))
  }
}

extension Syntax {
  /// The nearest ancestor of type `type`, if any.
  func ancestor<Kind: SyntaxProtocol>(_ type: Kind.Type) -> Kind? {
    var node = parent
    while let current = node {
      if let match = current.as(Kind.self) { return match }
      node = current.parent
    }
    return nil
  }
}

/// The member and step names closest to `name` (by edit distance), if one is close enough to be
/// a typo.
func closestName(to name: String, among candidates: [String]) -> String? {
  let limit = max(2, name.count / 3)
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let distance = editDistance(name.lowercased(), candidate.lowercased())
    if distance <= limit, distance < (best?.distance ?? .max) {
      best = (candidate, distance)
    }
  }
  return best?.name
}

/// The Levenshtein distance between `a` and `b`.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
