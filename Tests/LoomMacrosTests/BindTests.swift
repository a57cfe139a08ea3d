import LoomMacros
import MacroFixtureKeys
import Testing

// NB: this module does not import MacroFixtureFeature, which binds the fixture keys; it is only
// linked into the test executable, as a feature module is into an app.

/// The second binding of `Conflicted`; MacroFixtureFeature declares the first.
@Bind((any Conflicted).self)
struct TestConflicted: Conflicted {}

/// A main-actor binding: resolved on the main actor, or with `await` from anywhere.
@MainActor
@Bind(lifetime: .singleton)
final class BoundScreen {
  let salutation: Salutation
  init(@Named(\.salutation) salutation: Salutation) { self.salutation = salutation }
}

/// An asynchronous binding: its initializer is `async`.
@Bind(lifetime: .singleton)
actor BoundStore {
  init() async {}
}

/// The discovered bindings of `type`, to install them alone (the whole set conflicts on purpose).
func discovered(_ type: Any.Type) -> [DiscoveredBinding] {
  Container.discoveredBindings.filter { $0.implementation == type }
}

@Suite struct BindTests {
  @Test func aBindingDeclaredInAnotherModuleResolvesFromTheDefaultContainer() {
    // An isolated child of the default container: the default's (discovered) registrations with
    // this test's Salutation, and nothing left behind in the default container.
    let container = Container.default.makeIsolatedChild()
    container.register(\.salutation) { _ in Salutation(word: "Hello") }

    let greeter = container.resolve((any Greeter).self)

    #expect(greeter.greet("Ada") == "Hello Ada")
    #expect(container.resolve((any Greeter).self) as AnyObject === greeter as AnyObject)
  }

  @Test func aKeyPathBindingReplacesTheDeclaredDefault() throws {
    let container = Container()
    let fixtures = Container.discoveredBindings.filter {
      $0.key != DependencyKey((any Conflicted).self)
    }
    try container.install(fixtures)

    #expect(container.resolve(\.farewell).greet("Ada") == "Goodbye Ada")
  }

  @Test func discoveredBindingsDescribeTheirKeyImplementationAndPlace() {
    let descriptions = Container.discoveredBindings.map(\.description)

    #expect(
      descriptions.contains(
        "any Greeter → EnglishGreeter (singleton) at MacroFixtureFeature/Bindings.swift:7"))
    #expect(
      descriptions.contains(
        "\\.farewell → EnglishFarewell at MacroFixtureFeature/Bindings.swift:18"))
    #expect(
      descriptions.contains(
        "any Greeter (name: \"formal\") → FormalGreeter at"
          + " MacroFixtureFeature/Bindings.swift:23"))
  }

  @Test func installedBindingsDeclareTheirEdges() throws {
    let container = Container()
    try container.install(
      Container.discoveredBindings.filter { $0.key != DependencyKey((any Conflicted).self) })

    let formal = DependencyKey((any Greeter).self, name: "formal")
    let edges = container.graph.edges(from: formal)
    #expect(edges.map(\.to) == [DependencyKey((any Greeter).self)])
    #expect(edges.map(\.isDeferred) == [true])
    #expect(
      container.graph.edges(from: DependencyKey((any Greeter).self)).map(\.to) == [
        DependencyKey(\Container.salutation)
      ])
    #expect(container.graph.node(for: formal)?.origin == "@Bind")
    #expect(container.validate().isValid)
    #expect(
      container.resolve((any Greeter).self, name: "formal").greet("Ada") == "Good day. Hi Ada")
  }

  @MainActor
  @Test func aMainActorBindingIsMadeOnTheMainActorWithItsEdges() async throws {
    let container = Container()
    try container.install(discovered(BoundScreen.self))

    let screen = container.resolve(BoundScreen.self)
    #expect(screen.salutation.word == "Hi")
    #expect(
      container.graph.edges(from: DependencyKey(BoundScreen.self)).map(\.to) == [
        DependencyKey(\Container.salutation)
      ])
    let elsewhere = await Task.detached { await container.resolveAsync(BoundScreen.self) }.value
    #expect(elsewhere === screen)
  }

  @Test func anAsyncBindingIsResolvedWithAwait() async throws {
    let container = Container()
    try container.install(discovered(BoundStore.self))

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(BoundStore.self)
    }
    #expect(error.code == .asyncRequired)
    let store = try await container.tryResolveAsync(BoundStore.self)
    #expect(try await container.tryResolveAsync(BoundStore.self) === store)
  }

  @Test func twoBindingsForOneKeyAreAnErrorNamingBothTypesAndFiles() throws {
    let container = Container()

    let error = try #require(throws: DiscoveryError.self) {
      try container.installDiscoveredBindings()
    }

    #expect(error.conflicts.map(\.key) == [DependencyKey((any Conflicted).self)])
    #expect(
      error.description == """
        DiscoveryError: any Conflicted is bound by 2 implementations
        ├─ any Conflicted: TestConflicted (LoomMacrosTests/BindTests.swift:9), \
        FeatureConflicted (MacroFixtureFeature/Bindings.swift:30)
        └─ To fix: keep one binding per key: remove one of the @Bind attributes, or bind one of \
        them to another key (another name: or key path).
        """)
    // Nothing was installed.
    #expect(container.graph.nodes.isEmpty)
  }

  @Test func theDefaultContainerReportsTheConflictWhenTheKeyIsResolved() throws {
    let error = try #require(throws: ResolutionError.self) {
      try Container.default.tryResolve((any Conflicted).self)
    }

    #expect(error.code == .duplicateRegistration)
    #expect(
      error.summary
        == "any Conflicted is bound by 2 implementations: TestConflicted"
        + " (LoomMacrosTests/BindTests.swift:9), FeatureConflicted"
        + " (MacroFixtureFeature/Bindings.swift:30)")
  }
}
