import LoomTestSupport
import Synchronization
import Testing

@_spi(LoomInternals) @testable import Loom

/// The lock-free side of custom-lifetime caches: a container's directory of caches, a cache's
/// published instances, and what ending a generation releases and hands to `discard(_:)`.
@Suite struct InstanceCacheReadTests {
  @Test func aContainerFindsEachCacheByIdentifierUntilResetDropsThem() {
    let container = Container()
    weak var dropped: InstanceCache?
    weak var droppedOther: InstanceCache?
    do {
      let first = container.instanceCache(for: "a")
      let other = container.instanceCache(for: "b")
      #expect(container.instanceCache(for: "a") === first)
      #expect(container.instanceCache(for: "b") === other)
      #expect(first !== other)
      var found: [ObjectIdentifier] = []
      container.withInstanceCache(for: "b") { found.append(ObjectIdentifier($0)) }
      container.withInstanceCache(for: "c") { found.append(ObjectIdentifier($0)) }
      #expect(found == [ObjectIdentifier(other)])
      dropped = first
      droppedOther = other
    }
    #expect(dropped != nil)
    #expect(droppedOther != nil)

    container.reset(.everything)
    #expect(dropped == nil)
    #expect(droppedOther == nil)  // so the cache "b" names next is a new one
    #expect(container.sections.retiredCount == 0)
    // NB: not compared by `ObjectIdentifier` with the dropped one: the allocator may reuse its
    // address for the new cache.
    container.withInstanceCache(for: "b") { _ in Issue.record("a dropped cache was found") }
  }

  @Test func aKeptInstanceIsReadUntilItsCacheIsEmptiedAndThenReleased() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .testSession) { _ in Clock() }
    let cache = container.instanceCache(for: TestSessionLifetime.cacheIdentifier)
    let registration = try #require(container.localEntry(for: DependencyKey(Clock.self)))
      .registration
    weak var made: Clock?
    do {
      let clock = container.resolve(Clock.self)
      made = clock
      let box = try #require(cache.box(of: registration))
      #expect((box as? Publication<Clock>)?.value === clock)
      #expect(container.resolve(Clock.self) === clock)
    }
    #expect(made != nil)

    do {
      let removed = cache.removeAllWaitingForCreations()
      #expect(removed.count == 1)
      #expect(cache.box(of: registration) == nil)
    }
    #expect(made == nil)
    #expect(container.resolve(Clock.self) !== made)
  }

  @Test func endingWhileEightThreadsReadReleasesEverythingOnceTheyStop() async throws {
    let container = Container()
    container.register(Clock.self, lifetime: .testSession) { _ in Clock() }
    let cache = container.instanceCache(for: TestSessionLifetime.cacheIdentifier)
    let done = Atomic(false)
    let ended = Lock<[Weak]>([])
    let finished = await onThreads(count: 9) { index in
      if index == 8 {
        for _ in 0..<200 {
          for value in cache.removeAllWaitingForCreations() {
            ended.append(Weak(tracked: nil, instance: value as? Clock))
          }
        }
        done.store(true, ordering: .releasing)
      } else {
        while !done.load(ordering: .acquiring) { _ = container.resolve(Clock.self) }
      }
    }
    try #require(finished)
    _ = cache.removeAll()
    #expect(container.sections.openSections == 0)
    #expect(container.sections.retiredCount == 0)
    #expect(ended.value.allSatisfy { $0.instance == nil })
  }

  @Test func anInstanceMadeForACacheThatWasEmptiedWithoutWaitingGoesToDiscard() throws {
    let container = Container()
    let discarded = DiscardLog()
    let lifetime = Lifetime.custom(DiscardingLifetime(log: discarded))
    let cache = container.instanceCache(for: DiscardingLifetime.cacheIdentifier)
    let count = Atomic(0)
    container.register(Clock.self, lifetime: lifetime) { _ in
      // The first creation empties its own cache without waiting, as a lifetime ending
      // elsewhere could.
      if count.add(1, ordering: .relaxed).newValue == 1 { cache.removeAll() }
      return Clock()
    }

    let resolved = container.resolve(Clock.self)

    #expect(count.load(ordering: .relaxed) == 2)
    let values = discarded.values
    try #require(values.count == 1)
    #expect(values[0] !== resolved)
    #expect(container.resolve(Clock.self) === resolved)
  }

  @Test func anInstanceWhoseFactoryEndsItsOwnCacheGoesToDiscardButResetTellsNobody() throws {
    let container = Container()
    let discarded = DiscardLog()
    let lifetime = Lifetime.custom(DiscardingLifetime(log: discarded))
    let cache = container.instanceCache(for: DiscardingLifetime.cacheIdentifier)
    let count = Atomic(0)
    container.register(Clock.self, lifetime: lifetime) { _ in
      switch count.add(1, ordering: .relaxed).newValue {
      case 1: #expect(cache.removeAllWaitingForCreations().isEmpty)
      case 2: container.reset()
      default: break
      }
      return Clock()
    }

    let resolved = container.resolve(Clock.self)

    // The first was handed to `discard`; the second was dropped by `reset`, which tells nobody.
    #expect(count.load(ordering: .relaxed) == 3)
    #expect(discarded.values.count == 1)
    #expect(container.resolve(Clock.self) === resolved)
  }
}

/// What a ``DiscardingLifetime`` was handed.
private final class DiscardLog: Sendable {
  private let state = Lock<[Clock]>([])
  var values: [Clock] { state.value }
  func record(_ value: any Sendable) { state.withLock { $0.append(value as! Clock) } }
}

/// A per-container lifetime that records what it is asked to discard.
private struct DiscardingLifetime: CustomLifetime {
  static let cacheIdentifier = "loom.tests.discarding"
  let log: DiscardLog

  var name: String { "discarding" }
  var rank: LifetimeRank { LifetimeRank(900) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache {
    context.requester.instanceCache(for: Self.cacheIdentifier)
  }

  func discard(_ instance: any Sendable) { log.record(instance) }
}
