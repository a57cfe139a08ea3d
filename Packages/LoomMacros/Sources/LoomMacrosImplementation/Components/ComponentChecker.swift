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
    checkDuplicates(&problems)
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

  private func checkDuplicates(_ problems: inout ComponentProblems) {
    var first: [String: Syntax] = [:]
    let declared: [(String, TokenSyntax)] =
      component.members.map { ($0.name, $0.nameToken) }
      + component.steps.map {
        ($0.name, $0.nameToken)
      }
    for (name, token) in declared {
      if let earlier = first[name] {
        problems.error(
          .component(
            "duplicateMember",
            "'\(name)' is declared twice in \(component.name); rename one of them, since members and steps are wired by name"
          ),
          at: token, notes: [.at(earlier, "'\(name)' is first declared here")])
      } else {
        first[name] = Syntax(token)
      }
    }
  }

  // MARK: - References

  /// Checks that every member `member` names exists, once each; false if one does not.
  private func checkReferences(
    _ member: ComponentMember, _ problems: inout ComponentProblems
  ) -> Bool {
    var valid = true
    var seen: [String: MemberReference] = [:]
    for reference in member.dependencies {
      guard resolve(reference, in: member.name, &problems) else {
        valid = false
        continue
      }
      let key = reference.label ?? reference.member
      if let earlier = seen[key] {
        let what = member.kind == .child ? "child input '\(key)' is wired" : "'\(key)' is listed"
        problems.error(
          .component(
            "duplicateDependency", "\(what) twice for '\(member.name)'; remove one of them"),
          at: reference.node, fixIt: removal(of: reference, in: member),
          notes: [.at(earlier.node, "first listed here")])
        valid = false
      } else {
        seen[key] = reference
      }
    }
    return valid
  }

  private func checkReferences(_ step: ComponentStep, _ problems: inout ComponentProblems) -> Bool {
    var valid = true
    for parameter in step.parameters {
      valid = resolve(parameter, in: step.name, &problems) && valid
    }
    for (name, node) in step.after where steps[name] == nil {
      let suggestion = closestName(to: name, among: component.steps.map(\.name))
      var message = "'\(name)' is not a @Perform step of \(component.name)"
      var fixIt: FixIt?
      if let suggestion {
        message += "; did you mean '\(suggestion)'?"
        fixIt = .replace(node, withText: "\"\(suggestion)\"", "replace with '\(suggestion)'")
      }
      problems.error(.component("missingStep", message), at: node, fixIt: fixIt)
      valid = false
    }
    return valid
  }

  /// Whether `reference` names a member; reports the closest name if not.
  private func resolve(
    _ reference: MemberReference, in owner: String, _ problems: inout ComponentProblems
  ) -> Bool {
    if members[reference.member] != nil { return true }
    var message: String
    if steps[reference.member] != nil {
      message =
        "'\(reference.member)' is a @Perform step of \(component.name), not a member; '\(owner)' can only take members"
      problems.error(.component("stepReference", message), at: reference.node)
      return false
    }
    message = "'\(reference.member)' is not a member of \(component.name)"
    let candidates = component.members.map(\.name).filter { $0 != owner }
    var fixIt: FixIt?
    if let suggestion = closestName(to: reference.member, among: candidates) {
      message += "; did you mean '\(suggestion)'?"
      fixIt = .rename(
        reference.renamedTokens, to: suggestion,
        "rename '\(reference.member)' to '\(suggestion)'")
    } else if !candidates.isEmpty {
      message += "; its members are \(candidates.map { "'\($0)'" }.joined(separator: ", "))"
    }
    problems.error(.component("missingMember", message), at: reference.node, fixIt: fixIt)
    return false
  }

  /// A fix-it that removes `reference` from the `with:` list it is written in, if it is in one.
  private func removal(of reference: MemberReference, in member: ComponentMember) -> FixIt? {
    // A child's `bindings: ["token": \Self.authToken]` entry.
    if let entry = reference.node.ancestor(DictionaryElementSyntax.self),
      let dictionary = entry.parent?.parent?.as(DictionaryExprSyntax.self),
      case .elements(let elements) = dictionary.content
    {
      let kept = elements.filter { $0.id != entry.id }.map {
        "\($0.key.trimmedDescription): \($0.value.trimmedDescription)"
      }
      guard kept.isEmpty, let argument = dictionary.parent?.as(LabeledExprSyntax.self),
        let arguments = argument.parent?.as(LabeledExprListSyntax.self)
      else {
        let text = kept.isEmpty ? "[:]" : "[\(kept.joined(separator: ", "))]"
        return .replace(dictionary, withText: text, "remove the duplicate")
      }
      // The last binding goes: so does the `bindings:` argument.
      let others = arguments.filter { $0.id != argument.id }.map {
        $0.with(\.trailingComma, nil).trimmedDescription
      }
      return .replace(arguments, withText: others.joined(separator: ", "), "remove the duplicate")
    }
    guard let element = reference.node.ancestor(ArrayElementSyntax.self),
      let array = element.parent?.parent?.as(ArrayExprSyntax.self)
    else { return nil }
    let kept = array.elements.filter { $0.id != element.id }.map {
      $0.expression.trimmedDescription
    }
    return .replace(array, withText: "[\(kept.joined(separator: ", "))]", "remove the duplicate")
  }

  // MARK: - Effects

  private func checkEffects(_ member: ComponentMember, _ problems: inout ComponentProblems) {
    for reference in member.dependencies {
      guard let target = members[reference.member] else { continue }
      if let deferral = reference.deferral {
        if target.effects.isAsync {
          problems.error(
            .component(
              "deferredAsync",
              "\(deferral.rawValue)<\(target.type.trimmedDescription)> cannot take '\(target.name)', which is asynchronous: a \(deferral.rawValue) reads synchronously; take '\(target.name)' directly, and make '\(member.name)' async"
            ),
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
        .component(
          "effects",
          "'\(member.name)' is \(member.effects.adjective), but it is built from '\(target.name)', which is \(target.effects.adjective); declare '\(member.name)' \(missing.specifiers)"
        ),
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
      ? "take '\(reference.member)' directly"
      : "take '\(reference.member)' directly and make '\(member.name)' async"
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
    let title = "declare '\(member.name)' \(missing.specifiers)"
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
        .component(
          "genericOnce",
          "'\(member.name)' cannot be .once in the generic component \(component.name), which has no storage shared by all its instances; make it .shared"
        ),
        at: member.attribute, fixIt: sharing(member))
      return
    }
    for reference in member.dependencies {
      guard let target = members[reference.member], target.kind != .once else { continue }
      let what: String
      let fix: String
      switch target.kind {
      case .input:
        what = "an input, one value per instance"
        fix = "make '\(member.name)' .shared"
      case .child:
        what = "a child, one per instance"
        fix = "make '\(member.name)' .shared"
      default:
        what = ".\(target.kind.rawValue), one value per instance"
        fix = "make '\(target.name)' .once, or '\(member.name)' .shared"
      }
      problems.error(
        .component(
          "onceCaptive",
          "'\(member.name)' is .once, one value for every \(component.name), but it is built from '\(target.name)', \(what); \(fix)"
        ),
        at: reference.node, fixIt: sharing(member))
    }
  }

  /// Makes a `.once` member `.shared`.
  private func sharing(_ member: ComponentMember) -> FixIt? {
    guard let lifetime = member.attribute.argumentList.first?.expression,
      lifetime.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "once"
    else { return nil }
    return .replace(lifetime, withText: ".shared", "make '\(member.name)' .shared")
  }

  // MARK: - Cycles

  /// Reports each cycle of direct dependencies (deferred ones excluded) once, at the member or
  /// step declared first in it, with the whole path.
  private func checkCycles(_ problems: inout ComponentProblems) {
    let graph = DependencyOrder(component)
    for cycle in graph.cycles() {
      let path = cycle.map { graph.names[$0] } + [graph.names[cycle[0]]]
      let start = cycle[0]
      let token = graph.tokens[start]
      let notes = zip(cycle, cycle.dropFirst() + [start]).compactMap { from, to -> Note? in
        guard let node = graph.edgeNode(from: from, to: to) else { return nil }
        return .at(node, "'\(graph.names[from])' takes '\(graph.names[to])' here")
      }
      problems.error(
        .component(
          "cycle",
          "dependency cycle: \(path.joined(separator: " → ")); break it, or take one of them through Lazy or Provider in a factory closure"
        ),
        at: token, notes: notes)
    }
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
