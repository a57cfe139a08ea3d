import SwiftSyntax

// What a component offers once declared: `Resolved`, `resolve()`, `install(into:)`, the graph.
extension ComponentGenerator {
  // MARK: - Resolved

  /// The aggregate `resolve()` returns: the children's aggregates, and a getter for every input
  /// and cached member (not the transient ones, made anew on every read, nor the lazy ones,
  /// built on first read only), reading the value `resolve()` built (cells never change once
  /// built).
  var resolved: String {
    var lines = ["\(access)let component: \(componentType)"]
    var parameters = ["_ _loomComponent: \(componentType)"]
    var assignments = ["self.component = _loomComponent"]
    var getters: [String] = []
    for member in shape where member.kind.isResolved && member.name != "component" {
      let type = type(of: member)
      let name = member.identifier
      switch member.kind {
      case .child where isValid:
        let parameter = identifier("_loomChild_" + member.name)
        lines.append("\(access(of: member))let \(name): \(type).Resolved")
        parameters.append("\(parameter): \(type).Resolved")
        assignments.append("self.\(name) = \(parameter)")
      case .child:
        getters.append("\(access(of: member))var \(name): \(type).Resolved { \(stop) }")
      case .input:
        getters.append(
          "\(access(of: member))var \(name): \(type) { \(isValid ? "component._loom.inputs.\(name)" : stop) }"
        )
      default:
        let boxed = isBoxed(member.kind, member.effects)
        let value =
          isValid
          ? "component._loom.\(path(member.name)).expectBuilt(\(stringLiteral("\(component.name).\(member.name)")))\(boxed ? ".value" : "")"
          : stop
        // NB: a boxed value is read on the main actor (see `isBoxed`).
        let isolation = boxed ? Qualified.mainActor + " " : ""
        getters.append("\(isolation)\(access(of: member))var \(name): \(type) { \(value) }")
      }
    }
    return """
      \(access)struct Resolved: \(Qualified.sendable) {
      \(indent((lines + [""] + getters).joined(separator: "\n"), 1))\(getters.isEmpty ? "" : "\n")
        fileprivate init(\(parameters.joined(separator: ", "))) {
      \(indent(assignments.joined(separator: "\n"), 2))
        }
      }
      """
  }

  // MARK: - resolve()

