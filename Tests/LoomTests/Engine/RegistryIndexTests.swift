import LoomTestSupport
import Synchronization
import Testing

@_spi(LoomInternals) @testable import Loom

/// The lock-free index: publication, replacement, concurrent readers and what it releases.
@Suite struct RegistryIndexTests {
  @Test func aKeyIsFoundUnderItsProbeAndNameOnly() {
    let container = Container()
    container.register(Config.self, name: "a") { _ in Config(label: "a") }
    container.register(Config.self) { _ in Config(label: "unnamed") }
    #expect(container.localEntry(for: DependencyKey(Config.self, name: "a")) != nil)
    #expect(container.localEntry(for: DependencyKey(Config.self)) != nil)
    #expect(container.localEntry(for: DependencyKey(Config.self, name: "b")) == nil)
    #expect(container.localEntry(for: DependencyKey(Clock.self)) == nil)
  }

  @Test func growingTheTableKeepsEveryEntryAndReleasesTheOldTable() {
    let container = Container()
    for index in 0..<200 {
      container.register(Config.self, name: "k\(index)") { _ in Config(label: "\(index)") }
    }
    for index in 0..<200 {
      #expect(container.resolve(Config.self, name: "k\(index)").label == "\(index)")
    }
    #expect(container.sections.retiredCount == 0)
  }

  @Test func theFirstPublicationWins() {
    let container = Container()
    let entry = container.add(
      DependencyKey(Config.self), keyPath: nil, lifetime: .singleton,
      factory: FactoryClosure<Config>.sync({ _ in Config(label: "x") }), dependencies: [],
      location: CodeLocation())
    entry.publication.publish(Publication(Config(label: "first")))
    entry.publication.publish(Publication(Config(label: "second")))
    #expect(container.resolve(Config.self).label == "first")
  }

  @Test func replacingARegistrationReleasesTheOldFactoryAndInstance() {
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
    #expect(captured != nil)
    #expect(instance != nil)

    container.register(Clock.self, lifetime: .singleton) { _ in Clock() }
    #expect(captured == nil)
    #expect(instance == nil)
    #expect(container.resolve(Clock.self) !== instance)
  }

  @Test func replacingWhileEightThreadsResolveReleasesEverythingOnceTheyStop() async throws {
    let container = Container()
    container.register(Clock.self, lifetime: .singleton) { _ in Clock() }
    let done = Atomic(false)
    let replaced = Lock<[Weak]>([])
    let finished = await onThreads(count: 9) { index in
      if index == 8 {
        for _ in 0..<200 {
          let tracked = Tracked()
          let old = container.resolve(Clock.self)
          replaced.append(Weak(tracked: tracked, instance: old))
          container.register(Clock.self, lifetime: .singleton) { _ in
            withExtendedLifetime(tracked) { Clock() }
          }
        }
        // The last replacement holds nothing to watch.
        container.register(Clock.self, lifetime: .singleton) { _ in Clock() }
        done.store(true, ordering: .releasing)
      } else {
        while !done.load(ordering: .acquiring) { _ = container.resolve(Clock.self) }
      }
    }
    try #require(finished)
    // Every reader has stopped: the last one out released what was retired while it read.
    #expect(container.sections.openSections == 0)
    #expect(container.sections.retiredCount == 0)
    let alive = replaced.value.filter { $0.tracked != nil || $0.instance != nil }
    #expect(alive.isEmpty)
  }
}

/// Weak references to what a replaced registration held.
struct Weak: Sendable {
  weak var tracked: Tracked?
  weak var instance: Clock?
}
