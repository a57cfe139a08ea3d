import SwiftSyntax

// What a component offers once declared: `Resolved`, `resolve()`, `install(into:)`, the graph.
extension ComponentGenerator {
  // MARK: - Resolved

  /// The aggregate `resolve()` returns: the children's aggregates, and a getter for every input
  /// and cached member (not the transient ones, made anew on every read, nor the lazy ones,
  /// built on first read only), reading the value `resolve()` built (cells never change once
  /// built).
  var resolved: String {
    var lines = ["\(access)let component: \(component.name)"]
    var parameters = ["_ component: \(component.name)"]
    var assignments = ["self.component = component"]
    var getters: [String] = []
    for member in shape where member.kind.isResolved {
      let type = member.type.trimmedDescription
      switch member.kind {
      case .child where isValid:
        lines.append("\(access(of: member))let \(member.name): \(type).Resolved")
        parameters.append("\(member.name): \(type).Resolved")
        assignments.append("self.\(member.name) = \(member.name)")
      case .child:
        getters.append("\(access(of: member))var \(member.name): \(type).Resolved { \(stop) }")
      case .input:
        getters.append(
          "\(access(of: member))var \(member.name): \(type) { \(isValid ? "component._loom.inputs.\(member.name)" : stop) }"
        )
      default:
        let value =
          isValid
          ? "component._loom.\(path(member.name)).expectBuilt(\"\(component.name).\(member.name)\")"
          : stop
        getters.append("\(access(of: member))var \(member.name): \(type) { \(value) }")
      }
    }
    return """
      \(access)struct Resolved: Sendable {
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
        \(isolation)\(access)func resolve() async throws(LoomMacros.ComponentError) -> Resolved {
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
      return ", after: [\(found.map { "\"\(order.names[$0])\"" }.joined(separator: ", "))]"
    }
    let hop = component.isMainActor ? "@MainActor in " : ""
    var lines: [String] = []
    var items: [String] = []
    /// The children's slots each item fills (`_sessionResolved: ...`), for the chunk helpers.
    var slots: [String?] = []
    var children: [String] = []
    for member in cached where member.kind.isBuiltByResolve {
      if member.kind == .child {
        let slotType = "LoomMacros._ResolvedSlot<\(member.type.trimmedDescription).Resolved>"
        lines.append("let _\(member.name)Resolved = \(slotType)()")
        items.append(
          ".child(\"\(member.name)\"\(prerequisites(member.name))) { \(hop)_\(member.name)Resolved.fill(try await self.\(member.name).resolve()) }"
        )
        slots.append("_\(member.name)Resolved: \(slotType)")
        children.append("\(member.name): _\(member.name)Resolved.value")
      } else {
        items.append(
          ".member(\"\(member.name)\"\(prerequisites(member.name))) { \(hop)_ = \(member.effects.markers)self.\(member.name) }"
        )
        slots.append(nil)
      }
    }
    for step in component.steps {
      items.append(
        ".step(\"\(step.name)\"\(prerequisites(step.name))) { \(hop)\(call(step, on: "self")) }")
      slots.append(nil)
    }
    // NB: one `append` per item, not one array literal: the type checker solves a literal of
    // closures as one expression, which takes seconds on a large component.
    var helpers: [String] = []
    let scheduler = "LoomMacros._ComponentScheduler"
    if items.isEmpty {
      lines.append("try await \(scheduler).run(\"\(component.name)\", [])")
    } else {
      lines.append("var items: [\(scheduler).Item] = []")
      lines.append("items.reserveCapacity(\(items.count))")
      let appends = items.map { "items.append(\($0))" }
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
          let parameters = ["_ items: inout [\(scheduler).Item]"] + used
          let arguments =
            ["&items"]
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
      lines.append("try await \(scheduler).run(\"\(component.name)\", items)")
    }
    lines.append("return Resolved(\((["self"] + children).joined(separator: ", ")))")
    return helpers + [
      """
      \(isolation)\(access)func resolve() async throws(LoomMacros.ComponentError) -> Resolved {
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
        \(isolation)\(access)func install(into container: Loom.Container) {
          \(stop)
        }
        """
      ]
    }
    var lines: [String] = []
    let hop = component.isMainActor ? "@MainActor in " : ""
    for member in checked {
      let kind = member.kind == .child ? "shared" : member.kind.rawValue
      let dependencies = member.directDependencies.map { "\"\($0.member)\"" }
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
        "installer.\(method)(\(metatype(member.type)), \"\(member.name)\", .\(kind)\(dependencyArgument), \(location(member.name))) { \(readHop)\(member.effects.markers)component.\(member.name) }"
      )
    }
    for step in component.steps {
      let dependencies = step.parameters.map { "\"\($0.member)\"" }
      var dependencyArgument =
        dependencies.isEmpty ? "" : ", dependencies: [\(dependencies.joined(separator: ", "))]"
      if !step.after.isEmpty {
        dependencyArgument +=
          ", after: [\(step.after.map { "\"\($0.name)\"" }.joined(separator: ", "))]"
      }
      lines.append(
        "installer.step(\"\(step.name)\"\(dependencyArgument), \(location(step.name))) { \(hop)\(call(step, on: "component")) }"
      )
    }
    let installer = "LoomMacros._ComponentInstaller"
    let (calls, helpers) = chunked(
      lines, helper: "_loomInstall", modifiers: "\(isolation)private static ",
      signature: "_ installer: inout \(installer), _ component: Self",
      arguments: "&installer, component")
    let body =
      [
        "let component = self",
        "var installer = \(installer)(container, component: \"\(component.name)\")",
      ] + calls + ["installer.finish()"]
    return helpers + [
      """
      \(isolation)\(access)func install(into container: Loom.Container) {
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
      return parameter.label.map { "\($0): \(receiver).\(parameter.member)" }
        ?? "\(receiver).\(parameter.member)"
    }
    return "\(effects.markers)\(receiver).\(step.name)(\(arguments.joined(separator: ", ")))"
  }

  // MARK: - The graph

  var describe: [String] {
    var lines: [String] = []
    for member in isValid ? checked : [] {
      var arguments = ["\"\(member.name)\"", metatype(member.type)]
      if member.kind != .child { arguments.append(".\(member.kind.rawValue)") }
      if member.effects != MemberEffects() {
        arguments.append("effects: \(member.effects.argumentText)")
      }
      let direct = member.directDependencies.map { "\"\($0.member)\"" }
      if !direct.isEmpty { arguments.append("dependencies: [\(direct.joined(separator: ", "))]") }
      let deferred = member.deferredDependencies.map { "\"\($0.member)\"" }
      if !deferred.isEmpty { arguments.append("deferred: [\(deferred.joined(separator: ", "))]") }
      if member.kind == .child, case .child = member.construction, !member.dependencies.isEmpty {
        let inputs = member.dependencies.sorted {
          ($0.label ?? $0.member) < ($1.label ?? $1.member)
        }
        .map { "\"\($0.label ?? $0.member)\": \"\($0.member)\"" }
        arguments.append("inputs: [\(inputs.joined(separator: ", "))]")
      }
      arguments.append(location(member.name))
      let method = member.kind == .child ? "child" : "member"
      lines.append("graph.\(method)(\(arguments.joined(separator: ", ")))")
    }
    let (body, helpers) = chunked(
      lines, helper: "_loomDescribe", modifiers: "private static ",
      signature: "_ graph: inout LoomMacros._ComponentGraph", arguments: "&graph")
    let header = "\(access)static func _describe(in graph: inout LoomMacros._ComponentGraph) {"
    return helpers + [
      body.isEmpty ? header + "}" : "\(header)\n\(indent(body.joined(separator: "\n"), 1))\n}"
    ]
  }
}
