import Dispatch
import Foundation
@_spi(LoomInternals) import Loom
import LoomSession
import Synchronization
import Testing

/// Every instance a session or flow factory makes is told exactly once: the ones handed to callers
/// when their session or flow ends, the ones made while it ended as soon as they are dropped.
@Suite struct EveryInstanceToldTests {
  /// Resolves per race, and the time a race may take at most.
  private static let resolves = 100_000
  private static let limit = Duration.seconds(10)

  @Test func sessionInstancesMadeWhileTheSessionEndsAreEachToldOnce() {
    let container = Container()
    let made = Lock<[Tracked]>([])
    container.register(Tracked.self, lifetime: .session) { _ in
      let tracked = Tracked()
      made.append(tracked)
      return tracked
    }

    let ends = race(
      resolving: { _ = try? container.tryResolve(Tracked.self) },
      ending: { container.endSession() })
    container.endSession()

    let instances = made.value
    #expect(ends > 0)
    #expect(instances.count > 1)
    #expect(instances.filter { $0.timesEnded != 1 }.isEmpty)
  }

  @Test func flowInstancesMadeWhileTheFlowEndsAreEachToldOnce() {
    let container = Container()
    let made = Lock<[Tracked]>([])
    container.register(Tracked.self, lifetime: .flow) { _ in
      let tracked = Tracked()
      made.append(tracked)
      return tracked
    }
    let scope = container.makeScope("race")

    let ends = race(
      resolving: { _ = try? scope.tryResolve(Tracked.self) },
      ending: { scope.end() })
    scope.end()

    let instances = made.value
    #expect(ends > 0)
    #expect(instances.count > 1)
    #expect(instances.filter { $0.timesEnded != 1 }.isEmpty)
  }

  @Test func anInstanceWhoseFactoryEndsItsOwnSessionIsToldAndTheResolveGetsANewOne() throws {
    let container = Container()
    let made = Lock<[Tracked]>([])
    container.register(Tracked.self, lifetime: .session) { _ in
      let tracked = Tracked(tag: made.value.count)
      made.append(tracked)
      // The first one ends the session it is being made for: nobody can wait for it.
      if tracked.tag == 0 { container.endSession() }
      return tracked
    }

    let resolved = try container.tryResolve(Tracked.self)

    let instances = made.value
    try #require(instances.count == 2)
    #expect(instances[0].timesEnded == 1)
    #expect(resolved === instances[1])
    #expect(resolved.timesEnded == 0)
    container.endSession()
    #expect(resolved.timesEnded == 1)
  }

  @Test func anInstanceWhoseFactoryEndsItsOwnFlowIsToldAndTheResolveGetsANewOne() throws {
    let container = Container()
    let scope = container.makeScope("self-ending")
    let made = Lock<[Tracked]>([])
    container.register(Tracked.self, lifetime: .flow) { _ in
      let tracked = Tracked(tag: made.value.count)
      made.append(tracked)
      if tracked.tag == 0 { scope.end() }
      return tracked
    }

    let resolved = try scope.tryResolve(Tracked.self)

    let instances = made.value
    try #require(instances.count == 2)
    #expect(instances[0].timesEnded == 1)
    #expect(resolved === instances[1])
    #expect(resolved.timesEnded == 0)
  }

  /// An asynchronous factory runs as a filling of its own, not as its thread's: ending its own
  /// session, by the synchronous or the asynchronous call, must not wait for itself.
  @Test(.timeLimit(.minutes(1)), arguments: [false, true])
  func anAsyncFactoryThatEndsItsOwnSessionDoesNotWaitForItself(endsAsynchronously: Bool)
    async throws
  {
    let container = Container()
    let made = Lock<[Tracked]>([])
    container.register(Tracked.self, lifetime: .session) { _ async in
      let tracked = Tracked(tag: made.value.count)
      made.append(tracked)
      if tracked.tag == 0 {
        if endsAsynchronously {
          await container.endSession()
        } else {
          Self.endSynchronously(container)
        }
      }
      return tracked
    }

    let resolved = try await container.tryResolveAsync(Tracked.self)

    let instances = made.value
    try #require(instances.count == 2)
    #expect(instances[0].timesEnded == 1)
    #expect(resolved === instances[1])
    #expect(resolved.timesEnded == 0)
  }

  /// `endSession()` from a synchronous function: in an `async` one the call picks the
  /// asynchronous overload.
  private static func endSynchronously(_ container: Container) { container.endSession() }

  /// Runs `resolve` on this thread and `end` on another at the same time, until this thread has
  /// resolved ``resolves`` times or ``limit`` has passed; returns how many times `end` ran.
  private func race(
    resolving resolve: @Sendable () -> Void, ending end: @escaping @Sendable () -> Void
  ) -> Int {
    let deadline = ContinuousClock.now + Self.limit
    let state = RaceState()
    let done = DispatchGroup()
    done.enter()
    // NB: a thread of its own, not a global queue: with the whole suite running (under
    // ThreadSanitizer, slowly), the queue's threads can all be taken, and the ender then started
    // only after the deadline, so nothing raced (CI saw 0 instances made, 48 s).
    Thread {
      repeat {
        end()
        state.ends.wrappingAdd(1, ordering: .relaxed)
      } while state.resolving.load(ordering: .acquiring) && ContinuousClock.now < deadline
      done.leave()
    }.start()
    // The ender has started before the resolves do.
    while state.ends.load(ordering: .relaxed) == 0, ContinuousClock.now < deadline {}
    for _ in 0..<Self.resolves where ContinuousClock.now < deadline { resolve() }
    state.resolving.store(false, ordering: .releasing)
    done.wait()
    return state.ends.load(ordering: .relaxed)
  }
}

/// What the two threads of a race share.
private final class RaceState: Sendable {
  let resolving = Atomic(true)
  let ends = Atomic(0)
}
