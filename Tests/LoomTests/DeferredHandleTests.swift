import Loom
import Testing

@Suite struct DeferredHandleTests {
  // MARK: Lazy

  @Test func lazyResolvesOnFirstUseThenKeepsTheInstance() throws {
    let container = Container()
    let made = Counter()
    container.register(Clock.self, lifetime: .transient) { _ in
      made.increment()
      return Clock()
    }

    let lazy = container.lazy(Clock.self)
    #expect(!lazy.isResolved)
    #expect(made.value == 0)

    let first = lazy.value
    #expect(lazy.isResolved)
    #expect(made.value == 1)
    #expect(lazy.value === first)
    #expect(try lazy.get() === first)
    #expect(made.value == 1)
  }

  @Test func copiesOfALazyShareItsValue() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .transient) { _ in Clock() }
    let lazy = container.lazy(Clock.self)
    let copy = lazy

    let value = try lazy.get()

    #expect(copy.isResolved)
    #expect(copy.value === value)
  }

  @Test func failedLazyResolveIsNotKept() throws {
    let container = Container()
    let lazy = container.lazy(Database.self)

    #expect(throws: ResolutionError.self) { try lazy.get() }
    #expect(!lazy.isResolved)

    container.register(Database.self, lifetime: .transient) { _ in Database(label: "late") }

    #expect(try lazy.get().label == "late")
    #expect(lazy.isResolved)
  }

  @Test func lazyOfAKeyPath() throws {
    let container = Container()

    let lazy = container.lazy(\.api)

    #expect(try lazy.get() as AnyObject === container.tryResolve(\.api) as AnyObject)
  }

  @Test func namedLazy() throws {
    let container = Container()
    container.register(Config.self, name: "beta", instance: Config(label: "beta"))

    #expect(try container.lazy(Config.self, name: "beta").get() == Config(label: "beta"))
  }

  @Test func twoSingletonsReferToEachOtherThroughLazy() throws {
    let container = Container()
    container.register(lifetime: .singleton, LazyParent.init)
    container.register(lifetime: .singleton, LazyChild.init)

    let parent = try container.tryResolve(LazyParent.self)
    #expect(!parent.child.isResolved)

    let child = try parent.child.get()

    #expect(child.parent === parent)
    #expect(try container.tryResolve(LazyChild.self) === child)
  }

  @Test func lazyParameterIsResolvedFromTheFactorysResolver() throws {
    let container = Container()
    let database = Database(label: "lazy")
    container.register(Database.self, instance: database)
    container.register(LazyHolder.self, lifetime: .transient) { r in
      LazyHolder(database: r.lazy())
    }

    let holder = try container.tryResolve(LazyHolder.self)

    #expect(try holder.database.get() === database)
  }

  // MARK: Provider

  @Test func providerResolvesAgainOnEveryCall() throws {
    let container = Container()
    let made = Counter()
    container.register(Clock.self, lifetime: .transient) { _ in
      made.increment()
      return Clock()
    }

    let provider = container.provider(Clock.self)
    #expect(made.value == 0)

    let first = provider()
    let second = try provider.get()

    #expect(first !== second)
    #expect(made.value == 2)
  }

  @Test func providerOfASingletonReturnsTheSingleton() throws {
    let container = Container()
    container.register(lifetime: .singleton, Clock.init)
    let provider = container.provider(Clock.self)

    #expect(provider() === provider())
    #expect(try provider() === container.tryResolve(Clock.self))
  }

  @Test func providerAsAnAutowiredParameterGivesFreshTransients() throws {
    let container = Container()
    container.register(Clock.init)
    container.register(ProviderHolder.init)

    let holder = try container.tryResolve(ProviderHolder.self)

    #expect(try holder.clock.get() !== holder.clock.get())
  }

  @Test func providerOfAKeyPath() throws {
    let container = Container()
    let provider = container.provider(\.requestToken)

    #expect(try provider.get() !== provider.get())
  }

  // MARK: Handles used while their own resolve is running

  @Test func providerInsideAFactoryLeadingBackToTheSameKeyIsACycle() throws {
    let container = Container()
    container.register(CycleA.self, lifetime: .transient) { r in
      _ = try r.provider(CycleA.self).get()
      return CycleA()
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(CycleA.self)
    }

    #expect(error.code == .cycle)
    #expect(error.key == DependencyKey(CycleA.self))
  }

  @Test func lazyInsideASingletonFactoryLeadingBackToTheSameKeyIsACycle() throws {
    let container = Container()
    container.register(CycleA.self, lifetime: .singleton) { r in
      _ = try r.lazy(CycleB.self).get()
      return CycleA()
    }
    container.register(CycleB.self, lifetime: .transient) { r in
      _ = try r.tryResolve(CycleA.self)
      return CycleB()
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(CycleA.self)
    }

    #expect(error.code == .cycle)
    #expect(error.chain.first == DependencyKey(CycleA.self))
    #expect(error.chain.last == DependencyKey(CycleA.self))
  }

  @Test func lazyParameterUsedInsideTheInitializerLeadingBackIsACycle() throws {
    let container = Container()
    container.register(EagerParent.init)  // its init reads its Lazy<EagerChild> at once
    container.register(EagerChild.init)  // which needs an EagerParent

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(EagerParent.self)
    }

    #expect(error.code == .cycle)
    #expect(error.path == "EagerParent → EagerChild → EagerParent")
  }

  @Test func providerFromTheContainerUsedInsideAFactoryLeadingBackIsACycle() throws {
    let container = Container()
    let provider = container.provider(CycleA.self)  // made outside any resolve
    let runs = Counter()
    container.register(CycleA.self, lifetime: .transient) { _ in
      // NB: bounded, so that a cycle the container misses fails this test instead of overflowing
      // the stack and taking the whole test process down.
      if runs.increment() < 50 { _ = try provider.get() }
      return CycleA()
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(CycleA.self)
    }

    #expect(error.code == .cycle)
    #expect(runs.value == 1)
  }

  @Test func lazyFromTheContainerUsedInsideASingletonFactoryLeadingBackIsACycle() throws {
    let container = Container()
    let runs = Counter()
    container.register(CycleA.self, lifetime: .singleton) { _ in
      if runs.increment() < 50 { _ = try container.lazy(CycleA.self).get() }
      return CycleA()
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(CycleA.self)
    }

    #expect(error.code == .cycle)
    #expect(runs.value == 1)
  }

  @Test func aFailedCycleLeavesTheSingletonResolvableOnceFixed() throws {
    let container = Container()
    container.register(CycleA.self, lifetime: .singleton) { r in
      _ = try r.provider(CycleA.self).get()
      return CycleA()
    }
    #expect(throws: ResolutionError.self) { try container.tryResolve(CycleA.self) }

    container.register(CycleA.self, lifetime: .singleton) { _ in CycleA() }

    #expect(try container.tryResolve(CycleA.self) === container.tryResolve(CycleA.self))
  }
}

/// Takes a `Lazy` from its factory.
private final class LazyHolder: Sendable {
  let database: Lazy<Database>

  init(database: Lazy<Database>) {
    self.database = database
  }
}

/// Takes a `Provider` through auto-wiring.
private final class ProviderHolder: Sendable {
  let clock: Provider<Clock>

  init(clock: Provider<Clock>) {
    self.clock = clock
  }
}

/// Reads its `Lazy` inside its initializer, while its own resolve is still running.
private final class EagerParent: Sendable {
  let child: EagerChild

  init(child: Lazy<EagerChild>) throws {
    self.child = try child.get()
  }
}

private final class EagerChild: Sendable {
  let parent: EagerParent

  init(parent: EagerParent) {
    self.parent = parent
  }
}
