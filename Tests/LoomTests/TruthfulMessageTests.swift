import Testing

@testable import Loom

/// A log sink a decorator resolves (never registered here).
final class LogSink: Sendable {
  init() {}
}

/// A service decorated with what it logs to.
final class Service: Sendable {
  init() {}
}

/// What a `.once` holder holds.
final class Held: Sendable {
  init() {}
}

/// A `.once` registration that holds a `Held`.
final class Holder: Sendable {
  let held: Held
  init(held: Held) { self.held = held }
}

/// A graph-lifetime step between a singleton and what it ends up holding.
final class Step: Sendable {
  init() {}
}

extension Container {
  /// A value type declared with the weak lifetime.
  fileprivate var weakConfig: Dependency<Config> {
    Dependency(.weak, dependencies: []) { _ in Config(label: "weak") }
  }

  /// A key path whose value is missing in one context.
  fileprivate var stagingOnlyToken: Dependency<Token> {
    Dependency(.singleton, dependencies: []) { _ in Token() }
      .unimplemented(in: Container.Context("messages-staging"))
  }

  /// A key path whose default resolves a log sink, which nothing registers here.
  fileprivate var loggingService: Dependency<Service> {
    Dependency(dependencies: [DependencyKey(LogSink.self)]) { r in
      _ = try r.tryResolve(LogSink.self)
      return Service()
    }
  }

  /// A key path declared with no lifetime, auto-wired.
  fileprivate var defaultedDatabase: Dependency<Database> {
    Dependency(dependencies: []) { _ in Database() }
  }
}

/// Each message that `validate()`, `validateByResolving()`, `bootstrap()` and registering give
/// about a feature, pinned word for word: what they say must be what resolution meets.
@Suite struct TruthfulMessageTests {
  // MARK: - Start-up tasks

  @Test func startUpTasksThatWaitForEachOtherNameTheWholeCycle() async throws {
    let container = Container()
    container.addStartupTask("ping", after: ["pong"], fileID: "App/Setup.swift", line: 3) { _ in }
    container.addStartupTask("pong", after: ["ping"], fileID: "App/Setup.swift", line: 4) { _ in }
    container.addStartupTask("third", after: ["pong"], fileID: "App/Setup.swift", line: 5) { _ in }

    let error = try await #require(throws: BootstrapError.self) { try await container.bootstrap() }
    #expect(
      error.description == """
        BootstrapError: 3 start-up items failed
        ├─ ping: failed
        │     start-up task "ping" waits for start-up tasks that wait for it in a cycle: "ping" → "pong" → "ping"
        │     ├─ Added at: App/Setup.swift:3
        │     └─ To fix: remove one of these names from the `after:` of the task that lists it.
        ├─ pong: failed
        │     start-up task "pong" waits for start-up tasks that wait for it in a cycle: "pong" → "ping" → "pong"
        │     ├─ Added at: App/Setup.swift:4
        │     └─ To fix: remove one of these names from the `after:` of the task that lists it.
        ├─ third: skipped because pong failed
        └─ To fix: fix the failures above; bootstrap() again builds what is still missing \
        (start-up tasks not made with runsOncePerProcess run again).
        """)

