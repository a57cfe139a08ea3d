import Testing

@_spi(Testing) @testable import Loom

extension DependencyContext {
  fileprivate static let staging = DependencyContext("staging")
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
  private func container(_ contexts: Set<DependencyContext>) -> Container {
    let container = Container()
    container.contexts = contexts
    return container
  }

  @Test func theDefaultFactoryServesAContainerInNoDeclaredContext() throws {
    #expect(try container([]).tryResolve(\.greeting).word == "live")
  }

  @Test func eachContextGetsItsOwnValue() throws {
    let cases: [(DependencyContext, String)] = [
      (.test, "test"), (.preview, "preview"), (.argument("-loom-greeting-argument"), "argument"),
      (.staging, "staging"), (.debug, "debug"),
    ]
    for (context, word) in cases {
      #expect(try container([context]).tryResolve(\.greeting).word == word)
    }
  }

  @Test func theActiveContextThatRanksFirstWins() throws {
    let all: Set<DependencyContext> = [
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
    let reported = Locked<[ResolutionError]>([])
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
      _ = try r.resolve(\.payments)
      return UserService(database: Database())
    }
    let error = #expect(throws: ResolutionError.self) { try test.tryResolve(UserService.self) }
    #expect(error?.path == "UserService → \\.payments")
  }
}
