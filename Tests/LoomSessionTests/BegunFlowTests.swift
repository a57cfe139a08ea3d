import Loom
import LoomSession
import Testing

@Suite struct BegunFlowTests {
  @Test func aBegunFlowIsCurrentForTheContainerAndItsChildrenUntilItEnds() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }

    let checkout = container.beginScope("checkout")
    let first = try container.tryResolve(Tracked.self)
    let fromChild = try container.makeChild().tryResolve(Tracked.self)
    let explicit = try checkout.tryResolve(Tracked.self)
    checkout.end()

    #expect(first === fromChild)
    #expect(first === explicit)
    #expect(first.timesEnded == 1)
    #expect(checkout.isEnded)
    #expect(checkout.instanceCount == 0)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Tracked.self)
    }
    #expect(error.summary == "Tracked has the flow lifetime, but no flow scope is current")
  }

  @Test func aFlowBegunInOneTaskIsUsedAndEndedFromOthers() async throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }

    let checkout = await Task.detached { container.beginScope("checkout") }.value
    let resolved = try await withThrowingTaskGroup(of: Tracked.self) { group in
      for _ in 0..<4 { group.addTask { try container.tryResolve(Tracked.self) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    await Task.detached { checkout.end() }.value

    #expect(resolved.count == 4)
    #expect(resolved.allSatisfy { $0 === resolved[0] })
    #expect(resolved[0].timesEnded == 1)
    await #expect(throws: ResolutionError.self) {
      try await Task.detached { try container.tryResolve(Tracked.self) }.value
    }
  }

  @Test func usingAFlowAfterItEndedThrowsScopeRequiredNamingTheFlow() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    container.register(Plain.self) { _ in Plain() }
    let checkout = container.beginScope("checkout")
    let cart = ScopedInjected<Tracked>(in: checkout)
    _ = try cart.get()
    checkout.end()

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try checkout.tryResolve(Tracked.self)
    }
    #expect(error.code == .scopeRequired)
    #expect(
      error.description == """
        ResolutionError: Tracked has the flow lifetime, but the flow "checkout" it was resolved in \
        has ended
        ├─ Resolved via: Tracked
        ├─ Requested at: LoomSessionTests/BegunFlowTests.swift:\(line + 1)
        └─ To fix: resolve Tracked in a running flow: begin a new one with \
        `container.beginScope("checkout")` or `withScope`, rather than keeping the scope of one \
        that ended.
        """)
    // Every way of reaching the ended flow is refused the same way.
    let throughProperty = try #require(throws: ResolutionError.self) { try cart.get() }
    let throughRun = try #require(throws: ResolutionError.self) {
      try checkout.run { try container.tryResolve(Tracked.self) }
    }
    #expect(throughProperty.summary == error.summary)
    #expect(throughRun.summary == error.summary)
    #expect(checkout.instanceCount == 0)
    // What has no flow lifetime resolves as before.
    _ = try checkout.tryResolve(Plain.self)
  }

  @Test func endingTwiceIsHarmless() async throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    container.register(AsyncTracked.self, lifetime: .flow) { _ in AsyncTracked() }
    let signUp = container.beginScope("sign-up")
    let tracked = try container.tryResolve(Tracked.self)
    let asyncTracked = try container.tryResolve(AsyncTracked.self)

    await signUp.end()
    let endSynchronously = { signUp.end() }  // the synchronous form, from async code
    endSynchronously()
    await signUp.end()

    #expect(tracked.timesEnded == 1)
    #expect(asyncTracked.timesEnded == 1)
    #expect(signUp.isEnded)
  }

  @Test func flowsBegunOnOneContainerNestAndMayEndInAnyOrder() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }

    let outer = container.beginScope("checkout")
    let outerCart = try container.tryResolve(Tracked.self)
    let inner = container.beginScope("payment")
    let innerCart = try container.tryResolve(Tracked.self)
    outer.end()
    let stillInner = try container.tryResolve(Tracked.self)
    inner.end()

    #expect(outerCart !== innerCart)
    #expect(stillInner === innerCart)
    #expect(outerCart.timesEnded == 1)
    #expect(innerCart.timesEnded == 1)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Tracked.self) }
  }

  @Test func aScopeCurrentForTheTaskComesBeforeTheBegunFlow() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let checkout = container.beginScope("checkout")
    defer { checkout.end() }

    let inCheckout = try container.tryResolve(Tracked.self)
    let inPayment = try container.withScope("payment") { _ in
      try container.tryResolve(Tracked.self)
    }

    #expect(inCheckout !== inPayment)
    #expect(inPayment.timesEnded == 1)
    #expect(try container.tryResolve(Tracked.self) === inCheckout)
  }

  @Test func aFlowBegunOnAChildIsNotCurrentForItsParent() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let child = container.makeChild()
    let checkout = child.beginScope("checkout")
    defer { checkout.end() }

    _ = try child.tryResolve(Tracked.self)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Tracked.self) }
  }

  @Test func aWithScopeScopeKeptPastItsCallIsEndedToo() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }

    let kept = container.withScope("checkout") { $0 }

    #expect(kept.isEnded)
    let error = try #require(throws: ResolutionError.self) {
      try kept.tryResolve(Tracked.self)
    }
    #expect(
      error.summary
        == "Tracked has the flow lifetime, but the flow \"checkout\" it was resolved in has ended")
  }

  @Test func aMadeScopeStaysReusableAfterItEnds() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let checkout = container.makeScope("checkout")

    let first = try checkout.tryResolve(Tracked.self)
    checkout.end()
    let second = try checkout.tryResolve(Tracked.self)
    checkout.end()

    #expect(first !== second)
    #expect(!checkout.isEnded)
    #expect(second.timesEnded == 1)
  }
}