  var resolve: [String] {
    guard isValid else {
      return [
        """
        \(isolation)\(access)func resolve() async throws(\(loomMacros("ComponentError"))) -> Resolved {
          \(stop)
        }
        """
      ]
    }
    let memberCount = order.memberCount
    func prerequisites(_ name: String) -> String {
      guard let vertex = order.index[name] else { return "" }
      let found = order.cachedPrerequisites(
        of: vertex,
        isCached: {
          $0 < memberCount && (members[order.names[$0]]?.kind.isBuiltByResolve ?? false)
        },
        isStep: { $0 >= memberCount }
      ).sorted()
      guard !found.isEmpty else { return "" }
      return ", after: [\(found.map { stringLiteral(order.names[$0]) }.joined(separator: ", "))]"
    }
    let hop = component.isMainActor ? "\(Qualified.mainActor) in " : ""
    var lines: [String] = []
    var items: [String] = []
    /// The children's slots each item fills (`_sessionResolved: ...`), for the chunk helpers.
    var slots: [String?] = []
    var children: [String] = []
    for member in cached where member.kind.isBuiltByResolve {
      if member.kind == .child {
        let slotType = loomMacros("_ResolvedSlot<\(type(of: member)).Resolved>")
        let slot = identifier("_loomSlot_" + member.name)
        lines.append("let \(slot) = \(slotType)()")
        items.append(
          ".child(\(stringLiteral(member.name))\(prerequisites(member.name))) { \(hop)\(slot).fill(try await (self.\(member.identifier) as \(type(of: member))).resolve()) }"
        )
        slots.append("\(slot): \(slotType)")
        children.append("\(identifier("_loomChild_" + member.name)): \(slot).value")
      } else {
        items.append(
          ".member(\(stringLiteral(member.name))\(prerequisites(member.name))) { \(hop)_ = \(member.effects.markers)self.\(member.identifier) }"
        )
        slots.append(nil)
      }
    }
    for step in component.steps {
      items.append(
        ".step(\(stringLiteral(step.name))\(prerequisites(step.name))) { \(hop)\(call(step, on: "self")) }"
      )
      slots.append(nil)
    }
    // NB: one `append` per item, not one array literal: the type checker solves a literal of
    // closures as one expression, which takes seconds on a large component.
    var helpers: [String] = []
    let scheduler = loomMacros("_ComponentScheduler")
    if items.isEmpty {
      lines.append("try await \(scheduler).run(\(stringLiteral(component.name)), [])")
    } else {
      lines.append("var _loomItems: [\(scheduler).Item] = []")
      lines.append("_loomItems.reserveCapacity(\(items.count))")
      let appends = items.map { "_loomItems.append(\($0))" }
      if items.count <= Self.statementChunkSize {
        lines += appends
      } else {
        // NB: the items of a large component are appended by helpers of at most
        // `statementChunkSize` items each: the optimizer's time on one function of a thousand
        // closures grows far faster than the count (and its memory went past 6 GB).
        for start in stride(from: 0, to: items.count, by: Self.statementChunkSize) {
          let range = start..<min(start + Self.statementChunkSize, items.count)
          let number = start / Self.statementChunkSize
          let used = slots[range].compactMap { $0 }
          let parameters = ["_ _loomItems: inout [\(scheduler).Item]"] + used
          let arguments =
            ["&_loomItems"]
            + used.map { String($0.prefix(while: { $0 != ":" })) }
            .map { "\($0): \($0)" }
          helpers.append(
            """
            \(isolation)private func _loomResolveItems\(number)(\(parameters.joined(separator: ", "))) {
            \(indent(appends[range].joined(separator: "\n"), 1))
            }
            """)
          lines.append("_loomResolveItems\(number)(\(arguments.joined(separator: ", ")))")
        }
      }
      lines.append("try await \(scheduler).run(\(stringLiteral(component.name)), _loomItems)")
    }
    lines.append("return Resolved(\((["self"] + children).joined(separator: ", ")))")
    return helpers + [
      """
      \(isolation)\(access)func resolve() async throws(\(loomMacros("ComponentError"))) -> Resolved {
      \(indent(lines.joined(separator: "\n"), 1))
      }
      """
    ]
  }

  // MARK: - install(into:)

  var install: [String] {
    guard isValid else {
      return [
        """
        \(isolation)\(access)func install(into _loomContainer: \(loom("Container"))) {
          \(stop)
        }
        """
      ]
    }
    var lines: [String] = []
    let hop = component.isMainActor ? "\(Qualified.mainActor) in " : ""
    for member in checked {
      let kind = member.kind == .child ? "shared" : member.kind.rawValue
      let dependencies = member.directDependencies.map { stringLiteral($0.member) }
      let dependencyArgument =
        dependencies.isEmpty ? "" : ", dependencies: [\(dependencies.joined(separator: ", "))]"
      let method: String
      var readHop = ""
      if member.effects.isAsync {
        method = "asyncMember"
        readHop = hop
      } else {
        method = component.isMainActor ? "mainActorMember" : "member"
      }
      lines.append(
        "_loomInstaller.\(method)(\(metatype(of: member)), \(stringLiteral(member.name)), .\(kind)\(dependencyArgument), \(location(member.name))) { \(readHop)\(member.effects.markers)_loomComponent.\(member.identifier) }"
      )
    }
    for step in component.steps {
      let dependencies = step.parameters.map { stringLiteral($0.member) }
      var dependencyArgument =
        dependencies.isEmpty ? "" : ", dependencies: [\(dependencies.joined(separator: ", "))]"
      if !step.after.isEmpty {
        dependencyArgument +=
          ", after: [\(step.after.map { stringLiteral($0.name) }.joined(separator: ", "))]"
      }
      lines.append(
        "_loomInstaller.step(\(stringLiteral(step.name))\(dependencyArgument), \(location(step.name))) { \(hop)\(call(step, on: "_loomComponent")) }"
      )
    }
    let installer = loomMacros("_ComponentInstaller")
    let (calls, helpers) = chunked(
      lines, helper: "_loomInstall", modifiers: "\(isolation)private static ",
      signature: "_ _loomInstaller: inout \(installer), _ _loomComponent: Self",
      arguments: "&_loomInstaller, _loomComponent")
    let body =
      [
        "let _loomComponent = self",
        "var _loomInstaller = \(installer)(_loomContainer, component: \(stringLiteral(component.name)))",
      ] + calls + ["_loomInstaller.finish()"]
    return helpers + [
      """
      \(isolation)\(access)func install(into _loomContainer: \(loom("Container"))) {
      \(indent(body.joined(separator: "\n"), 1))
      }
      """
    ]
  }

