extension Container {
  /// A snapshot of the registrations this container sees and the dependencies between them.
  ///
  /// The graph has a node for every registration of this container and of its ancestors: a
  /// registration in a child hides the ancestor's one for the same key, each node's
  /// ``DependencyGraph/Node/containerDepth`` says which container holds it (0: this one) and its
  /// ``DependencyGraph/Node/origin`` which module registered it, when one was named. Its
  /// edges are those declared by auto-wired initializers and bindings, and those observed when a
  /// closure factory first ran: a closure registration that was never resolved has no edges yet.
  /// Key-path dependencies appear once resolved (or registered); before that their defaults are
  /// not registrations.
  ///
  /// Edges point to keys as this container resolves them. A singleton or weak registration held
  /// by an ancestor builds its dependencies in that ancestor, where a child's override is not
  /// visible; the graph does not show that difference.
  ///
  /// ```swift
  /// let graph = container.graph
  /// print(graph.export(.text))
  /// ```
  public var graph: DependencyGraph {
    var nodes: [DependencyGraph.Node] = []
    var edges: [DependencyGraph.Edge] = []
    var seen: Set<DependencyKey> = []
    var container: Container? = self
    var depth = 0
    while let current = container {
      for registration in current.entries.map(\.registration)
      where seen.insert(registration.key).inserted {
        nodes.append(
          DependencyGraph.Node(
            key: registration.key, lifetime: registration.lifetime,
            isAsync: registration.isAsync, location: registration.location,
            containerDepth: depth, isBinding: registration.isBinding,
            origin: registration.origin, isUnchecked: registration.isUnchecked,
            isConfinedToMainActor: registration.isConfinedToMainActor))
        var declared = registration.declaredDependencies(builtIn: self)
        if let target = registration.bindingTarget, !declared.contains(target) {
          declared.append(target)
        }
        for dependency in declared {
          edges.append(DependencyGraph.Edge(registration.key, to: dependency))
        }
        for dependency in registration.observedDependencies {
          edges.append(
            DependencyGraph.Edge(registration.key, to: dependency, kind: .observed))
        }
        for dependency in registration.extras?.completionDependencies ?? [] {
          edges.append(
            DependencyGraph.Edge(registration.key, to: dependency, isAfterCreation: true))
        }
        for dependency in registration.observedCompletionDependencies {
          edges.append(
            DependencyGraph.Edge(
              registration.key, to: dependency, kind: .observed, isAfterCreation: true))
        }
      }
      container = current.parent
      depth += 1
    }
    return DependencyGraph(nodes, edges: edges)
  }

  /// Checks this container's wiring as its resolves would meet it, and reports every problem at
  /// once: missing dependencies, cycles, captive lifetimes, synchronous factories that depend on
  /// async or main-actor ones.
  ///
  /// Validation follows the rules resolution follows: a registration found in an ancestor is the
  /// one a resolve would use; a singleton (weak, once) registered in an ancestor is built there,
  /// with the ancestor's registrations, so a child's override of one of its dependencies is not
  /// the one it gets; a transient or custom-lifetime registration is built in the container
  /// resolved from, where the override applies; an isolated child builds its own copy of an
  /// ancestor's registration. A key path's declared default counts even before its first resolve,
  /// and one declared without a default that nothing registers is missing. So on any container,
  /// "no problems" means that every registration resolves, and every problem is one a resolve
  /// would meet, as far as validation can see: the edges of a closure factory that declares no
  /// `dependencies:` are only known once it has run (``ValidationReport/unseen`` lists those,
  /// and ``ValidationReport/Strictness/strict`` makes them problems). See
  /// ``DependencyGraph/validate()`` for how each kind of problem is found, and
  /// ``validateByResolving(isolation:)`` for a check that runs every factory.
  ///
  /// ```swift
  /// let report = container.validate()
  /// print(report)
  /// try report.throwIfInvalid()
  /// ```
  ///
  /// - Parameter strictness: Whether unseen edges are problems.
  /// - Returns: The report.
  public func validate(_ strictness: ValidationReport.Strictness = .standard) -> ValidationReport {
    let model = ResolutionModel(self)
    let unseen = UnseenRegistrations(found: model.unseen)
    // Most graphs have no problem: tell that without naming a key. Names, and the order they
    // give (which cycle of a component is shown, which path leads to a missing key), are made
    // only for a report that lists problems.
    if strictness == .standard || model.unseen.isEmpty,
      problems(in: model, sortedByDescription: false).isEmpty
    {
      return ValidationReport(problems: [], unseen: strictness == .standard ? unseen : .none)
    }
    var problems = problems(in: model, sortedByDescription: true)
    if strictness == .strict {
      let listed = unseen.listed
      problems += listed.keys.map { Self.undeclaredEdges($0, parts: listed.parts[$0] ?? .factory) }
    }
    problems = problems.sorted(byDescriptionOf: \.key, after: \.code.order)
    return ValidationReport(problems: problems, unseen: strictness == .standard ? unseen : .none)
  }

