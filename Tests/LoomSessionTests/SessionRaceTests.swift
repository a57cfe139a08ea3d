@_spi(LoomInternals) import Loom
import LoomSession
import Testing

@Suite struct SessionRaceTests {
  /// What the racing tasks share: the session number factories read, and whether the session end
  /// has returned.
  private struct RaceState {
    var session = 0
    var endsReturned = 0
    var resolves = 0
    var made: [Tracked] = []
  }

  /// One resolve, and how many `endSession()` calls had returned before it started.
  private struct Observation: Sendable {
    let endsBefore: Int
    let instance: Tracked
  }

  private static let ends = 3

  @Test(arguments: 0..<4)
  func resolvesRacingEndSessionGetTheNewSessionAndEveryInstanceIsToldOnce(round: Int) async throws {
    let container = Container()
    let state = Lock(RaceState())
    container.register(Tracked.self, lifetime: .session) { _ in
      state.withLock { state in
        let made = Tracked(tag: state.session)
        state.made.append(made)
        return made
      }
    }
    let observations = try await withThrowingTaskGroup(of: [Observation].self) { group in
      group.addTask {
        // End a few times among the resolves; creations may be in flight at each end.
        for end in 1...Self.ends {
          while state.withLock({ $0.resolves }) < 64 * end { await Task.yield() }
          state.withLock { $0.session = end }
          endSynchronously(container)
          state.withLock { $0.endsReturned = end }
        }
        return []
      }
      for _ in 0..<32 {
        group.addTask {
          var seen: [Observation] = []
          var afterLastEnd = 0
          // Bounded: stops 20 resolves after seeing the last end, or after 20,000 resolves.
          for _ in 0..<20_000 where afterLastEnd < 20 {
            let endsBefore = state.withLock { state in
              state.resolves += 1
              return state.endsReturned
            }
            let instance = try container.tryResolve(Tracked.self)
            seen.append(Observation(endsBefore: endsBefore, instance: instance))
            if endsBefore == Self.ends { afterLastEnd += 1 }
            await Task.yield()
          }
          return seen
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    await container.endSession()

    // Every instance handed out belongs to a session that had not ended when its resolve began.
    #expect(observations.filter { $0.endsBefore == Self.ends }.count >= 32 * 20)
    #expect(observations.allSatisfy { $0.instance.tag >= $0.endsBefore })
    // Every instance ever made, in flight at an end or not, was told exactly once.
    let made = state.value.made
    #expect(made.count >= Self.ends + 1)
    #expect(made.allSatisfy { $0.timesEnded == 1 })
  }

  /// The synchronous `endSession()`, which async code cannot pick without a synchronous wrapper.
  private func endSynchronously(_ container: Container) {
    container.endSession()
  }

  @Test func concurrentEndSessionsTellEachInstanceOnce() async throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked() }
    container.register(Plain.self, lifetime: .session) { _ in Plain() }
    let tracked = try container.tryResolve(Tracked.self)
    _ = try container.tryResolve(Plain.self)

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<32 {
        group.addTask { await container.endSession() }
      }
    }

    #expect(tracked.timesEnded == 1)
  }
}
