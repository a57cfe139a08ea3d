import Loom
import Testing

@Suite struct LifetimeTests {
  @Test func transientMakesANewInstanceForEveryResolve() throws {
    let container = Container()
    let made = Counter()
    container.register(Clock.self, lifetime: .transient) { _ in
      made.increment()
      return Clock()
    }

    let first = try container.tryResolve(Clock.self)
    let second = try container.tryResolve(Clock.self)

    #expect(first !== second)
    #expect(made.value == 2)
  }

  @Test func transientIsTheDefaultLifetime() throws {
    let container = Container()
    container.register(Clock.self) { _ in Clock() }

    #expect(try container.tryResolve(Clock.self) !== container.tryResolve(Clock.self))
  }

  @Test func singletonIsMadeOncePerContainer() throws {
    let made = Counter()
    let first = Container()
    let second = Container()
    for container in [first, second] {
      container.register(Clock.self, lifetime: .singleton) { _ in
        made.increment()
        return Clock()
      }
    }

    let a = try first.tryResolve(Clock.self)
    let b = try first.tryResolve(Clock.self)
    let c = try second.tryResolve(Clock.self)

    #expect(a === b)
    #expect(a !== c)
    #expect(made.value == 2)
  }

  @Test func singletonStructIsKept() throws {
    let container = Container()
    let made = Counter()
    container.register(Config.self, lifetime: .singleton) { _ in
      Config(label: "made \(made.increment())")
    }

    #expect(try container.tryResolve(Config.self) == Config(label: "made 1"))
    #expect(try container.tryResolve(Config.self) == Config(label: "made 1"))
  }

  @Test func weakInstanceIsSharedWhileHeldAndMadeAgainAfterRelease() throws {
    let container = Container()
    let made = Counter()
    container.register(Widget.self, lifetime: .weak) { _ in
      made.increment()
      return Widget()
    }
    weak var released: Widget?

    do {
      let first = try container.tryResolve(Widget.self)
      let second = try container.tryResolve(Widget.self)
      #expect(first === second)
      #expect(made.value == 1)
      released = first
    }

    #expect(released == nil, "the container must not keep a .weak instance alive")
    let third = try container.tryResolve(Widget.self)
    #expect(made.value == 2)
    withExtendedLifetime(third) {}
  }

  @Test func weakRegistrationReturningAStructFailsWithTypeMismatch() throws {
    let container = Container()
    // Registering says so too (a debug-build warning, pinned in ResolutionErrorTests).
    _ = collectingRegistrationWarnings {
      container.register(ValueWidget.self, lifetime: .weak) { _ in ValueWidget() }
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(ValueWidget.self)
    }

    #expect(error.code == .typeMismatch)
    #expect(error.key == DependencyKey(ValueWidget.self))
  }

  @Test func graphInstanceIsSharedWithinOneTopLevelResolve() throws {
    let container = Container()
    let made = Counter()
    container.register(GraphShared.self, lifetime: .graph) { _ in
      made.increment()
      return GraphShared()
    }
    container.register(GraphLeft.init)
    container.register(GraphRight.init)
    container.register(GraphRoot.init)

    let root = try container.tryResolve(GraphRoot.self)

    #expect(root.left.shared === root.right.shared)
    #expect(made.value == 1)
  }

  @Test func graphInstanceIsNewForEveryTopLevelResolve() throws {
    let container = Container()
    container.register(GraphShared.self, lifetime: .graph) { _ in GraphShared() }
    container.register(GraphLeft.init)
    container.register(GraphRight.init)
    container.register(GraphRoot.init)

    let first = try container.tryResolve(GraphRoot.self)
    let second = try container.tryResolve(GraphRoot.self)

    #expect(first.left.shared !== second.left.shared)
    #expect(first.right.shared !== second.right.shared)
    #expect(try container.tryResolve(GraphShared.self) !== container.tryResolve(GraphShared.self))
  }

  @Test func builtInLifetimesDescribeAndRankThemselves() {
    #expect(Lifetime.transient.description == "transient")
    #expect(Lifetime.singleton.description == "singleton")
    #expect(Lifetime.weak.description == "weak")
    #expect(Lifetime.graph.description == "graph")
    #expect(Lifetime.transient.rank < Lifetime.graph.rank)
    #expect(Lifetime.graph.rank < Lifetime.weak.rank)
    #expect(Lifetime.weak.rank < Lifetime.singleton.rank)
    #expect(Lifetime.singleton.isCached)
    #expect(Lifetime.weak.isCached)
    #expect(!Lifetime.transient.isCached)
    #expect(!Lifetime.graph.isCached)
    #expect(Lifetime.singleton == .singleton)
    #expect(Lifetime.singleton != .transient)
  }
}