  /// `try await component.seed(database: component.database)`: a call of `step` with the members
  /// it takes, read from `receiver`, marked with the effects of the step and of those members.
  private func call(_ step: ComponentStep, on receiver: String) -> String {
    var effects = step.effects
    let arguments = step.parameters.map { parameter -> String in
      if let member = members[parameter.member] { effects = effects.union(member.effects) }
      let value = "\(receiver).\(identifier(parameter.member))"
      return parameter.label.map { "\(label($0)): \(value)" } ?? value
    }
    return
      "\(effects.markers)\(receiver).\(identifier(step.name))(\(arguments.joined(separator: ", ")))"
  }

  // MARK: - The graph

  var describe: [String] {
    var lines: [String] = []
    for member in isValid ? checked : [] {
      var arguments = [stringLiteral(member.name), metatype(of: member)]
      if member.kind != .child { arguments.append(".\(member.kind.rawValue)") }
      if member.effects != MemberEffects() {
        arguments.append("effects: \(member.effects.argumentText)")
      }
      let direct = member.directDependencies.map { stringLiteral($0.member) }
      if !direct.isEmpty { arguments.append("dependencies: [\(direct.joined(separator: ", "))]") }
      let deferred = member.deferredDependencies.map { stringLiteral($0.member) }
      if !deferred.isEmpty { arguments.append("deferred: [\(deferred.joined(separator: ", "))]") }
      if member.kind == .child, case .child = member.construction, !member.dependencies.isEmpty {
        let inputs = member.dependencies.sorted {
          ($0.label ?? $0.member) < ($1.label ?? $1.member)
        }
        .map { "\(stringLiteral($0.label ?? $0.member)): \(stringLiteral($0.member))" }
        arguments.append("inputs: [\(inputs.joined(separator: ", "))]")
      }
      arguments.append(location(member.name))
      if member.kind == .child {
        let describe =
          usesAlias(member.name)
          ? "\(childAlias(member.name)).describe"
          : "\(loomMacros("_Child"))<\(member.type.trimmedDescription)>.describe"
        arguments.remove(at: 1)
        lines.append("\(describe)(&_loomGraph, \(arguments.joined(separator: ", ")))")
      } else {
        lines.append("_loomGraph.member(\(arguments.joined(separator: ", ")))")
      }
    }
    let graph = loomMacros("_ComponentGraph")
    let (body, helpers) = chunked(
      lines, helper: "_loomDescribe", modifiers: "private static ",
      signature: "_ _loomGraph: inout \(graph)", arguments: "&_loomGraph")
    let header = "\(access)static func _describe(in _loomGraph: inout \(graph)) {"
    return helpers + [
      body.isEmpty ? header + "}" : "\(header)\n\(indent(body.joined(separator: "\n"), 1))\n}"
    ]
  }
}
