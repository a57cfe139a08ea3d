import Testing

@testable import Loom

/// `validate()` against resolution itself: for generated container lineages, "no problems" must
/// mean that every key resolves (and every provider it holds can be used), and a reported problem
/// that something does not.
@Suite struct ValidationTruthTests {
  /// The value of every generated registration: what it was built with.
  final class Node: Sendable {
    /// The container whose resolver built it.
    let builtIn: ObjectIdentifier
    let name: String
    let children: [Node]
    let providers: [Provider<Node>]

    init(builtIn: Container, name: String, children: [Node], providers: [Provider<Node>]) {
      self.builtIn = ObjectIdentifier(builtIn)
      self.name = name
      self.children = children
      self.providers = providers
    }
  }

  // NB: no `.once`: its instances are per declaration for the whole process, and every generated
  // registration is the same declaration, so one test's instance would serve another's.
  static let lifetimes: [Lifetime] = [
    .transient, .transient, .transient, .transient, .singleton, .singleton, .singleton, .weak,
    .graph, .testSession,
  ]

  /// A lineage of one to three containers (a child may isolate its instances), each registering
  /// some of the names `v0`…`v7` with a random lifetime, whose factories resolve the names they
  /// declare (a few through a `Provider`), or now and then with a runtime argument. Returns the
  /// containers, root first.
  static func generate(seed: UInt64) -> [Container] {
    var random = SplitMix64(seed: seed)
    var lineage = [Container()]
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      let parent = lineage.last!
      lineage.append(
        Bool.random(using: &random) && Int.random(in: 0..<3, using: &random) == 0
          ? parent.makeIsolatedChild() : parent.makeChild())
    }
    let density = [0.06, 0.12, 0.2][Int.random(in: 0..<3, using: &random)]
    // Two lineages in three only depend on lower names (no cycles among names).
    let acyclic = seed % 3 != 0
    for container in lineage {
      for name in 0..<8 where Double.random(in: 0..<1, using: &random) < 0.55 {
        let lifetime = lifetimes[Int.random(in: 0..<lifetimes.count, using: &random)]
        var plain: [String] = []
        var deferred: [String] = []
        for other in 0..<(acyclic ? name : 8)
        where Double.random(in: 0..<1, using: &random) < density {
          if Double.random(in: 0..<1, using: &random) < 0.15 {
            deferred.append("v\(other)")
          } else {
            plain.append("v\(other)")
          }
        }
        // Now and then a dependency on `v8`, which is never registered.
        if Double.random(in: 0..<1, using: &random) < 0.03 { plain.append("v8") }
        // Now and then a registration that takes a runtime argument: it resolves nothing, and a
        // registration that depends on it can never pass the argument.
        if Double.random(in: 0..<1, using: &random) < 0.05 {
          container.register(Node.self, name: "v\(name)") { (r, _: Int) in
            Node(builtIn: r.container, name: "v\(name)", children: [], providers: [])
          }
          continue
        }
        let keys =
          plain.map { DependencyKey(Node.self, name: $0) }
          + deferred.map { DependencyKey(Provider<Node>.self, name: $0) }
        container.register(
          Node.self, name: "v\(name)", lifetime: lifetime, dependencies: keys
        ) { [plain, deferred] r in
          Node(
            builtIn: r.container, name: "v\(name)",
            children: try plain.map { try r.tryResolve(Node.self, name: $0) },
            providers: try deferred.map { try r.tryResolve(Provider<Node>.self, name: $0) })
        }
      }
    }
    return lineage
  }

  /// The names registered anywhere in `container`'s lineage.
  static func names(seenBy container: Container) -> [String] {
    var names: Set<String> = []
    var current: Container? = container
    while let step = current {
      for entry in step.entries { if let name = entry.registration.key.name { names.insert(name) } }
      current = step.parent
    }
    return names.sorted()
  }

  /// Uses every provider in the instances under `node` (each registration, as built in each
  /// container, once), and records what fails.
  static func useProviders(
    under node: Node, visited: inout Set<String>, failures: inout [String]
  ) {
    guard visited.insert("\(node.name)@\(node.builtIn.hashValue)").inserted else { return }
    for child in node.children {
      useProviders(under: child, visited: &visited, failures: &failures)
    }
    for provider in node.providers {
      do {
        let provided = try provider.get()
        useProviders(under: provided, visited: &visited, failures: &failures)
      } catch {
        failures.append("a provider in \(node.name): \(error.summary)")
      }
    }
  }

  /// Whether validating and resolving `lineage`'s deepest container agree; the disagreement
  /// when they do not.
  static func disagreement(_ lineage: [Container], validate: (Container) -> ValidationReport)
    -> (isValid: Bool, disagreement: String?)
  {
    // Validate the deepest container (the one an app's feature or test would hold).
    let container = lineage.last!
    let report = validate(container)
    var failures: [String] = []
    var visited: Set<String> = []
    for name in names(seenBy: container) {
      do {
        // A registration with a runtime argument is resolved with one, as its app would.
        let takesArgument =
          container.lineageEntry(for: DependencyKey(Node.self, name: name))?.entry.registration
          .argumentTypes != nil
        let node =
          takesArgument
          ? try container.tryResolve(Node.self, name: name, arguments: 0)
          : try container.tryResolve(Node.self, name: name)
        useProviders(under: node, visited: &visited, failures: &failures)
      } catch {
        failures.append("\(name): \(error.summary)")
      }
    }
    guard report.isValid != failures.isEmpty else { return (report.isValid, nil) }
    let said = report.isValid ? "no problems" : "\(report.problems.map(\.summary))"
    return (report.isValid, "validate said \(said); what failed: \(failures)")
  }

  @Test func validateSaysNoProblemsExactlyWhenEveryKeyResolves() {
    var verdicts = (valid: 0, invalid: 0)
    for seed in 0..<400 {
      let lineage = Self.generate(seed: UInt64(seed) &* 7919 &+ 17)
      let (isValid, disagreement) = Self.disagreement(lineage) { $0.validate() }
      if isValid { verdicts.valid += 1 } else { verdicts.invalid += 1 }
      #expect(disagreement == nil, "seed \(seed): \(disagreement ?? "")")
    }
    // Both verdicts are common, so the agreement says something.
    #expect(verdicts.valid >= 80, "\(verdicts)")
    #expect(verdicts.invalid >= 80, "\(verdicts)")
  }

  @Test func theWholeGraphWithoutResolutionRulesDisagreesOnSomeLineages() {
    // The check above can fail: validating the merged graph, as `validate()` once did, ignores
    // where singletons are built and gets some of these lineages wrong.
    let wrong = (0..<400).filter { seed in
      let lineage = Self.generate(seed: UInt64(seed) &* 7919 &+ 17)
      return Self.disagreement(lineage) { $0.graph.validate() }.disagreement != nil
    }
    #expect(wrong.count >= 10, "\(wrong.count) lineages")
  }
}