  /// The problems of the graph `model` describes, other than unseen edges: the validator's, the
  /// registrations' own, and key paths declared without a default that nothing registers.
  /// Numbered in the model's order, the problems are the same but their texts and paths may
  /// differ: use that order only to learn whether there are any.
  private func problems(in model: ResolutionModel, sortedByDescription: Bool) -> [GraphProblem] {
    let (index, nodes, lookups) = model.index(sortedByDescription: sortedByDescription)
    var rules = ValidationRules()
    rules.keyPathsHaveDefaults = false
    let registrations = lookups.prefix(nodes.count).map(\.registration)
    rules.isolation = registrations.map { $0?.isolationRule }
    let unbound = Set(model.unboundRoots)
    rules.missingHint = { [self] key, missing, needer in
      if unbound.contains(key) { return ResolutionError.unboundKeyPathHint(for: key) }
      if let name = key.startupTaskName {
        return "add a start-up task named \"\(name)\" to this container, or remove \"\(name)\""
          + " from `after:`."
      }
      return lookups[missing].container.missingHint(
        for: key, neededBy: lookups[needer].registration, requester: self)
    }
    var validator = GraphValidator(index: index, nodes: nodes, rules: rules)
    var problems = validator.run().problems
    problems += Self.registrationProblems(lookups)
    // A key path declared without a default that something needs is reported with its needer.
    let reported = Set(problems.lazy.filter { $0.code == .missing }.map(\.key))
    for key in model.unboundRoots where !reported.contains(key) {
      problems.append(
        GraphProblem(
          .missing, key: key, path: [key], summary: "no registration for \(key)",
          details: ["\(key) is declared without a default, and nothing registers it"],
          hint: ResolutionError.unboundKeyPathHint(for: key)))
    }
    return problems
  }

  /// What is wrong with the registrations themselves, once each: what registering could tell
  /// (a binding's or a lifetime's mismatch), a weak registration seen making a value, and an
  /// unimplemented context alternative that applies where the instance is made and fails there.
  private static func registrationProblems(_ lookups: [ResolutionModel.Lookup]) -> [GraphProblem] {
    var problems: [GraphProblem] = []
    var defective = Set<ObjectIdentifier>()
    var unimplemented = Set<DependencyKey>()
    for lookup in lookups {
      guard let registration = lookup.registration else { continue }
      // Made only for a problem: most registrations have none.
      func place() -> String {
        "\(registration.key) (\(registration.lifetime)) at \(registration.location)"
      }
      if defective.insert(ObjectIdentifier(registration)).inserted {
        if let defect = registration.defect {
          problems.append(
            GraphProblem(
              defect.code, key: registration.key, path: [registration.key],
              summary: defect.summary, details: [place()], hint: defect.hint))
        } else if registration.wasSeenMakingUnkeepableValue {
          problems.append(
            GraphProblem(
              .lifetimeMismatch, key: registration.key, path: [registration.key],
              summary: "\(registration.key) has the weak lifetime, but its factory was seen"
                + " returning a value, not an object",
              details: [place()],
              hint: "register \(registration.key) with another lifetime (a weak reference can only"
                + " hold an object), or return a class instance."))
        }
      }
      if let builder = lookup.builder, let extras = registration.extras,
        let chosen = extras.chosenAlternative(in: builder),
        extras.alternatives[chosen].isUnimplemented, builder.issueReporter == nil,
        unimplemented.insert(registration.key).inserted
      {
        let context = extras.alternatives[chosen].context
        let error = ResolutionError.unimplemented(
          registration.key, in: context, chain: [registration.key], location: CodeLocation())
        problems.append(
          GraphProblem(
            .unimplemented, key: registration.key, path: [registration.key],
            summary: "\(registration.key) is unimplemented in the \(context) context, which is"
              + " active where it is made",
            details: [place()], hint: error.hint))
      }
    }
    return problems
  }

