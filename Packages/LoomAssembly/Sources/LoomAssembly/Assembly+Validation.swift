@_spi(LoomInternals) public import Loom

extension Assembly {
  /// Checks this assembly alone: installs it and its requirements into a new container, treats
  /// their ``expectedKeys`` as registered, and validates the dependency graph.
  ///
  /// A feature team can check its module without the whole app: every dependency that the
  /// assembly and its requirements neither register nor expect is reported as missing, along with
  /// cycles, captive lifetimes and synchronous dependencies on async registrations (see
  /// `DependencyGraph.validate()`). An expected key stands for a registration made outside, one
  /// container up, whose lifetime is unknown: it satisfies the keys that need it and takes part
  /// in no other check.
  ///
  /// The graph knows the dependencies of auto-wired initializers (`Singleton(Cache.self,
  /// Cache.init)`) and those declared with `dependencies:`; a closure factory's dependencies are
  /// only known once it has run, and nothing runs here. Features the assembly declares are not
  /// checked: validate their assemblies on their own.
  ///
  /// ```swift
  /// struct CheckoutAssembly: Assembly {
  ///   var requirements: [any Assembly] { PaymentsAssembly() }
  ///   var expectedKeys: [DependencyKey] { [DependencyKey(HTTPClient.self)] }
  ///   var registrations: Registrations {
  ///     Transient(CheckoutModel.self, CheckoutModel.init)  // init(payments:, http:)
  ///   }
  /// }
  ///
  /// @Test func checkoutIsWiredCompletely() throws {
  ///   try CheckoutAssembly().validate().throwIfInvalid()
  /// }
  /// ```
  ///
  /// - Returns: The report of the assembly's graph.
  public func validate() -> ValidationReport {
    let container = Container()
    var installation = Installation(into: container)
    installation.install([self])
    let graph = container.graph
    let registered = Set(graph.nodes.map(\.key))
    // Only this assembly's own expectations are made outside; a requirement's expectation must be
    // met here: registered by this assembly or another requirement, or expected in turn.
    let own = Set(expectedKeys)
    let placeholders = own.subtracting(registered).sorted { $0.description < $1.description }
      .map { DependencyGraph.Node($0, containerDepth: 1) }  // one container up
    var unmet: [DependencyKey: [String]] = [:]
    for assembly in installation.installed
    where AssemblyIdentity(assembly) != AssemblyIdentity(self) {
      for key in assembly.expectedKeys
      where !registered.contains(key) && !own.contains(key)
        && unmet[key]?.contains(assembly.name) != true
      {
        unmet[key, default: []].append(assembly.name)
      }
    }
    let report = DependencyGraph(graph.nodes + placeholders, edges: graph.edges).validate()
    guard !unmet.isEmpty else { return report }
    // A requirement's unmet expectation is a missing key, reported once, whether something
    // depends on it or not, with who expects it and how to meet it.
    var problems: [GraphProblem] = []
    for problem in report.problems {
      guard problem.code == .missing, let expecting = unmet.removeValue(forKey: problem.key) else {
        problems.append(problem)
        continue
      }
      problems.append(unmetExpectation(problem.key, of: expecting, base: problem))
    }
    let rest = unmet.keys.sorted { $0.description < $1.description }
    return ValidationReport(
      problems + rest.map { unmetExpectation($0, of: unmet[$0]!, base: nil) })
  }

  /// The problem of a requirement's expectation that this assembly leaves open: `base`, the
  /// graph's missing problem for the key when something depends on it, with who expects it.
  private func unmetExpectation(
    _ key: DependencyKey, of requirements: [String], base: GraphProblem?
  ) -> GraphProblem {
    let who = requirements.joined(separator: ", ")
    let verb = requirements.count == 1 ? "expects" : "expect"
    return GraphProblem(
      .missing, key: key, path: base?.path ?? [key], neededBy: base?.neededBy ?? [],
      summary: "no registration for \(key)",
      details: (base?.details ?? []) + ["Expected by: \(who), which \(name) requires"],
      hint: "\(who) \(verb) \(key) from outside: register it in \(name), or add it to"
        + " \(name)'s expectedKeys so that the app provides it.")
  }
}
