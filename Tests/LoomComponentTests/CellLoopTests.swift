import Foundation
@_spi(LoomInternals) import Loom
import LoomMacros
import Synchronization
import Testing

/// A component member's cell and a container's singleton share one exactly-once mechanism, so a
/// loop of waits between them, across two threads, fails with an error instead of deadlocking.
@Suite struct CellLoopTests {
  final class Member: Sendable {}
  final class Singleton: Sendable {}

  @Test(.timeLimit(.minutes(1)))
  func aMemberAndASingletonThatWaitForEachOtherAcrossThreadsFailInsteadOfDeadlocking() {
    let cell = _SharedCell<Member>()
    let container = Container()
    let memberStarted = DispatchSemaphore(value: 0)
    let singletonStarted = DispatchSemaphore(value: 0)
    container.register(Singleton.self, lifetime: .singleton) { _ in
      singletonStarted.signal()
      _ = memberStarted.wait(timeout: .now() + 10)
      // Needs the member, which the other thread is building.
      _ = try cell.get { () throws(any Error) -> Member in Member() }
      return Singleton()
    }
    // NB: `Lock`, not `Mutex`: ThreadSanitizer does not see `Mutex`'s futex on Linux and reports
    // the two appends as a race.
    let outcomes = Lock<[String]>([])
    let done = DispatchGroup()

    done.enter()
    Thread {
      do {
        _ = try cell.get { () throws(any Error) -> Member in
          memberStarted.signal()
          _ = singletonStarted.wait(timeout: .now() + 10)
          // Needs the singleton, which the other thread is building.
          _ = try container.tryResolve(Singleton.self)
          return Member()
        }
        outcomes.withLock { $0.append("member built") }
      } catch {
        outcomes.withLock { $0.append("member: \(error)") }
      }
      done.leave()
    }.start()
    done.enter()
    Thread {
      do {
        _ = try container.tryResolve(Singleton.self)
        outcomes.withLock { $0.append("singleton built") }
      } catch {
        outcomes.withLock { $0.append("singleton: \(error)") }
      }
      done.leave()
    }.start()

    #expect(done.wait(timeout: .now() + 30) == .success)
    let seen = outcomes.withLock { $0 }
    #expect(seen.count == 2)
    // Neither side got its value: the loop was refused on one side, and the other received that
    // failure through its own wait.
    #expect(!seen.contains("member built") && !seen.contains("singleton built"))
    // The refused side names the loop: the container's cycle across threads, or the member's
    // recursive construction.
    #expect(
      seen.contains { $0.contains("across threads") || $0.contains("needs Member itself") },
      "\(seen)")
  }

  @Test func aMemberWhoseConstructionNeedsItselfFailsWithRecursiveConstruction() throws {
    let cell = _SharedCell<Member>()
    let error = try #require(throws: ComponentError.self) {
      try cell.get { () throws(any Error) -> Member in
        _ = try cell.get { () throws(any Error) -> Member in Member() }
        return Member()
      }
    }
    #expect(error.code == .cycle)
    // A failed construction is not kept: the next read builds.
    #expect(try cell.get { () throws(any Error) -> Member in Member() } === cell.builtValue)
  }
}
