import LoomTestSupport
import Synchronization
import Testing

@_spi(LoomInternals) @testable import Loom

@Suite struct ResetAndRemoveTests {
  @Test func unregisteringAKeyFallsBackToTheParent() throws {
    let parent = Container()
    parent.register(Config.self, instance: Config(label: "parent"))
    let child = parent.makeChild()
    child.register(Config.self, instance: Config(label: "child"))
    #expect(try child.tryResolve(Config.self) == Config(label: "child"))

    #expect(child.unregister(Config.self))
    #expect(try child.tryResolve(Config.self) == Config(label: "parent"))
    #expect(!child.unregister(Config.self))  // nothing left to remove
  }

  @Test func unregisteringANamedKeyLeavesTheOtherNames() throws {
    let container = Container()
    container.register(Config.self, name: "a", instance: Config(label: "a"))
    container.register(Config.self, name: "b", instance: Config(label: "b"))
    #expect(container.unregister(Config.self, name: "a"))
    #expect(throws: ResolutionError.self) { try container.tryResolve(Config.self, name: "a") }
    #expect(try container.tryResolve(Config.self, name: "b") == Config(label: "b"))
    #expect(container.dump().contains("Config (name: \"b\")"))
    #expect(!container.dump().contains("Config (name: \"a\")"))
  }

  @Test func unregisteringAKeyPathFallsBackToItsDefault() throws {
    let container = Container()
    container.register(\.primaryLabel) { _ in Label(text: "override") }
    #expect(try container.tryResolve(\.primaryLabel) == Label(text: "override"))
    #expect(container.unregister(\.primaryLabel))
    #expect(try container.tryResolve(\.primaryLabel) == Label(text: "primary"))
  }

  @Test func unregisteringReleasesTheFactorysCapturesAndTheInstance() {
    let container = Container()
    weak var captured: Tracked?
    weak var instance: Clock?
    do {
      let tracked = Tracked()
      captured = tracked
      container.register(Clock.self, lifetime: .singleton) { _ in
        withExtendedLifetime(tracked) { Clock() }
      }
      instance = container.resolve(Clock.self)
    }
    #expect(container.unregister(Clock.self))
    #expect(captured == nil)
    #expect(instance == nil)
  }

  @Test func resetMakesNewSingletonsWithTheSameWiringAndReleasesTheOldOnes() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .singleton) { _ in Clock() }
    container.register(Logger.self, lifetime: .singleton, Logger.init)
    weak var oldClock: Clock?
    do {
      let logger = container.resolve(Logger.self)
      oldClock = logger.clock
    }
    container.reset()
    #expect(oldClock == nil)
    let logger = container.resolve(Logger.self)
    #expect(logger.clock === container.resolve(Clock.self))
  }

  @Test func resetEmptiesTheContainersCustomLifetimeCaches() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .testSession) { _ in Cart() }
    let first = try container.tryResolve(Cart.self)
    container.reset()
    #expect(try container.tryResolve(Cart.self) !== first)
  }

  @Test func resettingEverythingLeavesAnEmptyContainer() throws {
    let container = Container()
    container.register(Config.self, instance: Config(label: "a"))
    container.addStartupTask("task") { _ in }
    let seen = Counter()
    container.onResolve { _ in seen.increment() }
    _ = try container.tryResolve(Config.self)
    #expect(seen.value == 1)

    container.reset(.everything)
    #expect(container.dump() == "Container: 0 registrations")
    #expect(throws: ResolutionError.self) { try container.tryResolve(Config.self) }
    container.register(Config.self, instance: Config(label: "b"))
    _ = try container.tryResolve(Config.self)
    #expect(seen.value == 1)  // the observer went too
  }

  @Test func removingAndResettingWhileEightThreadsResolveLeavesNothingDangling() async throws {
    let container = Container()
    container.register(Clock.self, lifetime: .singleton) { _ in Clock() }
    let done = Atomic(false)
    let watched = Lock<[Weak]>([])
    let finished = await onThreads(count: 9) { index in
      if index == 8 {
        for round in 0..<100 {
          let tracked = Tracked()
          container.register(Clock.self, lifetime: .singleton) { _ in
            withExtendedLifetime(tracked) { Clock() }
          }
          watched.append(Weak(tracked: tracked, instance: try? container.tryResolve(Clock.self)))
          if round.isMultiple(of: 2) { container.unregister(Clock.self) } else { container.reset() }
        }
        container.unregister(Clock.self)
        done.store(true, ordering: .releasing)
      } else {
        while !done.load(ordering: .acquiring) { _ = try? container.tryResolve(Clock.self) }
      }
    }
    try #require(finished)
    #expect(container.sections.openSections == 0)
    let alive = watched.value.filter { $0.tracked != nil || $0.instance != nil }
    #expect(alive.isEmpty)
  }
}
