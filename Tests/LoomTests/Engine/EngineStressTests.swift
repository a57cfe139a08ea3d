import Foundation
import LoomTestSupport
import Synchronization
import Testing

@_spi(LoomInternals) @testable import Loom

/// The engine's unsafe parts (unretained lookups and frames, the read sections that keep what a
/// lookup found alive, the per-thread slot) under writers and readers at once. Bounded in count
/// and time; `Scripts/asan.sh` runs them under AddressSanitizer, `Scripts/tsan.sh` under
/// ThreadSanitizer, where a use after free or a race fails the run.
@Suite struct EngineStressTests {
  /// Registers and unregisters, resets instances and registrations, while other threads resolve
  /// singletons, transients and an auto-wired chain, in the container and in a child.
  @Test func registerUnregisterResolveAndResetAtOnce() async throws {
    let container = Container()
    let child = container.makeChild()
    @Sendable func wire() {
      container.register(lifetime: .singleton) { _ in Database(label: "db") }
      container.register(lifetime: .transient, UserService.init)
      container.register(lifetime: .transient, AppCoordinator.init)
      container.register(Clock.self, lifetime: .weak) { _ in Clock() }
    }
    wire()
    let resolved = Atomic<Int>(0)
    let unexpected = Lock<[String]>([])
    let rounds = 2_000

    let finished = await onThreads(count: 4, timeout: .seconds(60)) { index in
      for round in 0..<rounds {
        switch index {
        case 0:
          // A writer: replaces, removes and puts back keys.
          if round.isMultiple(of: 3) { _ = container.unregister(UserService.self) }
          container.register(lifetime: .transient, UserService.init)
          container.register(lifetime: .singleton) { _ in Database(label: "db") }
        case 1:
          // A second writer: drops instances, sometimes every registration.
          if round.isMultiple(of: 200) {
            container.reset(.registrations)
            wire()
          } else {
            container.reset()
          }
        default:
          // Readers, in the container and in its child.
          let reader = index == 2 ? container : child
          do {
            let coordinator = try reader.tryResolve(AppCoordinator.self)
            let database = try reader.tryResolve(Database.self)
            let clock = try reader.tryResolve(Clock.self)
            withExtendedLifetime(clock) {}
            if coordinator.userService.database.label != "db" || database.label != "db" {
              unexpected.withLock { $0.append("a value of another registration") }
            }
            resolved.add(1, ordering: .relaxed)
          } catch let error as ResolutionError {
            // A key may be missing for a moment while a writer replaces the wiring.
            if error.code != .notRegistered {
              unexpected.withLock { $0.append(error.description) }
            }
          } catch {
            unexpected.withLock { $0.append("\(error)") }
          }
        }
      }
    }

    #expect(finished)
    #expect(unexpected.withLock { $0 }.isEmpty)
    #expect(resolved.load(ordering: .relaxed) > 0)
    // Afterwards: the wiring works, and no read section was left open.
    #expect(try container.tryResolve(AppCoordinator.self).userService.database.label == "db")
    #expect(try child.tryResolve(Database.self) === container.resolve(Database.self))
    #expect(container.sections.openSections == 0)
  }
}

/// The per-thread slot (``ThreadState``): a context reused by the thread's next resolve, never
/// one that a kept resolver still holds, and the state released when its thread ends.
@Suite struct ThreadStateTests {
  @Test func aThreadReusesTheContextOfItsLastTopLevelResolve() async {
    let container = Container()
    container.register(lifetime: .transient, UserService.init)
    container.register(lifetime: .singleton) { _ in Database() }
    let sameContext = Lock<Bool?>(nil)
    let finished = await onThreads(count: 1) { _ in
      let state = ThreadState.current
      _ = container.resolve(UserService.self)
      guard var first = state.takeContext() else { return }
      let firstID = ObjectIdentifier(first)
      state.recycle(&first)
      _ = consume first
      _ = container.resolve(UserService.self)
      let second = state.takeContext()
      sameContext.withLock { $0 = second.map(ObjectIdentifier.init) == firstID }
    }
    #expect(finished)
    #expect(sameContext.withLock { $0 } == true)
  }

  @Test func aContextSomeoneElseStillHoldsIsNotKeptForReuse() async {
    let outcome = Lock<(keptShared: Bool, keptUnique: Bool)?>(nil)
    let finished = await onThreads(count: 1) { _ in
      let state = ThreadState.current
      _ = state.takeContext()
      // A resolver kept past its factory holds its context: such a context is not reused.
      var shared = ResolutionContext(thread: .current)
      let holder = shared
      state.recycle(&shared)
      let keptShared = state.takeContext() != nil
      withExtendedLifetime(holder) {}
      var unique = ResolutionContext(thread: .current)
      state.recycle(&unique)
      let keptUnique = state.takeContext() != nil
      outcome.withLock { $0 = (keptShared, keptUnique) }
    }
    #expect(finished)
    #expect(outcome.withLock { $0?.keptShared } == false)
    #expect(outcome.withLock { $0?.keptUnique } == true)
  }

  @Test func nestedResolvesJoinTheActiveResolveAndNothingIsActiveAfterwards() {
    let container = Container()
    let joined = Lock<[Bool]>([])
    container.register(lifetime: .singleton) { _ in Database() }
    container.register(UserService.self) { r in
      joined.withLock { $0.append(ThreadState.current.joinable === r.context) }
      return UserService(database: try r.tryResolve(Database.self))
    }
    _ = container.resolve(UserService.self)
    #expect(joined.withLock { $0 } == [true])
    #expect(ThreadState.current.joinable == nil)
  }

  @Test func aThreadsStateIsReleasedWhenTheThreadEnds() throws {
    final class WeakState: Sendable {
      // NB: written by the thread before it signals `done`, read after `done.wait()`.
      nonisolated(unsafe) weak var state: ThreadState?
    }
    let box = WeakState()
    let done = DispatchSemaphore(value: 0)
    let container = Container()
    container.register(lifetime: .transient) { _ in Clock() }
    let thread = Thread {
      _ = container.resolve(Clock.self)
      box.state = ThreadState.current
      done.signal()
    }
    thread.start()
    #expect(done.wait(timeout: .now() + 20) == .success)
    // The key's destructor runs as the thread exits, just after the block returns: wait for it,
    // a bounded number of times.
    var polls = 0
    while box.state != nil, polls < 2_000 {
      Thread.sleep(forTimeInterval: 0.005)
      polls += 1
    }
    #expect(box.state == nil)
  }
}
