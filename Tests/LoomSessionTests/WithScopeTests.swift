@_spi(LoomInternals) import Loom
import LoomSession
import Testing

private struct Declined: Error {}

@Suite struct WithScopeTests {
  @Test func makesRunsAndEndsAScopeInOneCall() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }

    let (scope, explicit, current, name) = try container.withScope("checkout") { scope in
      (
        scope, try scope.tryResolve(Tracked.self), try container.tryResolve(Tracked.self),
        FlowScope.current?.name
      )
    }

    #expect(name == "checkout")
    #expect(scope.name == "checkout")
    #expect(scope.container === container)
    #expect(explicit === current)
    #expect(explicit.timesEnded == 1)
    #expect(scope.instanceCount == 0)
    #expect(FlowScope.current == nil)
  }

  @Test func theScopeEndsAndItsInstancesAreToldWhenTheBodyThrows() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let made = Lock<[Tracked]>([])
    weak var released: Tracked?

    do {
      #expect(throws: Declined.self) {
        try container.withScope("checkout") { scope in
          let tracked = try scope.tryResolve(Tracked.self)
          made.append(tracked)
          throw Declined()
        }
      }
      let tracked = try #require(made.value.first)
      released = tracked
      #expect(tracked.timesEnded == 1)
      made.withLock { $0.removeAll() }
    }

    #expect(released == nil)
    #expect(FlowScope.current == nil)
  }

  @Test func eachCallIsAFreshScope() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }

    let first = try container.withScope("checkout") { try $0.tryResolve(Tracked.self) }
    let second = try container.withScope("checkout") { try $0.tryResolve(Tracked.self) }

    #expect(first !== second)
  }

  @Test func scopesNestAndTheInnerOneEndsFirst() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }

    let (outer, inner, innerEndedFirst) = try container.withScope("checkout") { outerScope in
      let outer = try container.tryResolve(Tracked.self)
      let inner = try container.withScope("payment") { _ in
        try container.tryResolve(Tracked.self)
      }
      #expect(FlowScope.current === outerScope)
      return (outer, inner, inner.timesEnded == 1 && outer.timesEnded == 0)
    }

    #expect(outer !== inner)
    #expect(innerEndedFirst)
    #expect(outer.timesEnded == 1)
  }

  @Test func theAsyncFormCoversChildTasksAndAwaitsAsyncTeardown() async throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    container.register(AsyncTracked.self, lifetime: .flow) { _ in AsyncTracked() }

    let (tracked, asyncTracked) = try await container.withScope("sign-up") { scope in
      await Task.yield()
      let fromChildren = try await withThrowingTaskGroup(of: Tracked.self) { group in
        for _ in 0..<4 { group.addTask { try container.tryResolve(Tracked.self) } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(fromChildren.allSatisfy { $0 === fromChildren[0] })
      return (fromChildren[0], try scope.tryResolve(AsyncTracked.self))
    }

    #expect(tracked.timesEnded == 1)
    #expect(asyncTracked.timesEnded == 1)  // awaited before withScope returned
  }

  @Test func theAsyncFormEndsTheScopeWhenTheBodyThrows() async throws {
    let container = Container()
    container.register(AsyncTracked.self, lifetime: .flow) { _ in AsyncTracked() }
    let made = Lock<[AsyncTracked]>([])

    await #expect(throws: Declined.self) {
      try await container.withScope("sign-up") { scope in
        await Task.yield()
        made.append(try scope.tryResolve(AsyncTracked.self))
        throw Declined()
      }
    }

    let instance = try #require(made.value.first)
    #expect(instance.timesEnded == 1)
  }

  @Test @MainActor func theAsyncFormRunsTheBodyOnTheCallersActor() async {
    let container = Container()

    let onMain = await container.withScope("onboarding") { _ in
      await Task.yield()
      MainActor.assertIsolated()
      return true
    }

    #expect(onMain)
  }
}
