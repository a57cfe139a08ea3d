public import Loom

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
    var expected: Set<DependencyKey> = []
    var placeholders: [DependencyGraph.Node] = []
    for assembly in installation.installed {
      for key in assembly.expectedKeys where expected.insert(key).inserted {
        // One container up: made outside. A real registration of the key, at depth 0, wins.
        placeholders.append(DependencyGraph.Node(key: key, containerDepth: 1))
      }
    }
    return DependencyGraph(nodes: graph.nodes + placeholders, edges: graph.edges).validate()
  }
}
