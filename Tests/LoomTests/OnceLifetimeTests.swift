import Testing

@testable import Loom

extension Container {
  /// One instance for the whole process.
  fileprivate var processToken: Dependency<Token> { Dependency(.once) { _ in Token() } }
}

// NB: serialised, since `Lifetime.resetOnceInstances()` drops the instances of the whole process.
@Suite(.serialized) struct OnceLifetimeTests {
  @Test func aOnceInstanceIsSharedByTwoContainers() throws {
    Lifetime.resetOnceInstances()
    let first = Container()
    let second = Container()
    let token = try first.tryResolve(\.processToken)
    #expect(try second.tryResolve(\.processToken) === token)
    #expect(try Container().tryResolve(\.processToken) === token)  // a container made later too
  }

  @Test func registrationsAtTheSamePlaceShareTheirOnceInstance() throws {
    Lifetime.resetOnceInstances()
    func wire(_ container: Container) {
      container.register(Clock.self, lifetime: .once) { _ in Clock() }
    }
    let (first, second) = (Container(), Container())
    wire(first)
    wire(second)
    #expect(try first.tryResolve(Clock.self) === second.tryResolve(Clock.self))
  }

  @Test func resettingOnceInstancesMakesNewOnesForNewContainers() throws {
    Lifetime.resetOnceInstances()
    let before = try Container().tryResolve(\.processToken)
    Lifetime.resetOnceInstances()
    #expect(try Container().tryResolve(\.processToken) !== before)
  }

  @Test func onceOutranksSingletonForCaptiveChecks() {
    #expect(Lifetime.once.rank > Lifetime.singleton.rank)
    #expect(Lifetime.once.isCached)
    #expect(Lifetime.once.description == "once")
  }
}
