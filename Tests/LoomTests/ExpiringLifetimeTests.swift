import LoomTestSupport
import Testing

@_spi(LoomInternals) @testable import Loom

@Suite struct ExpiringLifetimeTests {
  @Test func anInstanceIsSharedUntilItExpiresThenMadeAgain() throws {
    let clock = ManualClock()
    let container = Container()
    let made = Tally()
    container.register(Clock.self, lifetime: .expiring(after: .seconds(60), clock: clock)) { _ in
      made.add()
      return Clock()
    }
    let first = try container.tryResolve(Clock.self)
    clock.advance(by: .seconds(59))
    #expect(try container.tryResolve(Clock.self) === first)
    clock.advance(by: .seconds(1))
    let second = try container.tryResolve(Clock.self)
    #expect(second !== first)
    #expect(made.value == 2)
    clock.advance(by: .seconds(30))
    #expect(try container.tryResolve(Clock.self) === second)  // its own minute starts when made
  }

  @Test func eachRegistrationExpiresOnItsOwn() throws {
    let clock = ManualClock()
    let container = Container()
    container.register(Clock.self, lifetime: .expiring(after: .seconds(10), clock: clock)) { _ in
      Clock()
    }
    let clockInstance = try container.tryResolve(Clock.self)
    clock.advance(by: .seconds(5))
    container.register(Metrics.self, lifetime: .expiring(after: .seconds(10), clock: clock)) { _ in
      Metrics()
    }
    let metrics = try container.tryResolve(Metrics.self)
    clock.advance(by: .seconds(6))
    #expect(try container.tryResolve(Clock.self) !== clockInstance)
    #expect(try container.tryResolve(Metrics.self) === metrics)
  }

  @Test func resetDropsAnExpiringInstanceBeforeItsTime() throws {
    let clock = ManualClock()
    let container = Container()
    container.register(Clock.self, lifetime: .expiring(after: .seconds(60), clock: clock)) { _ in
      Clock()
    }
    let first = try container.tryResolve(Clock.self)
    container.reset()
    #expect(try container.tryResolve(Clock.self) !== first)
  }

  @Test func itIsNamedByItsDurationAndHoldingItInASingletonIsCaptive() {
    let lifetime = Lifetime.expiring(after: .seconds(60))
    #expect(lifetime.description == "expiring after 60.0 seconds")
    #expect(lifetime.isCached)
    #expect(lifetime.rank > Lifetime.weak.rank && lifetime.rank < Lifetime.singleton.rank)

    let container = Container()
    container.register(Clock.self, lifetime: lifetime) { _ in Clock() }
    container.register(lifetime: .singleton, Logger.init)
    let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Logger.self) }
    #expect(error?.code == .captiveDependency)
    #expect(container.validate().problems.map(\.code) == [.captive])
  }
}

/// Threads racing for an expiring instance while another advances the clock: each instance is
/// made exactly once per period, and every resolve gets one.
@Suite struct ExpiringLifetimeRaceTests {
  @Test func racingResolvesMakeOneInstancePerPeriod() async throws {
    let clock = ManualClock()
    let container = Container()
    let made = Tally()
    container.register(Clock.self, lifetime: .expiring(after: .seconds(1), clock: clock)) { _ in
      made.add()
      return Clock()
    }
    let periods = 20
    let served = Lock(0)
    let finished = await onThreads(count: 5) { index in
      for _ in 0..<periods {
        if index == 0 { clock.advance(by: .seconds(1)) }
        for _ in 0..<20 {
          if (try? container.tryResolve(Clock.self)) != nil { served.withLock { $0 += 1 } }
        }
      }
    }
    #expect(finished)
    #expect(served.withLock { $0 } == 5 * periods * 20)
    // At most one instance per period (plus the first), however many threads raced for it.
    #expect(made.value >= 1 && made.value <= periods + 1)
  }
}
