import Testing

@_spi(LoomInternals) @testable import Loom

/// A parent and a child that point at each other: the child gets its parent in its initializer,
/// the parent its child once both exist.
final class Parent: Sendable {
  private let childSlot = Lock<Child?>(nil)
  var child: Child? { childSlot.withLock { $0 } }
  func adopt(_ child: Child) { childSlot.withLock { $0 = child } }
}

final class Child: Sendable {
  let parent: Parent
  init(parent: Parent) { self.parent = parent }
}

/// Counts what a decorator saw.
final class Tally: Sendable {
  private let count = Lock(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}

/// A wrapper a decorator puts around a value.
struct Wrapped: Sendable {
  let inner: String
}

extension Container {
  fileprivate var declaredParent: Dependency<Parent> {
    Dependency(.graph) { _ in Parent() }
      .onCreated(dependencies: [DependencyKey(Child.self)]) { r, parent in
        parent.adopt(try r.tryResolve(Child.self))
      }
  }

  fileprivate var decoratedWord: Dependency<Wrapped> {
    Dependency { _ in Wrapped(inner: "word") }
      .decorated { _, value in Wrapped(inner: "[\(value.inner)]") }
      .decorated { _, value in Wrapped(inner: "<\(value.inner)>") }
  }
}

@Suite struct RegistrationHookTests {
  // MARK: Completion

  @Test func aGraphParentAndItsChildPointAtEachOtherThroughTheCompletion() throws {
    let container = Container()
    container.register(Parent.self, lifetime: .graph) { _ in Parent() }
      .onCreated(dependencies: [DependencyKey(Child.self)]) { r, parent in
        parent.adopt(try r.tryResolve(Child.self))
      }
    container.register(Child.init)

    let parent = try container.tryResolve(Parent.self)
    let child = try #require(parent.child)
    #expect(child.parent === parent)
    let another = try container.tryResolve(Parent.self)
    #expect(another !== parent)  // a new graph, a new pair
    #expect(another.child?.parent === another)
  }

  @Test func aDeclaredCompletionWiresTheSameWay() throws {
    let container = Container()
    container.register(Child.self) { r in Child(parent: try r.tryResolve(\.declaredParent)) }
    let parent = try container.tryResolve(\.declaredParent)
    #expect(parent.child?.parent === parent)
  }

  @Test func aSingletonsCompletionRunsOnceAndFindsTheSingleton() throws {
    let container = Container()
    let runs = Tally()
    container.register(Parent.self, lifetime: .singleton) { _ in Parent() }
      .onCreated { r, parent in
        runs.add()
        parent.adopt(try r.tryResolve(Child.self))
      }
    container.register(Child.init)
    let parent = try container.tryResolve(Parent.self)
    #expect(try container.tryResolve(Parent.self) === parent)
    #expect(parent.child?.parent === parent)
    #expect(runs.value == 1)
  }

  @Test func aCompletionsFailureReachesTheCallerNamingTheRegistration() {
    let container = Container()
    container.register(Parent.self, lifetime: .graph) { _ in Parent() }
      .onCreated { r, parent in parent.adopt(try r.tryResolve(Child.self)) }
    let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Parent.self) }
    #expect(error?.code == .notRegistered)
    #expect(error?.path == "Parent → Child")
  }

  @Test func aTransientThatResolvesItselfFromItsCompletionIsACycle() {
    let container = Container()
    container.register(Parent.self) { _ in Parent() }
      .onCreated { r, _ in _ = try r.tryResolve(Parent.self) }
    let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Parent.self) }
    #expect(error?.code == .cycle)
  }

  @Test func aCompletionEdgeOfAKeptInstanceIsNoCycle() throws {
    let container = Container()
    container.register(Parent.self, lifetime: .graph) { _ in Parent() }
      .onCreated(dependencies: [DependencyKey(Child.self)]) { r, parent in
        parent.adopt(try r.tryResolve(Child.self))
      }
    container.register(Child.init)
    let edge = try #require(container.graph.edges(from: DependencyKey(Parent.self)).first)
    #expect(edge.to == DependencyKey(Child.self))
    #expect(edge.isAfterCreation)
    #expect(!edge.isDeferred)
    #expect(edge.description == "Parent → Child (after creation)")
    #expect(container.validate().isValid)

    container.unregister(Child.self)
    #expect(container.validate().problems.map(\.code) == [.missing])
  }

  /// A transient parent's completion makes a child that takes a parent: each child makes a new
  /// parent, whose completion would make a new child. validate() reports the cycle that resolving
  /// throws.
  @Test func aCompletionEdgeOfATransientIsACycleForValidateAsForResolve() throws {
    let container = Container()
    container.register(Parent.self) { _ in Parent() }
      .onCreated(dependencies: [DependencyKey(Child.self)]) { r, parent in
        parent.adopt(try r.tryResolve(Child.self))
      }
    container.register(Child.init)
    #expect(container.validate().problems.map(\.code) == [.cycle])
    #expect(
      container.validate().problems.first?.summary == "dependency cycle: Child → Parent → Child")
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Parent.self) }
    #expect(error.code == .cycle)
  }

  // MARK: Decorators

  @Test func aDecoratorRunsOnEveryNewInstanceAndNeverOnACachedOne() throws {
    let container = Container()
    let transient = Tally()
    let singleton = Tally()
    container.register(Clock.self) { _ in Clock() }
      .decorated { _, clock in
        transient.add()
        return clock
      }
    container.register(Metrics.self, lifetime: .singleton) { _ in Metrics() }
      .decorated { _, metrics in
        singleton.add()
        return metrics
      }
    for _ in 0..<3 {
      _ = try container.tryResolve(Clock.self)
      _ = try container.tryResolve(Metrics.self)
    }
    #expect(transient.value == 3)
    #expect(singleton.value == 1)
  }

  @Test func aDecoratorsResultIsTheInstanceAndDeclaredDecoratorsApplyInOrder() throws {
    let container = Container()
    container.register(Wrapped.self, lifetime: .singleton) { _ in Wrapped(inner: "value") }
      .decorated { _, value in Wrapped(inner: "logged \(value.inner)") }
    #expect(try container.tryResolve(Wrapped.self).inner == "logged value")
    #expect(try container.tryResolve(\.decoratedWord).inner == "<[word]>")
  }

  @Test func anAsyncRegistrationIsDecoratedAndStaysAsync() async throws {
    let container = Container()
    container.register(Wrapped.self) { _ async in Wrapped(inner: "async") }
      .decorated { _, value in Wrapped(inner: "decorated \(value.inner)") }
    #expect(try await container.tryResolveAsync(Wrapped.self).inner == "decorated async")
    #expect(throws: ResolutionError.self) { try container.tryResolve(Wrapped.self) }
  }

  @Test func modifiersKeepOneRegistrationEvenUnderTheForbidPolicy() throws {
    let container = Container(overridePolicy: .forbid)
    container.register(Wrapped.self) { _ in Wrapped(inner: "x") }
      .decorated { _, value in Wrapped(inner: value.inner + "!") }
      .onCreated { _, _ in }
    #expect(try container.tryResolve(Wrapped.self).inner == "x!")
    #expect(container.graph.nodes.count == 1)
  }

  @Test func aHandleKeptAfterItsKeyWasRegisteredAgainChangesNothing() throws {
    let container = Container()
    let stale = container.register(Wrapped.self) { _ in Wrapped(inner: "first") }
    container.register(Wrapped.self) { _ in Wrapped(inner: "second") }
    stale.decorated { _, _ in Wrapped(inner: "stale") }
    #expect(try container.tryResolve(Wrapped.self).inner == "second")
  }
}
