import Foundation
import LoomTestSupport
import Synchronization
import Testing

@_spi(LoomInternals) @testable import Loom

/// The concurrency contract, each clause under the interleaving that once broke it: a cross-thread
/// cycle only when the loop really closes, waiters told the factory's outcome (never another
/// caller's failure) with their own chain, and synchronous callers waiting for a synchronous
/// factory whoever started it. Bounded in count and time; the assertions hold in every
/// interleaving, and the loops make the racy ones likely.
@Suite struct ConcurrencyContractTests {
  final class Shared: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
  }

  final class Holder: Sendable {
    let shared: Shared
    init(shared: Shared) { self.shared = shared }
  }

  /// A `.weak` holder over a slow singleton, both resolved by many threads, on containers replaced
  /// as they go: a thread that finished building the singleton and moved on must never be read as
  /// still building it (that was a false "dependency cycle across threads: Holder → Holder").
  @Test(.timeLimit(.minutes(1)))
  func aFinishedBuildIsNeverReadAsAWait() async {
    let current = Lock(Container())
    let made = Atomic<Int>(0)
    @Sendable func wired() -> Container {
      let container = Container()
      container.register(Shared.self, lifetime: .singleton) { _ in
        usleep(20)
        return Shared(id: made.add(1, ordering: .relaxed).newValue)
      }
      container.register(Holder.self, lifetime: .weak) { r in Holder(shared: try r.tryResolve()) }
      return container
    }
    current.withLock { $0 = wired() }
    let failures = Lock<[String]>([])
    let finished = await onThreads(count: 16, timeout: .seconds(50)) { index in
      for round in 0..<10_000 {
        if index == 0, round.isMultiple(of: 50) { current.withLock { $0 = wired() } }
        let container = current.withLock { $0 }
        do throws(ResolutionError) {
          if (round + index).isMultiple(of: 2) {
            _ = try container.tryResolve(Holder.self)
          } else {
            _ = try container.tryResolve(Shared.self)
          }
        } catch {
          failures.withLock { if $0.count < 3 { $0.append(error.description) } }
        }
      }
    }
    #expect(finished)
    #expect(failures.value == [])
  }

  /// A synchronous caller of an asynchronous singleton fails with its own error; the tasks that
  /// await the same singleton meanwhile are never handed that failure, and one of them builds it.
  ///
  /// Two minutes: on two cores under ThreadSanitizer, with the other suites' threads running, its
  /// 150 rounds have taken up to 100 seconds (4 seconds alone).
  @Test(.timeLimit(.minutes(2)))
  func aSynchronousCallersFailureIsNotHandedToTheTasksThatAwait() async throws {
    struct Session: Sendable { let id: Int }
    struct Screen: Sendable { let session: Session }
    for round in 0..<150 {
      let container = Container()
      let built = Counter()
      container.register(Session.self, lifetime: .singleton) { _ async in
        try? await Task.sleep(nanoseconds: 200_000)
        return Session(id: built.increment())
      }
      container.register(Screen.self) { r in Screen(session: try r.tryResolve()) }
      let syncErrors = Lock<[ResolutionError]>([])
      async let threadsFinished = onThreads(count: 4, timeout: .seconds(20)) { _ in
        for _ in 0..<20 {
          do throws(ResolutionError) {
            _ = try container.tryResolve(Screen.self)
          } catch {
            syncErrors.append(error)
          }
        }
      }
      let sessions = try await withThrowingTaskGroup(of: Session.self) { group in
        for _ in 0..<4 {
          group.addTask { try await container.tryResolveAsync(Session.self) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(await threadsFinished)
      #expect(Set(sessions.map(\.id)).count == 1, "round \(round)")
      #expect(built.value == 1, "round \(round)")
      for error in syncErrors.value {
        // Each synchronous caller is told its own error, from its own chain.
        #expect(error.code == .asyncRequired)
        #expect(error.chain.first == DependencyKey(Screen.self), "\(error)")
      }
    }
  }

  /// A synchronous singleton that an asynchronous resolve is building is waited for by synchronous
  /// callers, which receive the same instance (its factory never suspends, so a thread may block
  /// on it).
  @Test(.timeLimit(.minutes(1)))
  func synchronousCallersWaitForASynchronousSingletonAnAsyncResolveBuilds() async {
    for _ in 0..<20 {
      let container = Container()
      let built = Counter()
      let started = DispatchSemaphore(value: 0)
      container.register(Shared.self, lifetime: .singleton) { _ in
        started.signal()
        usleep(20_000)
        return Shared(id: built.increment())
      }
      let first = Task.detached { try await container.tryResolveAsync(Shared.self) }
      let ids = Lock<[Int]>([])
      let failures = Lock<[String]>([])
      // The threads start once the asynchronous resolve is inside the factory (however long the
      // task took to get a thread: their time limit counts from here).
      await waitOnAThread(for: started)
      let finished = await onThreads(count: 4, timeout: .seconds(20)) { _ in
        do throws(ResolutionError) {
          ids.append(try container.tryResolve(Shared.self).id)
        } catch {
          failures.append(error.description)
        }
      }
      let firstID = try? await first.value.id
      #expect(finished)
      #expect(failures.value == [])
      #expect(built.value == 1)
      #expect(Set(ids.value + [firstID ?? -1]) == [1])
    }
  }

  /// Callers that waited for a failing creation are each told the failure from their own chain and
  /// location, with the factory's own error.
  @Test(.timeLimit(.minutes(1)))
  func waitersAreToldTheFactorysFailureFromTheirOwnChain() async throws {
    struct DiskFull: Error {}
    struct Store: Sendable {}
    struct Reader: Sendable { let store: Store }
    struct Writer: Sendable { let store: Store }
    let container = Container()
    let gate = DispatchSemaphore(value: 0)
    container.register(Store.self, lifetime: .singleton) { _ in
      _ = gate.wait(timeout: .now() + 5)
      throw DiskFull()
    }
    container.register(Reader.self) { r in Reader(store: try r.tryResolve()) }
    container.register(Writer.self) { r in Writer(store: try r.tryResolve()) }
    let errors = Lock<[Int: ResolutionError]>([:])
    let finished = await onThreads(count: 6, timeout: .seconds(20)) { index in
      if index == 5 {
        usleep(50_000)
        for _ in 0..<5 { gate.signal() }
        return
      }
      do throws(ResolutionError) {
        if index.isMultiple(of: 2) {
          _ = try container.tryResolve(Reader.self)
        } else {
          _ = try container.tryResolve(Writer.self)
        }
      } catch {
        errors.withLock { $0[index] = error }
      }
    }
    #expect(finished)
    let told = errors.value
    #expect(told.count == 5)
    for (index, error) in told {
      let top = index.isMultiple(of: 2) ? DependencyKey(Reader.self) : DependencyKey(Writer.self)
      #expect(error.code == .factoryFailed)
      #expect(error.chain == [top, DependencyKey(Store.self)], "\(error)")
      #expect(error.underlying is DiskFull)
    }
  }
}
