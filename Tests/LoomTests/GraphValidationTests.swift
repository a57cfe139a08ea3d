import Testing

@_spi(LoomInternals) @testable import Loom

// NB: expected texts contain registration lines computed from `#line`; keep each registration on
// the line its offset names.

@Suite struct GraphValidationTests {
  // MARK: - Everything at once

  @Test func everyProblemIsReportedAtOnceWithItsPathAndFix() {
    let container = Container()
    let line = #line
    container.register(AppCoordinator.init)
    container.register(UserService.init)
    container.register(Engine.init)
    container.register(lifetime: .singleton, Gearbox.init)
    container.register(lifetime: .singleton, ImageCache.init)
    container.register(lifetime: .weak, Thumbnail.init)
    container.register(SessionStore.self, lifetime: .singleton, dependencies: []) { _ async in
      SessionStore()
    }
    container.register(ProfileModel.init)

    let report = container.validate()
    #expect(!report.isValid)
    #expect(report.problems.map(\.code) == [.missing, .cycle, .captive, .asyncFromSync])
    let file = "LoomTests/GraphValidationTests.swift"
    #expect(
      report.description == """
        ValidationReport: 4 problems

        [missing] no registration for Database
        ├─ Needed by: UserService (transient) at \(file):\(line + 2)
        ├─ Path: AppCoordinator → UserService → Database
        └─ To fix: register Database, or declare it as a key-path dependency with a default factory.

        [cycle] dependency cycle: Engine → Gearbox → Engine
        ├─ Engine (transient) at \(file):\(line + 3)
        ├─ Gearbox (singleton) at \(file):\(line + 4)
        └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.

        [captive] ImageCache (singleton) holds Thumbnail (weak) captive
        ├─ ImageCache (singleton) at \(file):\(line + 5)
        ├─ Thumbnail (weak) at \(file):\(line + 6)
        └─ To fix: give Thumbnail a lifetime that lives at least as long as singleton, give ImageCache a lifetime no longer than weak, or let ImageCache take a Provider of Thumbnail and resolve it on each use.

        [asyncFromSync] ProfileModel is synchronous but depends on SessionStore, which is async only
        ├─ ProfileModel (transient) at \(file):\(line + 10)
        ├─ SessionStore (singleton, async) at \(file):\(line + 7)
        └─ To fix: make the factory of ProfileModel async and resolve it with await, or give SessionStore a synchronous factory.
        """)
  }

  @Test func throwingFormCarriesTheReport() throws {
    let container = Container()
    container.register(UserService.init)

    let error = try #require(throws: GraphValidationError.self) {
      try container.validate().throwIfInvalid()
    }
    #expect(error.report.problems.count == 1)
    #expect(
      error.description.hasPrefix(
        "GraphValidationError: 1 problem\n\n[missing] no registration for Database\n"))

    container.register(Database.self, dependencies: []) { _ in Database() }
    #expect(throws: Never.self) { try container.validate().throwIfInvalid() }
    #expect(container.validate().description == "ValidationReport: no problems")
  }

  @Test func closuresThatDeclareNoDependenciesAreNamedAsUnseen() throws {
    let container = Container()
    container.register(Database.self) { _ in Database() }
    container.register(Clock.self, dependencies: []) { _ in Clock() }

    let report = container.validate()
    #expect(report.isValid)
    #expect(report.unseen == [DependencyKey(Database.self)])
    #expect(
      report.description == """
        ValidationReport: no problems

        Not seen: what 1 closure factory resolves, as it declares no dependencies: and has not \
        run: Database. Pass dependencies: when registering it ([] for none), or resolve it once, \
        for a complete check.
        """)

    let strict = container.validate(.strict)
    #expect(strict.problems.map(\.code) == [.undeclaredEdges])
    #expect(strict.unseen.isEmpty)

    // Once the factory has run, its edges are known.
    _ = try container.tryResolve(Database.self)
    #expect(container.validate().unseen.isEmpty)
    #expect(container.validate(.strict).isValid)
  }

  @Test func aHealthyWiringIsValid() {
    let container = Container()
    container.register(lifetime: .singleton, HTTPTransport.init)
    container.register(lifetime: .singleton, Catalog.init)
    container.register(Basket.init)
    container.register(Storefront.init)
    container.register(Payment.self) { _ in throw DiskFull() }
    container.register(lifetime: .singleton, LazyParent.init)
    container.register(lifetime: .singleton, LazyChild.init)

    #expect(container.validate().isValid)
    #expect(Container().validate().isValid)
  }

  // MARK: - Missing

  @Test func missingDependencyListsEveryRegistrationThatNeedsIt() throws {
    let container = Container()
    let line = #line
    container.register(UserService.init)
    container.register(Dashboard.init)
    container.register(Clock.init)
    container.register(Logger.init)
    container.register(Config.self, instance: Config(label: "main"))

    let report = container.validate()
    #expect(report.problems.count == 2)
    let database = try #require(report.problems.first)
    #expect(database.code == .missing)
    #expect(database.key == DependencyKey(Database.self))
    #expect(database.neededBy == [DependencyKey(Dashboard.self), DependencyKey(UserService.self)])
    #expect(database.path == [DependencyKey(Dashboard.self), DependencyKey(Database.self)])
    #expect(
      database.description == """
        [missing] no registration for Database
        ├─ Needed by: Dashboard (transient) at LoomTests/GraphValidationTests.swift:\(line + 2)
        ├─ Needed by: UserService (transient) at LoomTests/GraphValidationTests.swift:\(line + 1)
        ├─ Path: Dashboard → Database
        └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
        """)
    #expect(report.problems[1].key == DependencyKey(Metrics.self))
  }

  @Test func aLazyOrProviderOfAMissingKeyIsMissingToo() throws {
    let container = Container()
    container.register(Analytics.init)
    container.register(Uploader.init)

    let report = container.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.key == DependencyKey(Thumbnail.self))
    #expect(problem.description.contains("Needed by: Analytics (transient) at "))
    #expect(problem.description.contains(" through a Lazy or Provider\n"))

    container.register(Thumbnail.init)
    #expect(container.validate().isValid)
  }

  @Test func aMissingNamedKeySaysWhichNameToRegister() throws {
    let container = Container()
    container.registerGraphNode("a", dependencies: [graphNodeKey("b")])

    let problem = try #require(container.validate().problems.first)
    #expect(problem.summary == #"no registration for GraphNodeValue (name: "b")"#)
    #expect(
      problem.hint
        == #"GraphNodeValue is registered with name: "a" but not "b": resolve one of those, or register GraphNodeValue with name: "b"."#
    )

    let other = Container()
    other.register(Metrics.self, dependencies: [DependencyKey(Database.self, name: "replica")]) {
      _ in Metrics()
    }
    let plain = try #require(other.validate().problems.first)
    #expect(plain.hint == #"register Database with name: "replica"."#)
  }

  @Test func keyPathDependenciesAreNeverMissing() {
    let container = Container()
    container.registerGraphNode(
      "a", dependencies: [DependencyKey(\Container.requestToken), DependencyKey(\Container.api)])

    #expect(container.validate().isValid)
    #expect(container.graph.edges.count == 2)
  }

  @Test func parentRegistrationsSatisfyAChildsDependencies() {
    let parent = Container()
    parent.register(Database.self, lifetime: .singleton) { _ in Database() }
    let child = parent.makeChild()
    child.register(UserService.init)

    #expect(child.validate().isValid)
    #expect(!parent.makeChild().makeChild().validate().problems.contains { $0.code == .missing })
  }

  // MARK: - Cycles

  @Test func everyCycleIsReportedOnceAsAPath() {
    let container = Container()
    container.registerGraphNode("a", dependencies: [graphNodeKey("b")])
    container.registerGraphNode("b", dependencies: [graphNodeKey("c")])
    container.registerGraphNode("c", dependencies: [graphNodeKey("a")])
    container.registerGraphNode("d", dependencies: [graphNodeKey("a"), graphNodeKey("e")])
    container.registerGraphNode("e")
    container.register(Mirror.init)

    let report = container.validate()
    #expect(report.problems.map(\.code) == [.cycle, .cycle])
    #expect(
      report.problems.map(\.summary) == [
        #"dependency cycle: GraphNodeValue (name: "a") → GraphNodeValue (name: "b") → GraphNodeValue (name: "c") → GraphNodeValue (name: "a")"#,
        "dependency cycle: Mirror → Mirror",
      ])
    #expect(report.problems[1].path == [DependencyKey(Mirror.self), DependencyKey(Mirror.self)])
  }

  @Test func oneCyclePathPerStronglyConnectedComponent() throws {
    let container = Container()
    // a ⇄ b and b ⇄ c: one component {a, b, c}, two loops.
    container.registerGraphNode("a", dependencies: [graphNodeKey("b")])
    container.registerGraphNode("b", dependencies: [graphNodeKey("a"), graphNodeKey("c")])
    container.registerGraphNode("c", dependencies: [graphNodeKey("b")])

    let report = container.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.path == [graphNodeKey("a"), graphNodeKey("b"), graphNodeKey("a")])
    #expect(
      problem.description.contains(
        #"├─ Also in this cycle group: GraphNodeValue (name: "c")"#))
  }

  @Test func deferredEdgesNeverFormCycles() {
    let container = Container()
    container.register(lifetime: .singleton, LazyParent.init)
    container.register(lifetime: .singleton, LazyChild.init)
    container.registerGraphNode(
      "a", dependencies: [DependencyKey(Provider<GraphNodeValue>.self, name: "a")])

    #expect(container.validate().isValid)
    #expect(container.graph.edges.filter(\.isDeferred).count == 2)
  }

  // MARK: - Captive lifetimes

  @Test(arguments: [
    (Lifetime.singleton, Lifetime.weak, true),
    (.singleton, .graph, false),
    (.singleton, .request, true),
    (.singleton, .testSession, true),
    (.testSession, .weak, true),
    (.weak, .graph, false),
    (.once, .singleton, true),
    (.weak, .request, true),
    (.singleton, .singleton, false),
    (.singleton, .transient, false),
    (.weak, .singleton, false),
    (.weak, .testSession, false),
    (.request, .graph, false),
    (.graph, .request, false),
    (.transient, .weak, false),
    (.graph, .transient, false),
  ])
  func captiveWhenACachedLifetimeHoldsAShorterOne(
    holder: Lifetime, held: Lifetime, isCaptive: Bool
  ) {
    let container = Container()
    container.register(lifetime: holder, ImageCache.init)
    container.register(lifetime: held, Thumbnail.init)

    let report = container.validate()
    #expect(report.problems.map(\.code) == (isCaptive ? [.captive] : []))
    if isCaptive {
      #expect(
        report.problems[0].path == [DependencyKey(ImageCache.self), DependencyKey(Thumbnail.self)])
      #expect(
        report.problems[0].summary == "ImageCache (\(holder)) holds Thumbnail (\(held)) captive")
    }
  }

  @Test func aCachedHolderHoldsWhatItsTransientsHold() throws {
    let container = Container()
    let line = #line
    container.register(lifetime: .singleton, LoaderCache.init)
    container.register(ThumbnailLoader.init)
    container.register(lifetime: .weak, Thumbnail.init)

    let problem = try #require(container.validate().problems.first)
    #expect(container.validate().problems.count == 1)
    let file = "LoomTests/GraphValidationTests.swift"
    #expect(
      problem.description == """
        [captive] LoaderCache (singleton) holds Thumbnail (weak) captive through ThumbnailLoader
        ├─ Path: LoaderCache → ThumbnailLoader → Thumbnail
        ├─ LoaderCache (singleton) at \(file):\(line + 1)
        ├─ ThumbnailLoader (transient) at \(file):\(line + 2)
        ├─ Thumbnail (weak) at \(file):\(line + 3)
        └─ To fix: give Thumbnail a lifetime that lives at least as long as singleton, give LoaderCache a lifetime no longer than weak, or let LoaderCache take a Provider of ThumbnailLoader and resolve it on each use.
        """)
  }

  @Test func aCachedHolderOfABindingHoldsItsImplementation() throws {
    let container = Container()
    container.register(lifetime: .weak, LiveAPIClient.init)
    container.bind((any APIClient).self, to: LiveAPIClient.self)
    container.registerGraphNode(
      "holder", lifetime: .singleton, dependencies: [DependencyKey((any APIClient).self)])

    let problem = try #require(container.validate().problems.first)
    #expect(problem.code == .captive)
    #expect(
      problem.path == [
        graphNodeKey("holder"), DependencyKey((any APIClient).self),
        DependencyKey(LiveAPIClient.self),
      ])
  }

  @Test func deferredDependenciesAreNotCaptive() {
    let container = Container()
    container.register(lifetime: .singleton, Analytics.init)
    container.register(lifetime: .singleton, Uploader.init)
    container.register(lifetime: .weak, Thumbnail.init)

    #expect(container.validate().isValid)
  }

  @Test func eachHeldRegistrationIsReportedOncePerHolder() {
    let container = Container()
    container.registerGraphNode(
      "holder", lifetime: .singleton,
      dependencies: [graphNodeKey("held"), graphNodeKey("t1"), graphNodeKey("t2")])
    container.registerGraphNode("t1", dependencies: [graphNodeKey("held")])
    container.registerGraphNode("t2", dependencies: [graphNodeKey("t1")])
    container.registerGraphNode("held", lifetime: .weak)

    let problems = container.validate().problems
    #expect(problems.count == 1)
    #expect(problems.first?.path == [graphNodeKey("holder"), graphNodeKey("held")])
  }

  // MARK: - Async from sync

  @Test func syncFactoriesThatNeedAnAsyncOneAreReported() throws {
    let container = Container()
    container.register(SessionStore.self) { _ async in SessionStore() }
    container.register(ProfileModel.init)
    container.register(ProfileModel.self, name: "async") { r async throws in
      ProfileModel(session: try await r.tryResolveAsync())
    }

    let report = container.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.code == .asyncFromSync)
    #expect(problem.key == DependencyKey(ProfileModel.self))
    #expect(problem.path == [DependencyKey(ProfileModel.self), DependencyKey(SessionStore.self)])
  }

  @Test func asyncFromSyncInAHandMadeGraph() {
    let sync = graphNodeKey("sync")
    let async = graphNodeKey("async")
    let graph = DependencyGraph(
      [
        DependencyGraph.Node(sync), DependencyGraph.Node(async, isAsync: true),
        DependencyGraph.Node(graphNodeKey("lazy")),
        DependencyGraph.Node(graphNodeKey("also async"), isAsync: true),
      ],
      edges: [
        DependencyGraph.Edge(sync, to: async),
        DependencyGraph.Edge(sync, to: async, kind: .observed),
        DependencyGraph.Edge(graphNodeKey("lazy"), to: async, isDeferred: true),
        DependencyGraph.Edge(graphNodeKey("also async"), to: async),
      ])

    #expect(graph.validate().problems.map(\.path) == [[sync, async]])
  }
}
