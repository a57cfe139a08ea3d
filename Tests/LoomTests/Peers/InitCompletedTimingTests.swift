import Testing

@_spi(LoomInternals) @testable import Loom

/// Swinject's `initCompleted` timing, as `onCreated`: a completion runs when the outermost
/// resolve's graph is complete, so a parent and a child that point at each other wire up in
/// either resolution order (Swinject's circular-dependency tests), at most once per instance, and
/// before the caller receives the instance.
@Suite struct InitCompletedTimingTests {
  /// Registers `Parent` (with `lifetime`), whose completion adopts a `Child`, and
  /// `Child.init(parent:)`.
  func parentAndChild(_ lifetime: Lifetime, counting runs: Counter = Counter()) -> Container {
    let container = Container()
    container.register(Parent.self, lifetime: lifetime) { _ in Parent() }
      .onCreated(dependencies: [DependencyKey(Child.self)]) { r, parent in
        runs.increment()
        parent.adopt(try r.tryResolve(Child.self))
      }
    container.register(Child.init)
    return container
  }

  @Test(arguments: [Lifetime.graph, .singleton, .weak])
  func resolvingTheParentFirstWiresTheChildBack(lifetime: Lifetime) throws {
    let runs = Counter()
    let container = parentAndChild(lifetime, counting: runs)
    let parent = try container.tryResolve(Parent.self)
    let child = try #require(parent.child)
    #expect(child.parent === parent)
    #expect(runs.value == 1)
  }

  @Test(arguments: [Lifetime.graph, .singleton, .weak])
  func resolvingTheChildFirstWiresTheSameParent(lifetime: Lifetime) throws {
    let runs = Counter()
    let container = parentAndChild(lifetime, counting: runs)
    let child = try container.tryResolve(Child.self)
    // The parent's completion ran before the child was handed back, and adopted a child of this
    // very parent (for `.graph`, the one resolve's; else its own, made by the completion).
    let adopted = try #require(child.parent.child)
    #expect(adopted.parent === child.parent)
    #expect(runs.value == 1)
  }

  @Test func aTransientParentWhoseChildTakesAParentIsACycle() throws {
    let container = parentAndChild(.transient)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Parent.self)
    }
    #expect(error.code == .cycle)
    #expect(error.path == "Parent → Child → Parent")
  }

  @Test func transientsWhoseCompletionsMakeEachOtherAreACycle() throws {
    // Each completion makes a new instance of the other, whose completion runs in turn: without
    // the check this resolve never returns.
    let container = Container()
    container.register(Ping.self, lifetime: .transient) { _ in Ping() }
      .onCreated { r, _ in _ = try r.tryResolve(Pong.self) }
    container.register(Pong.self, lifetime: .transient) { _ in Pong() }
      .onCreated { r, _ in _ = try r.tryResolve(Ping.self) }
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Ping.self) }
    #expect(error.code == .cycle)
    #expect(error.summary == "dependency cycle: Ping → Pong → Ping")
  }

  @Test func completionsRunInTheOrderTheirInstancesWereMadeAfterTheOutermostFactory() throws {
    struct Leaf: Sendable {}
    struct Root: Sendable { let leaf: Leaf }
    let order = Lock<[String]>([])
    let container = Container()
    container.register(Leaf.self) { _ in
      order.append("make Leaf")
      return Leaf()
    }.onCreated { _, _ in order.append("complete Leaf") }
    container.register(Root.self) { r in
      let leaf = try r.tryResolve(Leaf.self)
      order.append("make Root")
      return Root(leaf: leaf)
    }.onCreated { _, _ in order.append("complete Root") }
    _ = try container.tryResolve(Root.self)
    #expect(order.value == ["make Leaf", "make Root", "complete Leaf", "complete Root"])
  }

  @Test func aCompletionsErrorIsToldFromTheChainThatMadeTheInstance() throws {
    struct Screen: Sendable { let parent: Parent }
    let container = Container()
    container.register(Parent.self, lifetime: .graph) { _ in Parent() }
      .onCreated { r, parent in parent.adopt(try r.tryResolve(Child.self)) }
    container.register(Screen.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Screen.self)
    }
    #expect(error.code == .notRegistered)
    #expect(error.path == "Screen → Parent → Child")
  }

  @Test func anAsynchronousResolveRunsCompletionsBeforeItReturns() async throws {
    let container = parentAndChild(.singleton)
    let child = try await container.tryResolveAsync(Child.self)
    #expect(child.parent.child?.parent === child.parent)
  }

  @Test func aSingletonsCompletionRunsEvenWhenItsResolveFailsLater() throws {
    struct Missing: Sendable {}
    struct Screen: Sendable {
      let parent: Parent
      let missing: Missing
    }
    let runs = Counter()
    let container = parentAndChild(.singleton, counting: runs)
    container.register(Screen.init)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Screen.self) }
    #expect(runs.value == 1)
    #expect(try container.tryResolve(Parent.self).child != nil)
    #expect(runs.value == 1)
  }
}
