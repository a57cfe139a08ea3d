@_spi(LoomInternals) import Loom
import LoomSession
import Testing

@Suite struct FlowTests {
  @Test func flowInstanceIsSharedWithinItsScopeOnly() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let checkout = container.makeScope("checkout")
    let signUp = container.makeScope("sign-up")

    let (first, again) = try checkout.run {
      (try container.tryResolve(Tracked.self), try container.tryResolve(Tracked.self))
    }
    let other = try signUp.run { try container.tryResolve(Tracked.self) }

    #expect(first === again)
    #expect(first !== other)
    #expect(checkout.instanceCount == 1)
    #expect(signUp.instanceCount == 1)
  }

  @Test func explicitFormResolvesInTheScopesContainerWithTheScopeCurrent() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let checkout = container.makeScope("checkout")

    let explicit = try checkout.tryResolve(Tracked.self)
    let current = try checkout.run { try container.tryResolve(Tracked.self) }

    #expect(explicit === current)
    #expect(checkout.name == "checkout")
    #expect(checkout.container === container)
    #expect(FlowScope.current == nil)
  }

  @Test func runMakesTheScopeCurrentForChildTasks() async throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let checkout = FlowScope(name: "checkout", container: container)

    let resolved = try await checkout.run {
      try await withThrowingTaskGroup(of: Tracked.self) { group in
        for _ in 0..<8 {
          group.addTask { try container.tryResolve(Tracked.self) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }

    #expect(resolved.count == 8)
    #expect(resolved.allSatisfy { $0 === resolved[0] })
    #expect(checkout.instanceCount == 1)
  }

  @Test func innerFlowWinsInNestedFlows() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let outer = container.makeScope("checkout")
    let inner = container.makeScope("payment")

    let (before, nested, after) = try outer.run {
      let before = try container.tryResolve(Tracked.self)
      let nested = try inner.run {
        #expect(FlowScope.current === inner)
        return try container.tryResolve(Tracked.self)
      }
      #expect(FlowScope.current === outer)
      return (before, nested, try container.tryResolve(Tracked.self))
    }

    #expect(before === after)
    #expect(before !== nested)
    #expect(try inner.tryResolve(Tracked.self) === nested)
  }

  @Test func endTellsEachInstanceOnceAndReleasesIt() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    container.register(Plain.self, lifetime: .flow) { _ in Plain() }
    let checkout = container.makeScope("checkout")
    let endings = Lock<[Int]>([])

    weak var tracked: Tracked?
    weak var plain: Plain?
    do {
      let strongTracked = try checkout.tryResolve(Tracked.self)
      let strongPlain = try checkout.tryResolve(Plain.self)
      tracked = strongTracked
      plain = strongPlain
      checkout.end()
      endings.withLock { $0.append(strongTracked.timesEnded) }
      checkout.end()
      endings.withLock { $0.append(strongTracked.timesEnded) }
    }

    #expect(endings.value == [1, 1])
    #expect(tracked == nil)
    #expect(plain == nil)
    #expect(checkout.instanceCount == 0)
  }

  @Test func asyncEndAwaitsAsyncTeardown() async throws {
    let container = Container()
    container.register(AsyncTracked.self, lifetime: .flow) { _ in AsyncTracked() }
    let checkout = container.makeScope("checkout")
    let instance = try checkout.tryResolve(AsyncTracked.self)

    await checkout.end()

    #expect(instance.timesEnded == 1)
  }

  @Test func injectedPropertyFollowsTheEndOfItsFlow() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let checkout = container.makeScope("checkout")
    let holder = Holder(container: container)

    let (first, second, resolved) = try checkout.run {
      let first = holder.tracked
      checkout.end()
      return (first, holder.tracked, try container.tryResolve(Tracked.self))
    }

    #expect(first !== second)
    #expect(second === resolved)
  }

  @Test func resolvingAFlowDependencyWithNoScopeThrowsScopeRequired() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Tracked.self, fileID: "Shop/CartView.swift", line: 12)
    }

    #expect(error.code == .scopeRequired)
    #expect(error.chain == [DependencyKey(Tracked.self)])
    #expect(
      error.description == """
        ResolutionError: Tracked has the flow lifetime, but no flow scope is current
        ├─ Resolved via: Tracked
        ├─ Requested at: Shop/CartView.swift:12
        └─ To fix: resolve Tracked inside a flow scope, or register it with another lifetime.
        """)
  }

  @Test func scopeRequiredNamesTheChainThatLedToTheFlowDependency() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    container.register(Preferences.init)

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Preferences.self)
    }

    #expect(error.code == .scopeRequired)
    #expect(error.path == "Preferences → Tracked")
  }

  @Test func flowLifetimeRanksBelowSession() {
    #expect(Lifetime.flow.rank < Lifetime.session.rank)
    #expect(Lifetime.flow.rank > Lifetime.weak.rank)
    #expect(Lifetime.flow.description == "flow")
  }
}