    // validate() shows the same cycle, whole, before anything runs.
    #expect(
      container.validate().description == """
        ValidationReport: 1 problem

        [cycle] start-up tasks wait for each other in a cycle: "ping" → "pong" → "ping"
        ├─ start-up task "ping" at App/Setup.swift:3
        ├─ start-up task "pong" at App/Setup.swift:4
        └─ To fix: remove one of these names from the `after:` of the task that lists it.
        """)
  }

  @Test func aStartUpTaskThatWaitsForItselfSaysSo() async throws {
    let container = Container()
    container.addStartupTask("loop", after: ["loop"], fileID: "App/Setup.swift", line: 3) { _ in }
    let error = try await #require(throws: BootstrapError.self) { try await container.bootstrap() }
    #expect(
      String(describing: try #require(error.failures.first?.error)) == """
        start-up task "loop" waits for itself in a cycle: "loop" → "loop"
        ├─ Added at: App/Setup.swift:3
        └─ To fix: remove one of these names from the `after:` of the task that lists it.
        """)
    #expect(
      container.validate().problems.map(\.summary) == [#"start-up task "loop" waits for itself"#])
  }

  @Test func validateReportsWhatAStartUpTaskNeedsAndWaitsFor() {
    let container = Container()
    container.addStartupTask(
      "warm", dependencies: [DependencyKey(Database.self)], after: ["open"],
      fileID: "App/Setup.swift", line: 7
    ) { r in _ = try r.tryResolve(Database.self) }
    #expect(
      container.validate().description == """
        ValidationReport: 2 problems

        [missing] no registration for Database
        ├─ Needed by: start-up task "warm" at App/Setup.swift:7
        ├─ Path: start-up task "warm" → Database
        └─ To fix: register Database, or declare it as a key-path dependency with a default factory.

        [missing] no start-up task "open" in this container
        ├─ Needed by: start-up task "warm" at App/Setup.swift:7
        ├─ Path: start-up task "warm" → start-up task "open"
        └─ To fix: add a start-up task named "open" to this container, or remove "open" from `after:`.
        """)
  }

  @Test func eagerSingletonsInACycleNameTheWholeCycle() async throws {
    let container = Container()
    container.register(
      CycleA.self, lifetime: .eagerSingleton, dependencies: [DependencyKey(CycleB.self)],
      fileID: "App/Wiring.swift", line: 3
    ) { r in
      _ = try r.tryResolve(CycleB.self)
      return CycleA()
    }
    container.register(
      CycleB.self, lifetime: .eagerSingleton, dependencies: [DependencyKey(CycleA.self)],
      fileID: "App/Wiring.swift", line: 4
    ) { r in
      _ = try r.tryResolve(CycleA.self)
      return CycleB()
    }
    let error = try await #require(throws: BootstrapError.self) { try await container.bootstrap() }
    let first = try #require(error.failures.first?.error as? ResolutionError)
    #expect(
      first.summary == "eager singletons depend on each other in a cycle: CycleA → CycleB → CycleA")
    #expect(
      first.hint
        == "break the cycle (a Lazy or Provider dependency is not waited for);"
        + " `container.validate()` reports it with where each registration is made.")
    #expect(container.validate().problems.map(\.code) == [.cycle])
  }

  @Test func aSkipFollowsTheChainToTheFailureThatCausedIt() async throws {
    let container = Container()
    container.addStartupTask("first") { _ in throw DiskFull() }
    container.addStartupTask("second", after: ["first"]) { _ in }
    container.addStartupTask("third", after: ["second"]) { _ in }
    let error = try await #require(throws: BootstrapError.self) { try await container.bootstrap() }
    #expect(
      error.failures.map(\.description) == [
        "first: failed\n     disk is full",
        "second: skipped because first failed",
        "third: skipped because first failed (through second)",
      ])
    #expect(error.failures[2].skippedBecause == ["first"])
    #expect(error.failures[2].skippedThrough == ["second"])
  }

  // MARK: - validateByResolving

  @Test func validateByResolvingCarriesWhatTheFactoryThrew() async {
    let container = Container()
    container.register(Database.self, fileID: "App/Wiring.swift", line: 8) { _ in
      throw DiskFull()
    }
    container.register(UserService.self, fileID: "App/Wiring.swift", line: 9) { r in
      UserService(database: try r.tryResolve())
    }
    let report = await container.validateByResolving()
    #expect(
      report.description == """
        ValidationReport: 2 problems

        [resolutionFailed] resolving Database failed: the factory of Database threw
        ├─ Underlying error: disk is full
        └─ To fix: fix the failure reported by the factory registered at App/Wiring.swift:8.

        [resolutionFailed] resolving UserService failed: the factory of Database threw
        ├─ Resolved via: UserService → Database
        ├─ Underlying error: disk is full
        └─ To fix: fix the failure reported by the factory registered at App/Wiring.swift:8.
        """)
  }

  // MARK: - Duplicates

  @Test func aDuplicateRegistrationNamesTheModulesOfBothSides() throws {
    let container = Container(overridePolicy: .forbid)
    Container.withRegistrationOrigin("NetworkAssembly") {
      container.register(Database.self, fileID: "Network/Wiring.swift", line: 4) { _ in
        Database()
      }
    }
    let error = try #require(throws: ResolutionError.self) {
      try Container.withRegistrationOrigin("StorageAssembly") {
        try container.tryRegistering { c in
          c.register(Database.self, fileID: "Storage/Wiring.swift", line: 9) { _ in Database() }
        }
      }
    }
    #expect(
      error.description == """
        ResolutionError: Database is registered twice in a container that forbids overrides
        ├─ Registered first at: Network/Wiring.swift:4 (from NetworkAssembly)
        ├─ Registered again at: Storage/Wiring.swift:9 (from StorageAssembly)
        └─ To fix: remove one of the registrations, make the second inside `container.replacing { }`, or make the container with overridePolicy: .replace.
        """)
  }

  // MARK: - Keys

  @Test func aKeyMadeFromAKeyPathReadsAsItsProperty() {
    #expect(DependencyKey(\Container.api).description == #"\.api"#)
    #expect(DependencyKey(\Container.requestToken).description == #"\.requestToken"#)
  }

  // MARK: - Decorators and completions

  @Test func aDecoratorsDeclaredResolvesAreCheckedLikeTheFactorys() {
    let container = Container()
    container.register(lifetime: .singleton, fileID: "App/Wiring.swift", line: 3, Service.init)
      .decorated(dependencies: [DependencyKey(LogSink.self)]) { r, service in
        _ = try r.tryResolve(LogSink.self)
        return service
      }
    #expect(
      container.validate().description == """
        ValidationReport: 1 problem

        [missing] no registration for LogSink
        ├─ Needed by: Service (singleton) at App/Wiring.swift:3
        ├─ Path: Service → LogSink
        └─ To fix: register LogSink, or declare it as a key-path dependency with a default factory.
        """)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Service.self) }
  }

  @Test func decoratorsAndCompletionsThatDeclareNothingAreNotSeenUntilTheyRun() throws {
    let container = Container()
    container.register(lifetime: .singleton, fileID: "App/Wiring.swift", line: 3, Service.init)
      .decorated { r, service in
        _ = try r.tryResolve(LogSink.self)
        return service
      }
    container.register(
      Parent.self, dependencies: [], fileID: "App/Wiring.swift", line: 7
    ) { _ in Parent() }
    .onCreated { r, parent in parent.adopt(try r.tryResolve(Child.self)) }
    container.register(Child.init)

    #expect(
      container.validate().description == """
        ValidationReport: no problems

        Not seen: what 2 decorators or completions resolve, as they declare no dependencies: and \
        have not run: Parent (onCreated), Service (decorated). Pass dependencies: to them ([] for \
        none), or resolve their registrations once, for a complete check.
        """)
    #expect(
      container.validate(.strict).description == """
        ValidationReport: 2 problems

        [undeclaredEdges] the edges of Parent are unknown: its completion declares no dependencies and has not run
        └─ To fix: declare what it resolves with `onCreated(dependencies:)` ([] for none), or resolve Parent once before validating.

        [undeclaredEdges] the edges of Service are unknown: its decorator declares no dependencies and has not run
        └─ To fix: declare what it resolves with `decorated(dependencies:)` ([] for none), or resolve Service once before validating.
        """)

    // Once they have run, what they resolved is known: the transient parent's completion makes a
    // child that makes a parent, a cycle; the decorator needs what nobody registers.
    #expect(throws: ResolutionError.self) { try container.tryResolve(Parent.self) }
    #expect(throws: ResolutionError.self) { try container.tryResolve(Service.self) }
    let report = container.validate()
    #expect(
      report.problems.map(\.summary) == [
        "no registration for LogSink", "dependency cycle: Child → Parent → Child",
      ])
    #expect(
      container.graph.edges(from: DependencyKey(Parent.self)).map(\.description) == [
        "Parent → Child (observed, after creation)"
      ])
  }

  @Test func aTransientParentWhoseCompletionMakesItsChildIsACycleValidateSees() {
    let container = Container()
    container.register(
      Parent.self, dependencies: [], fileID: "App/Wiring.swift", line: 3
    ) { _ in Parent() }
    .onCreated(dependencies: [DependencyKey(Child.self)]) { r, parent in
      parent.adopt(try r.tryResolve(Child.self))
    }
    container.register(fileID: "App/Wiring.swift", line: 6, Child.init)
    #expect(
      container.validate(.strict).problems.map(\.summary) == [
        "dependency cycle: Child → Parent → Child"
      ])
    #expect(throws: ResolutionError.self) { try container.tryResolve(Parent.self) }
  }

  @Test func transientsWhoseCompletionsMakeEachOtherAreACycleNotAnEndlessResolve() throws {
    let container = Container()
    container.register(Service.self, lifetime: .transient, dependencies: []) { _ in Service() }
      .onCreated(dependencies: [DependencyKey(LogSink.self)]) { r, _ in
        _ = try r.tryResolve(LogSink.self)
      }
    container.register(LogSink.self, lifetime: .transient, dependencies: []) { _ in LogSink() }
      .onCreated(dependencies: [DependencyKey(Service.self)]) { r, _ in
        _ = try r.tryResolve(Service.self)
      }
    #expect(
      container.validate().problems.map(\.summary) == [
        "dependency cycle: LogSink → Service → LogSink"
      ])
    // Each completion makes a new instance of the other, whose completion runs in turn.
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Service.self)
    }
    #expect(error.code == .cycle)
    #expect(error.summary == "dependency cycle: Service → LogSink → Service")
  }

  // MARK: - Lifetimes that cannot keep a value

  @Test func aWeakValueTypeDeclaredByAKeyPathIsAMismatch() {
    let container = Container()
    container.declare(\.weakConfig)
    #expect(
      container.validate().problems.map(\.summary) == [
        #"\.weakConfig has the weak lifetime, but is a value type, not a class"#
      ])
  }

  /// Factory's `.shared` of an optional: the optional is a value type, so the hint names the
  /// class it wraps (which can be weak) rather than asking to make `Optional` a class.
  @Test func aWeakOptionalOfAClassIsAMismatchWhoseHintNamesTheWrappedClass() throws {
    let container = Container()
    let (_, warnings) = collectingRegistrationWarnings {
      container.register(LogSink?.self, lifetime: .weak, dependencies: []) { _ in LogSink() }
    }
    #if DEBUG
      #expect(warnings.count == 1)
      #expect(warnings.first?.contains("register LogSink itself with the weak lifetime") == true)
    #endif
    let problem = try #require(container.validate().problems.first)
    #expect(problem.code == .lifetimeMismatch)
    #expect(
      problem.summary == "Optional<LogSink> has the weak lifetime, but is an Optional, a value type"
    )
    #expect(
      problem.hint
        == "register LogSink itself with the weak lifetime and read it as an optional with"
        + " `resolveIfRegistered(LogSink.self)`, or register Optional<LogSink> with another"
        + " lifetime.")
  }

  @Test func aWeakRegistrationSeenMakingAValueIsAMismatchFromThenOn() {
    let container = Container()
    container.register(
      (any APIClient).self, lifetime: .weak, dependencies: [], fileID: "App/Wiring.swift", line: 3
    ) { _ in StubValueClient() }
    // The registered type does not tell: a class may conform.
    #expect(container.validate().isValid)
    #expect(throws: ResolutionError.self) { try container.tryResolve((any APIClient).self) }
    #expect(
      container.validate().description == """
        ValidationReport: 1 problem

        [lifetimeMismatch] any APIClient has the weak lifetime, but its factory was seen returning a value, not an object
        ├─ any APIClient (weak) at App/Wiring.swift:3
        └─ To fix: register any APIClient with another lifetime (a weak reference can only hold an object), or return a class instance.
        """)
  }

  // MARK: - Captive lifetimes

  @Test func onceOverASingletonIsCaptiveWhetherOrNotTheSingletonWasBuilt() throws {
    for builtFirst in [false, true] {
      let container = Container(
        parent: Container(), overridePolicy: .replace, isolatesInstances: false,
        onceInstances: OnceInstances())
      container.register(lifetime: .singleton, Held.init)
      container.register(Holder.self, lifetime: .once, dependencies: [DependencyKey(Held.self)]) {
        r in Holder(held: try r.tryResolve(Held.self))
      }
      if builtFirst { _ = try container.tryResolve(Held.self) }
      let error = try #require(throws: ResolutionError.self) {
        try container.tryResolve(Holder.self)
      }
      #expect(error.code == .captiveDependency, "built first: \(builtFirst)")
      #expect(container.validate().problems.map(\.code) == [.captive])
    }
  }

  @Test func aCaptivePairIsReportedWhateverElseItsGroupContains() {
    let container = Container()
    // Service (singleton) → Step (graph) ⇄ Token (graph), and Token → Widget (weak).
    container.register(
      Service.self, lifetime: .singleton, dependencies: [DependencyKey(Step.self)]
    ) { r in
      _ = try r.tryResolve(Step.self)
      return Service()
    }
    container.register(Step.self, lifetime: .graph, dependencies: [DependencyKey(Token.self)]) {
      r in
      _ = try r.tryResolve(Token.self)
      return Step()
    }
    container.register(
      Token.self, lifetime: .graph,
      dependencies: [DependencyKey(Step.self), DependencyKey(Widget.self)]
    ) { r in
      _ = try r.tryResolve(Step.self)
      _ = try r.tryResolve(Widget.self)
      return Token()
    }
    container.register(lifetime: .weak, Widget.init)
    #expect(
      container.validate().problems.map(\.summary) == [
        "dependency cycle: Step → Token → Step",
        "Service (singleton) holds Widget (weak) captive through Step → Token",
      ])
  }

  // MARK: - Contexts

  @Test func anUnimplementedValueWhereItIsMadeIsAProblem() {
    let container = Container()
    container.contexts.insert(Container.Context("messages-staging"))
    container.declare(\.stagingOnlyToken)
    let report = container.validate()
    #expect(report.problems.map(\.code) == [.unimplemented])
    #expect(
      report.problems.first?.summary
        == #"\.stagingOnlyToken is unimplemented in the messages-staging context, which is"#
        + " active where it is made")
    #expect(throws: ResolutionError.self) { try container.tryResolve(\.stagingOnlyToken) }
  }

  // MARK: - Defaults

  @Test func aKeyPathsDefaultIsCheckedBeforeItsFirstUse() {
    // Named by a registration, or declared: either way validate() sees the default's edges.
    let named = Container()
    named.register(Held.self, dependencies: [DependencyKey(\Container.loggingService)]) { r in
      _ = try r.tryResolve(\.loggingService)
      return Held()
    }
    let declared = Container()
    declared.declare(\.loggingService)
    for container in [named, declared] {
      #expect(container.validate().problems.map(\.summary) == ["no registration for LogSink"])
      #expect(throws: ResolutionError.self) { try container.tryResolve(\.loggingService) }
    }
  }

  @Test func everySpellingWithoutALifetimeTakesTheContainersDefault() throws {
    let container = Container()
    container.defaultLifetime = .singleton
    container.register((any APIClient).self, implementedBy: LiveAPIClient.init)
    container.install(DiscoveredBinding(Clock.self, implementation: Clock.self) { _ in Clock() })
    let graph = container.graph
    #expect(graph.node(for: DependencyKey((any APIClient).self))?.lifetime == .singleton)
    #expect(graph.node(for: DependencyKey(Clock.self))?.lifetime == .singleton)
    #expect(
      try container.tryResolve(\.defaultedDatabase) === container.tryResolve(\.defaultedDatabase))
  }

  @Test func installingBindingsTwiceKeepsWhatIsThere() throws {
    let container = Container()
    let bindings = [
      DiscoveredBinding(Database.self, implementation: Database.self, lifetime: .singleton) { _ in
        Database(label: "bound")
      }
    ]
    try container.install(bindings)
    let first = try container.tryResolve(Database.self)
    try container.install(bindings)
    #expect(try container.tryResolve(Database.self) === first)
    container.register(Database.self) { _ in Database(label: "mock") }
    try container.install(bindings)
    #expect(try container.tryResolve(Database.self).label == "mock")
  }

  @Test func replacingMayBeIgnored() {
    let container = Container(overridePolicy: .forbid)
    container.register(Database.self) { _ in Database() }
    // Compiles without a warning: the registration handle `replacing` returns may be ignored.
    container.replacing { c in c.register(Database.self) { _ in Database(label: "replaced") } }
    #expect(container.resolve(Database.self).label == "replaced")
  }
}

/// A value type conforming to a protocol a class may conform to.
struct StubValueClient: APIClient {
  var label: String { "value" }
}