  /// The problem of a registration whose `parts` declare no dependencies and have not run, under
  /// ``ValidationReport/Strictness/strict``.
  private static func undeclaredEdges(_ key: DependencyKey, parts: UndeclaredParts)
    -> GraphProblem
  {
    if parts.contains(.factory) {
      return GraphProblem(
        .undeclaredEdges, key: key, path: [key],
        summary: "the edges of \(key) are unknown: its closure factory declares no dependencies"
          + " and has not run",
        details: [],
        hint: "declare what the factory resolves with `dependencies:`, register an auto-wired"
          + " initializer instead, or resolve \(key) once before validating.")
    }
    let (what, declare) =
      switch (parts.contains(.decorator), parts.contains(.completion)) {
      case (true, true):
        (
          "its decorator and its completion declare no dependencies and have not run",
          "`decorated(dependencies:)` and `onCreated(dependencies:)`"
        )
      case (true, false):
        ("its decorator declares no dependencies and has not run", "`decorated(dependencies:)`")
      default:
        ("its completion declares no dependencies and has not run", "`onCreated(dependencies:)`")
      }
    return GraphProblem(
      .undeclaredEdges, key: key, path: [key],
      summary: "the edges of \(key) are unknown: \(what)", details: [],
      hint: "declare what it resolves with \(declare) ([] for none), or resolve \(key) once"
        + " before validating.")
  }

  /// Resolves every registration this container sees, each in a throwaway isolated child, and
  /// reports every failure: a check that runs the factories, for what ``validate(_:)`` cannot
  /// see.
  ///
  /// Each key is resolved as `tryResolveAsync` would (so asynchronous and main-actor
  /// registrations are awaited) in a new isolated child, so this container's caches are not
  /// touched and one failure does not hide another. The factories do run, with whatever side
  /// effects they have; instances of the `.once` lifetime are process-wide and are made for real.
  /// A key whose lifetime needs a scope that is not current (a flow) fails with
  /// ``ResolutionError/Code/scopeRequired`` and is reported as such.
  ///
  /// ```swift
  /// let report = await container.validateByResolving()
  /// for problem in report.problems { print(problem) }
  /// ```
  ///
  /// - Parameter isolation: The caller's isolation.
  /// - Returns: A report with one ``GraphProblem/Code/resolutionFailed`` problem per key that did
  ///   not resolve, carrying what its factory threw (`Underlying error:`).
  public func validateByResolving(isolation: isolated (any Actor)? = #isolation) async
    -> ValidationReport
  {
    var problems: [GraphProblem] = []
    for node in graph.nodes {
      let sandbox = makeIsolatedChild()
      do {
        _ = try await sandbox._resolveErased(node.key)
      } catch {
        var details = error.chain.count > 1 ? ["Resolved via: \(error.path)"] : []
        if let underlying = error.underlying {
          details.append("Underlying error: \(String(describing: underlying))")
        }
        problems.append(
          GraphProblem(
            .resolutionFailed, key: node.key, path: error.chain,
            summary: "resolving \(node.key) failed: \(error.summary)", details: details,
            hint: error.hint))
      }
    }
    return ValidationReport(problems)
  }
}
