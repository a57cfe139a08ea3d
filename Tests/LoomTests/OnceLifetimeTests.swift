import Testing

@testable import Loom

extension Container {
  /// One instance for the whole process.
  fileprivate var processToken: Dependency<Token> { Dependency(.once) { _ in Token() } }
}

// NB: no test here drops the process's `.once` instances in this process: suites running beside
// it (here and in the other test targets, one process) hold `.once` instances they compare by
// identity. `Lifetime.resetOnceInstances()` is checked in a child process (an exit test).
@Suite struct OnceLifetimeTests {
  @Test func aOnceInstanceIsSharedByTwoContainers() throws {
    let first = Container()
    let second = Container()
    let token = try first.tryResolve(\.processToken)
    #expect(try second.tryResolve(\.processToken) === token)
    #expect(try Container().tryResolve(\.processToken) === token)  // a container made later too
  }

  @Test func registrationsAtTheSamePlaceShareTheirOnceInstance() throws {
    func wire(_ container: Container) {
      container.register(Clock.self, lifetime: .once) { _ in Clock() }
    }
    let (first, second) = (Container(), Container())
    wire(first)
    wire(second)
    #expect(try first.tryResolve(Clock.self) === second.tryResolve(Clock.self))
  }

  @Test func resettingOnceInstancesMakesNewOnesForNewContainers() async {
    await #expect(processExitsWith: .success) {
      let before = try Container().tryResolve(\.processToken)
      Lifetime.resetOnceInstances()
      let after = try Container().tryResolve(\.processToken)
      precondition(after !== before, "the process's .once instance was kept")
    }
  }

  @Test func onceOutranksSingletonForCaptiveChecks() {
    #expect(Lifetime.once.rank > Lifetime.singleton.rank)
    #expect(Lifetime.once.isCached)
    #expect(Lifetime.once.description == "once")
  }
}
