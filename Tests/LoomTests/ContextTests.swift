import Testing

@_spi(Testing) @_spi(LoomInternals) @testable import Loom

extension Container.Context {
  fileprivate static let staging = Container.Context("staging")
}

extension Container {
  /// A declaration with a value for each context.
  fileprivate var greeting: Dependency<Greeting> {
    Dependency(.singleton) { _ in Greeting(word: "live") }
      .when(.test) { _ in Greeting(word: "test") }
      .when(.preview) { _ in Greeting(word: "preview") }
      .when(.argument("-loom-greeting-argument")) { _ in Greeting(word: "argument") }
      .when(.staging) { _ in Greeting(word: "staging") }
      .when(.debug) { _ in Greeting(word: "debug") }
  }

  /// A declaration whose test value is auto-wired, to see the edges each context shows.
  fileprivate var edgeProbe: Dependency<ContextProbe> {
    Dependency(ContextProbe.init(database:))
      .when(.test, ContextProbe.init(clock:))
  }

  /// A declaration a test must replace.
  fileprivate var payments: Dependency<Greeting> {
    Dependency(.singleton) { _ in Greeting(word: "live payments") }
      .unimplemented(in: .test)
  }

  /// A declaration a test must replace, with a placeholder to go on with.
  fileprivate var mailer: Dependency<Greeting> {
    Dependency { _ in Greeting(word: "live mailer") }
      .unimplemented(in: .test, placeholder: { _ in Greeting(word: "placeholder") })
  }
}

extension Container {
  /// A transient declaration with no alternatives, for alternatives added on a container (Factory's
  /// `externalContextService`).
  fileprivate var contextService: Dependency<Greeting> {
    Dependency { _ in Greeting(word: "factory") }
  }

  /// A declaration with an alternative of its own (Factory's `internalContextService`).
  fileprivate var internalContextService: Dependency<Greeting> {
    Dependency { _ in Greeting(word: "factory") }
      .when(.debug) { _ in Greeting(word: "declared debug") }
  }

  /// A singleton declaration, to see what adding an alternative does to a kept instance.
  fileprivate var cachedContextService: Dependency<Greeting> {
    Dependency(.singleton) { _ in Greeting(word: "factory") }
  }

  /// A key declared without a default.
  fileprivate var requiredService: Dependency<Greeting> { Dependency(.singleton) }

  /// A transient made from a database, to see the edges of an added alternative.
  fileprivate var addedEdgeProbe: Dependency<ContextProbe> {
    Dependency(ContextProbe.init(database:))
  }
}

/// A value that says which factory made it.
final class Greeting: Sendable {
  let word: String
  init(word: String) { self.word = word }
}

/// Made from a database (live) or a clock (in tests).
struct ContextProbe: Sendable {
  init(database: Database) {}
  init(clock: Clock) {}
}

@Suite struct ContextTests {
  /// A root container with exactly `contexts` active.
  private func container(_ contexts: Set<Container.Context>) -> Container {
    let container = Container()
    container.contexts = contexts
    return container
  }

  @Test func theDefaultFactoryServesAContainerInNoDeclaredContext() throws {
    #expect(try container([]).tryResolve(\.greeting).word == "live")
  }

  @Test func eachContextGetsItsOwnValue() throws {
    let cases: [(Container.Context, String)] = [
      (.test, "test"), (.preview, "preview"), (.argument("-loom-greeting-argument"), "argument"),
      (.staging, "staging"), (.debug, "debug"),
    ]
    for (context, word) in cases {
      #expect(try container([context]).tryResolve(\.greeting).word == word)
    }
  }

