import Dispatch
@_spi(LoomInternals) import Loom
import Testing

/// An instance of a test-session registration, numbered in creation order.
final class SessionItem: Sendable {
  let number: Int

  init(number: Int) {
    self.number = number
  }
}

/// Records the lifetimes a custom lifetime sees around it.
struct ChainRecordingLifetime: CustomLifetime {
  static let seen = Lock<[[Lifetime]]>([])

  var name: String { "chain-recording" }
  var rank: LifetimeRank { LifetimeRank(500) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    Self.seen.append(context.chainLifetimes)
    return context.requester.instanceCache(for: "chain-recording")
  }
}

@Suite struct LifetimeEndTests {
  @Test(.timeLimit(.minutes(1)))
  func endingWhileAnInstanceIsBeingMadeHandsItToTheEndOrRetries() throws {
    let container = Container()
    let made = Counter()
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    container.register(SessionItem.self, lifetime: .testSession) { _ in
      let number = made.increment()
      if number == 1 {
        started.signal()
        release.wait()
      }
      return SessionItem(number: number)
    }
    let result = Lock<SessionItem?>(nil)
    let resolved = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      result.withLock { $0 = try? container.tryResolve(SessionItem.self) }
      resolved.signal()
    }
    started.wait()
    let cache = container.instanceCache(for: TestSessionLifetime.cacheIdentifier)
    let ended = Lock<[Int]>([])
    let endDone = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let values = cache.removeAllWaitingForCreations()
      ended.withLock { $0 = values.compactMap { ($0 as? SessionItem)?.number } }
      endDone.signal()
    }
    release.signal()
    #expect(endDone.wait(timeout: .now() + 20) == .success)
    #expect(resolved.wait(timeout: .now() + 20) == .success)
    let item = try #require(result.value)
    // The first instance belongs to the ended generation: the end got it; the resolve that made
    // it either finished before the end began or made the next one.
    #expect(ended.value.contains(1) || item.number == 1)
    if item.number != 1 { #expect(!ended.value.contains(item.number)) }
  }

  @Test func aCustomLifetimeSeesTheLifetimesBeingBuiltAroundIt() throws {
    let container = Container()
    // A singleton holding a shorter-lived instance, on purpose: the lifetime is the one to see it.
    container.checksCaptiveDependencies = false
    let recording = Lifetime.custom(ChainRecordingLifetime())
    container.register(SessionItem.self, lifetime: recording) { _ in SessionItem(number: 1) }
    container.register(Cart.self, lifetime: .singleton) { r in
      _ = try r.tryResolve(SessionItem.self)
      return Cart()
    }
    _ = try container.tryResolve(Cart.self)
    #expect(ChainRecordingLifetime.seen.value.last == [.singleton])
  }
}