  @Test func theActiveContextThatRanksFirstWins() throws {
    let all: Set<Container.Context> = [
      .debug, .staging, .preview, .test, .argument("-loom-greeting-argument"),
    ]
    #expect(try container(all).tryResolve(\.greeting).word == "argument")
    #expect(
      try container(all.subtracting([.argument("-loom-greeting-argument")]))
        .tryResolve(\.greeting).word == "test")
    #expect(try container([.debug, .staging, .preview]).tryResolve(\.greeting).word == "preview")
    #expect(try container([.debug, .staging]).tryResolve(\.greeting).word == "staging")
  }

  @Test func aRootContainerStartsWithTheProcessContextsAndAChildWithItsParents() {
    let root = Container()
    #if DEBUG
      #expect(root.contexts.contains(.debug))
    #endif
    #expect(!root.contexts.contains(.test))
    root.contexts.insert(.staging)
    let child = root.makeChild()
    #expect(child.contexts.contains(.staging))
    root.contexts.remove(.staging)
    #expect(child.contexts.contains(.staging))  // a copy, made with the child
  }

  @Test func anIsolatedChildInTheTestContextMakesItsOwnInstanceAndTheParentKeepsItsOwn() throws {
    let app = container([])
    let live = try app.tryResolve(\.greeting)
    let test = app.makeIsolatedChild()
    test.contexts.insert(.test)
    #expect(try test.tryResolve(\.greeting).word == "test")
    #expect(try app.tryResolve(\.greeting) === live)
  }

  @Test func aSingletonDefaultIsMadeByTheRootWithTheRootsContexts() throws {
    let app = container([])
    let child = app.makeChild()
    child.contexts.insert(.test)
    // The default lives in the root, which builds the singleton: a non-isolated child shares it.
    #expect(try child.tryResolve(\.greeting).word == "live")
  }

  @Test func aRegistrationReplacesTheDeclarationAndItsAlternatives() throws {
    let test = container([.test])
    test.register(\.greeting) { _ in Greeting(word: "registered") }
    #expect(try test.tryResolve(\.greeting).word == "registered")
  }

  @Test func theGraphShowsTheEdgesOfTheAlternativeThatApplies() {
    let live = container([])
    live.declare(\.edgeProbe)
    let liveEdges = live.graph.edges.map(\.to)
    #expect(liveEdges == [DependencyKey(Database.self)])
    #expect(live.validate().problems.map(\.key) == [DependencyKey(Database.self)])

    let test = container([.test])
    test.declare(\.edgeProbe)
    #expect(test.graph.edges.map(\.to) == [DependencyKey(Clock.self)])
    test.register(Clock.self) { _ in Clock() }
    #expect(test.validate().isValid)
  }

  @Test func anUnimplementedValueOutsideATestContainerFailsTheResolveNamingIt() {
    let test = container([.test])
    let error = #expect(throws: ResolutionError.self) { try test.tryResolve(\.payments) }
    #expect(error?.code == .unimplemented)
    #expect(error?.summary == "\\.payments is unimplemented in the test context")
    #expect(
      error?.hint
        == "register \\.payments in the test's container (`@Test(.container {"
        + " $0.register(\\.payments) { _ in ... } })`), or declare its value with `.when(.test) {"
        + " ... }`.")
  }

  @Test func anUnimplementedValueInATestContainerIsReportedAndTheResolveGoesOn() throws {
    let reported = Lock<[ResolutionError]>([])
    let app = container([])
    let test = app._makeTestContainer { error in reported.withLock { $0.append(error) } }
    #expect(try test.tryResolve(\.mailer).word == "placeholder")
    #expect(try test.tryResolve(\.payments).word == "live payments")
    let errors = reported.withLock { $0 }
    #expect(errors.map(\.key.description) == ["\\.mailer", "\\.payments"])
    #expect(errors.allSatisfy { $0.code == .unimplemented })
    // Outside the test's container the live value is served, and nothing is reported.
    #expect(try app.tryResolve(\.payments).word == "live payments")
    #expect(reported.withLock { $0.count } == 2)
  }

  @Test func anUnimplementedValueNamesTheChainThatReachedIt() {
    let test = container([.test])
    test.register(UserService.self) { r in
      _ = try r.tryResolve(\.payments)
      return UserService(database: Database())
    }
    let error = #expect(throws: ResolutionError.self) { try test.tryResolve(UserService.self) }
    #expect(error?.path == "UserService → \\.payments")
  }

  // MARK: - Contexts added on a container (Factory's `container.x.onTest { }`)

  /// Factory's context tests' set-up: a registration and three contexts added after it.
  private func externallyDefined(_ contexts: Set<Container.Context>) -> Container {
    let container = container(contexts)
    container.register(\.contextService) { _ in Greeting(word: "registered") }
    container.when(.preview, for: \.contextService) { _ in Greeting(word: "preview") }
    container.when(.test, for: \.contextService) { _ in Greeting(word: "test") }
    container.when(.argument("ARG"), for: \.contextService) { _ in Greeting(word: "arg") }
    return container
  }

  @Test func onTestAddedOnTheContainerOutranksARegistrationMadeBefore() throws {
    #expect(try externallyDefined([.test]).tryResolve(\.contextService).word == "test")
  }

  @Test func onTestAddedOnTheContainerOutranksARegistrationMadeAfter() throws {
    let test = container([.test])
    test.when(.test, for: \.contextService) { _ in Greeting(word: "test") }
    test.register(\.contextService) { _ in Greeting(word: "registered") }
    #expect(try test.tryResolve(\.contextService).word == "test")
    test.contexts = []
    #expect(try test.tryResolve(\.contextService).word == "registered")
  }

  @Test func withNoAddedContextActiveTheRegistrationServes() throws {
    // Factory's testNoPreviewNoTest and testUnmatchedArgument.
    #expect(try externallyDefined([]).tryResolve(\.contextService).word == "registered")
    #expect(
      try externallyDefined([.argument("ARG2"), .debug]).tryResolve(\.contextService).word
        == "registered")
  }

  @Test func onPreviewAndOnArgAddedOnTheContainerServeTheirContexts() throws {
    // Factory's testWithPreview and testWithArgument.
    #expect(try externallyDefined([.preview]).tryResolve(\.contextService).word == "preview")
    #expect(try externallyDefined([.argument("ARG")]).tryResolve(\.contextService).word == "arg")
    #expect(
      try externallyDefined([.argument("ARG"), .test, .preview]).tryResolve(\.contextService).word
        == "arg")
    #expect(try externallyDefined([.test, .preview]).tryResolve(\.contextService).word == "test")
  }

  @Test func onDebugAddedLaterServesWhenNoHigherContextIsActive() throws {
    // Factory's testDebugWithNoPreviewNoTest.
    let container = externallyDefined([.debug])
    #expect(try container.tryResolve(\.contextService).word == "registered")
    container.when(.debug, for: \.contextService) { _ in Greeting(word: "debug") }
    #expect(try container.tryResolve(\.contextService).word == "debug")
    container.contexts = [.debug, .test]
    #expect(try container.tryResolve(\.contextService).word == "test")
  }

  @Test func onTestAddedToAKeyWithOnlyItsDeclaredDefault() throws {
    let test = container([.test])
    test.when(.test, for: \.contextService) { _ in Greeting(word: "test") }
    #expect(try test.tryResolve(\.contextService).word == "test")
    test.contexts = []
    #expect(try test.tryResolve(\.contextService).word == "factory")
  }

  @Test func addedAndDeclaredAlternativesRankTogetherAddedFirstAmongEquals() throws {
    let container = container([.debug])
    container.when(.test, for: \.internalContextService) { _ in Greeting(word: "added test") }
    #expect(try container.tryResolve(\.internalContextService).word == "declared debug")
    container.contexts = [.debug, .test]
    #expect(try container.tryResolve(\.internalContextService).word == "added test")
    container.when(.debug, for: \.internalContextService) { _ in Greeting(word: "added debug") }
    container.contexts = [.debug]
    #expect(try container.tryResolve(\.internalContextService).word == "added debug")
  }

  @Test func aRegistrationStillReplacesTheDeclarationsOwnAlternatives() throws {
    // Factory's internalContextService keeps its `.debug` over a registration; in Loom a
    // registration replaces the declaration, its alternatives included (documented difference).
    let container = container([.debug])
    container.register(\.internalContextService) { _ in Greeting(word: "registered") }
    #expect(try container.tryResolve(\.internalContextService).word == "registered")
  }

  @Test func addingAContextDropsTheInstanceKeptForTheKey() throws {
    // Factory's testResettingContainerContextsWithOnce: a new context applies at once.
    let container = container([.debug])
    let first = try container.tryResolve(\.cachedContextService)
    #expect(first.word == "factory")
    #expect(try container.tryResolve(\.cachedContextService) === first)
    container.when(.debug, for: \.cachedContextService) { _ in Greeting(word: "debug") }
    let second = try container.tryResolve(\.cachedContextService)
    #expect(second.word == "debug")
    #expect(try container.tryResolve(\.cachedContextService) === second)
  }

  @Test func onTestOutranksAnInstanceRegisteredAfterIt() throws {
    let registered = Greeting(word: "instance")
    let container = container([.test])
    container.when(.test, for: \.cachedContextService) { _ in Greeting(word: "test") }
    container.register(\.cachedContextService, instance: registered)
    #expect(try container.tryResolve(\.cachedContextService).word == "test")
    let live = self.container([])
    live.when(.test, for: \.cachedContextService) { _ in Greeting(word: "test") }
    live.register(\.cachedContextService, instance: registered)
    #expect(try live.tryResolve(\.cachedContextService) === registered)
  }

  @Test func aHandlesModifierStillAppliesAfterAContextIsAdded() throws {
    // Factory chains `.register { }.onTest { }.decorator { }` in any order.
    let container = container([.test])
    let handle = container.register(\.contextService) { _ in Greeting(word: "registered") }
    container.when(.test, for: \.contextService) { _ in Greeting(word: "test") }
    handle.decorated(dependencies: []) { _, greeting in Greeting(word: greeting.word + "+") }
    #expect(try container.tryResolve(\.contextService).word == "test+")
    container.contexts = []
    #expect(try container.tryResolve(\.contextService).word == "registered+")
  }

  @Test func resetInstancesKeepsTheAddedContexts() throws {
    let container = container([.test])
    container.when(.test, for: \.cachedContextService) { _ in Greeting(word: "test") }
    let first = try container.tryResolve(\.cachedContextService)
    container.reset()
    let second = try container.tryResolve(\.cachedContextService)
    #expect(second !== first)
    #expect(second.word == "test")
  }

  @Test func resetRegistrationsRemovesTheAddedContextsAndTheRegistration() throws {
    // Factory's testResettingContainer: back to the declaration's own factory.
    let container = externallyDefined([.argument("ARG"), .test, .preview])
    container.reset(.registrations)
    #expect(try container.tryResolve(\.contextService).word == "factory")
    // A declared default the contexts were added to stays, without them.
    container.when(.test, for: \.cachedContextService) { _ in Greeting(word: "test") }
    #expect(try container.tryResolve(\.cachedContextService).word == "test")
    container.reset(.registrations)
    #expect(try container.tryResolve(\.cachedContextService).word == "factory")
    // The declaration's own alternatives are not the container's to remove.
    container.contexts = [.debug]
    container.when(.test, for: \.internalContextService) { _ in Greeting(word: "test") }
    container.reset(.registrations)
    #expect(try container.tryResolve(\.internalContextService).word == "declared debug")
  }

  @Test func resetEverythingRemovesTheAddedContexts() throws {
    let container = externallyDefined([.test])
    container.reset(.everything)
    #expect(try container.tryResolve(\.contextService).word == "factory")
    container.register(\.contextService) { _ in Greeting(word: "registered") }
    #expect(try container.tryResolve(\.contextService).word == "registered")
  }

  @Test func unregisterRemovesTheAddedContextsWithTheRegistration() throws {
    let container = externallyDefined([.test])
    #expect(container.unregister(\.contextService))
    #expect(try container.tryResolve(\.contextService).word == "factory")
    container.register(\.contextService) { _ in Greeting(word: "registered") }
    #expect(try container.tryResolve(\.contextService).word == "registered")
  }

  // MARK: Child containers

  @Test func aParentsAddedContextAppliesInAChildWithTheChildsContexts() throws {
    let app = externallyDefined([])
    let child = app.makeChild()
    child.contexts = [.test]
    // A transient is made by the container resolving it, in its contexts.
    #expect(try child.tryResolve(\.contextService).word == "test")
    #expect(try app.tryResolve(\.contextService).word == "registered")
  }

  @Test func aChildsRegistrationReplacesItsParentsAddedContexts() throws {
    let app = externallyDefined([.test])
    let child = app.makeChild()
    child.register(\.contextService) { _ in Greeting(word: "child") }
    #expect(try child.tryResolve(\.contextService).word == "child")
    #expect(try app.tryResolve(\.contextService).word == "test")
  }

  @Test func aContextAddedToAChildLeavesItsParentAlone() throws {
    let app = container([.test])
    app.register(\.contextService) { _ in Greeting(word: "registered") }
    let child = app.makeChild()
    child.when(.test, for: \.contextService) { _ in Greeting(word: "child test") }
    #expect(try child.tryResolve(\.contextService).word == "child test")
    #expect(try app.tryResolve(\.contextService).word == "registered")
    // The child's registration is the parent's, copied: outside the context it serves it.
    child.contexts = []
    #expect(try child.tryResolve(\.contextService).word == "registered")
  }

  @Test func aTestContainerSeesTheAppsAddedTestContextAndItsOwnRegistrationWins() throws {
    let app = container([])
    app.when(.test, for: \.cachedContextService) { _ in Greeting(word: "test") }
    #expect(try app.tryResolve(\.cachedContextService).word == "factory")
    let test = app._makeTestContainer { _ in }
    #expect(try test.tryResolve(\.cachedContextService).word == "test")
    let other = app._makeTestContainer { _ in }
    other.register(\.cachedContextService) { _ in Greeting(word: "this test's") }
    #expect(try other.tryResolve(\.cachedContextService).word == "this test's")
  }

  // MARK: Simulator and device

  @Test func aRootContainerOutsideASimulatorIsOnADevice() {
    let root = Container()
    #if targetEnvironment(simulator)
      #expect(root.contexts.contains(.simulator))
      #expect(!root.contexts.contains(.device))
    #else
      #expect(root.contexts.contains(.device))
      #expect(!root.contexts.contains(.simulator))
    #endif
  }

  @Test func onSimulatorAndOnDeviceServeTheirContextsBelowNamedAboveDebug() throws {
    let container = container([])
    container.register(\.contextService) { _ in Greeting(word: "registered") }
    container.when(.simulator, for: \.contextService) { _ in Greeting(word: "simulator") }
    container.when(.device, for: \.contextService) { _ in Greeting(word: "device") }
    container.when(.debug, for: \.contextService) { _ in Greeting(word: "debug") }
    container.when(.staging, for: \.contextService) { _ in Greeting(word: "staging") }
    container.when(.test, for: \.contextService) { _ in Greeting(word: "test") }
    let cases: [(Set<Container.Context>, String)] = [
      ([.simulator, .debug], "simulator"), ([.device, .debug], "device"),
      ([.device, .staging], "staging"), ([.simulator, .test], "test"), ([], "registered"),
    ]
    for (contexts, word) in cases {
      container.contexts = contexts
      #expect(try container.tryResolve(\.contextService).word == word, "\(contexts)")
    }
    #expect(Container.Context.simulator.description == "simulator")
    #expect(Container.Context.device.spelling == ".device")
  }

  // MARK: Several arguments

  @Test func onArgsServesOneValueForEachOfSeveralArguments() throws {
    let container = container([])
    container.when(.argument("mock0"), .argument("mock1"), for: \.contextService) { _ in
      Greeting(word: "empty")
    }
    for argument in ["mock0", "mock1"] {
      container.contexts = [.argument(argument)]
      #expect(try container.tryResolve(\.contextService).word == "empty")
    }
    container.contexts = [.argument("mock2")]
    #expect(try container.tryResolve(\.contextService).word == "factory")
  }

  @Test func severalActiveArgumentsChooseTheOneAddedFirst() throws {
    let container = container([.argument("mock1"), .argument("mock0")])
    container.when(.argument("mock0"), for: \.contextService) { _ in Greeting(word: "mock0") }
    container.when(.argument("mock1"), for: \.contextService) { _ in Greeting(word: "mock1") }
    #expect(try container.tryResolve(\.contextService).word == "mock0")
    // Adding an argument's value again replaces it, in its place.
    container.when(.argument("mock0"), for: \.contextService) { _ in Greeting(word: "mock0'") }
    #expect(try container.tryResolve(\.contextService).word == "mock0'")
    container.contexts = [.argument("mock1")]
    #expect(try container.tryResolve(\.contextService).word == "mock1")
  }

  @Test func severalDeclaredArgumentsChooseTheOneDeclaredFirst() throws {
    let container = container([.argument("-b"), .argument("-a")])
    container.register(\.contextService) { _ in Greeting(word: "registered") }
    #expect(try container.tryResolve(\.contextService).word == "registered")
    let declared = Dependency<Greeting> { _ in Greeting(word: "factory") }
      .when(.argument("-a")) { _ in Greeting(word: "a") }
      .when(.argument("-b")) { _ in Greeting(word: "b") }
    let heads = declared.extras.alternatives.map(\.head.context)
    #expect(RegistrationExtras.choose(heads, active: container.contexts) == 0)
  }

  // MARK: Graph, missing keys and the path of keys without contexts

  @Test func theGraphShowsTheEdgesOfTheAddedAlternativeThatApplies() {
    let live = container([])
    live.when(.test, for: \.addedEdgeProbe, dependencies: [DependencyKey(Clock.self)]) { r in
      ContextProbe(clock: try r.tryResolve(Clock.self))
    }
    #expect(live.graph.edges.map(\.to) == [DependencyKey(Database.self)])
    let test = container([.test])
    test.when(.test, for: \.addedEdgeProbe, dependencies: [DependencyKey(Clock.self)]) { r in
      ContextProbe(clock: try r.tryResolve(Clock.self))
    }
    #expect(test.graph.edges.map(\.to) == [DependencyKey(Clock.self)])
    #expect(test.validate().problems.map(\.key) == [DependencyKey(Clock.self)])
    test.register(Clock.self) { _ in Clock() }
    #expect(test.validate().isValid)
  }

  @Test func aContextAddedToAKeyWithoutADefaultAppliesOnceItIsRegistered() throws {
    let test = container([.test])
    test.when(.test, for: \.requiredService) { _ in Greeting(word: "test") }
    let error = #expect(throws: ResolutionError.self) { try test.tryResolve(\.requiredService) }
    #expect(error?.code == .notRegistered)
    test.register(\.requiredService) { _ in Greeting(word: "registered") }
    #expect(try test.tryResolve(\.requiredService).word == "test")
  }

  @Test func aKeyWithoutAddedContextsIsInstalledAsRegistered() throws {
    let container = externallyDefined([.test])
    let handle = container.register(Clock.self) { _ in Clock() }
    let entry = try #require(container.localEntry(for: DependencyKey(Clock.self)))
    #expect(entry.registration === handle.registration)
    #expect(entry.registration.extras == nil)
    let service = try #require(container.localEntry(for: DependencyKey(\Container.contextService)))
    #expect(service.registration.extras?.alternatives.count == 3)
  }
}
