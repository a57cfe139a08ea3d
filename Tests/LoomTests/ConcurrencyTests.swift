import Dispatch
@_spi(LoomInternals) import Loom
import LoomTestSupport
import Testing

// Bounded and deterministic in what they assert: counts and identities, never elapsed time. Tests
// that block use real threads (see `runOnThreads`), never the cooperative pool, and bound every
// wait so that a regression fails instead of hanging.

@Suite(.serialized) struct ConcurrencyTests {
  @Test(.timeLimit(.minutes(1)))
  func concurrentTasksRacingForASingletonRunItsFactoryOnce() async {
    let container = Container()
    let made = Counter()
    container.register(Database.self, lifetime: .singleton) { _ in
      made.increment()
      pause(milliseconds: 2)  // widen the window in which the others find it being made
      return Database()
    }

    let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
      for _ in 0..<32 {
        group.addTask { (try? container.tryResolve(Database.self)).map(ObjectIdentifier.init) }
      }
      var identities: [ObjectIdentifier?] = []
      for await identity in group { identities.append(identity) }
      return identities
    }

    #expect(made.value == 1)
    #expect(identities.count == 32)
    #expect(!identities.contains(nil))
    #expect(Set(identities).count == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func concurrentThreadsRacingForASingletonRunItsFactoryOnce() {
    let container = Container()
    let made = Counter()
    container.register(Database.self, lifetime: .singleton) { _ in
      made.increment()
      pause(milliseconds: 2)
      return Database()
    }
    let identities = Lock<[ObjectIdentifier]>([])
    let failures = Counter()

    DispatchQueue.concurrentPerform(iterations: 64) { _ in
      if let database = try? container.tryResolve(Database.self) {
        identities.append(ObjectIdentifier(database))
      } else {
        failures.increment()
      }
    }

    #expect(made.value == 1)
    #expect(failures.value == 0)
    #expect(identities.value.count == 64)
    #expect(Set(identities.value).count == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func concurrentThreadsRacingForAWeakInstanceShareOne() {
    let container = Container()
    let made = Counter()
    container.register(Widget.self, lifetime: .weak) { _ in
      made.increment()
      pause(milliseconds: 2)
      return Widget()
    }
    let widgets = Lock<[Widget]>([])  // holds them, so the weak instance stays alive

    DispatchQueue.concurrentPerform(iterations: 32) { _ in
      if let widget = try? container.tryResolve(Widget.self) { widgets.append(widget) }
    }

    #expect(made.value == 1)
    #expect(widgets.value.count == 32)
    #expect(Set(widgets.value.map(ObjectIdentifier.init)).count == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func singletonsWaitingOnEachOtherAcrossThreadsReportACycle() async {
    let container = Container()
    let aStarted = DispatchSemaphore(value: 0)
    let bStarted = DispatchSemaphore(value: 0)
    // Each factory starts, waits until the other one has started too, then needs the other's
    // singleton: thread 1 waits for B (made by thread 2), which waits for A (made by thread 1).
    container.register(CycleA.self, lifetime: .singleton) { r in
      aStarted.signal()
      _ = bStarted.wait(timeout: .now() + .seconds(10))
      _ = try r.tryResolve(CycleB.self)
      return CycleA()
    }
    container.register(CycleB.self, lifetime: .singleton) { r in
      bStarted.signal()
      _ = aStarted.wait(timeout: .now() + .seconds(10))
      _ = try r.tryResolve(CycleA.self)
      return CycleB()
    }
    let errors = Lock<[Int: ResolutionError]>([:])
    let successes = Counter()

    let finished = await onThreads(count: 2, timeout: .seconds(20)) { index in
      do throws(ResolutionError) {
        if index == 0 {
          _ = try container.tryResolve(CycleA.self)
        } else {
          _ = try container.tryResolve(CycleB.self)
        }
        successes.increment()
      } catch {
        errors.withLock { $0[index] = error }
      }
    }

    guard finished else {
      Issue.record(
        "threads waiting on each other's singletons did not finish within 20 s (deadlock)")
      return
    }
    #expect(successes.value == 0)
    // Whichever thread's wait was refused, each is told the whole loop from its own side: the
    // thread building A is not told that "another thread" builds A.
    let fromA = errors.value[0]
    let fromB = errors.value[1]
    #expect(fromA?.code == .cycle)
    #expect(fromA?.chain == [DependencyKey(CycleA.self), DependencyKey(CycleB.self)])
    #expect(fromA?.summary == "dependency cycle across threads: CycleA → CycleB → CycleA")
    #expect(
      fromA?.description.contains(
        """
        ├─ This thread builds CycleA and waits for CycleB
        ├─ Another thread builds CycleB and waits for CycleA
        """) == true)
    #expect(fromB?.code == .cycle)
    #expect(fromB?.chain == [DependencyKey(CycleB.self), DependencyKey(CycleA.self)])
    #expect(fromB?.summary == "dependency cycle across threads: CycleB → CycleA → CycleB")
    #expect(
      fromB?.description.contains(
        """
        ├─ This thread builds CycleB and waits for CycleA
        ├─ Another thread builds CycleA and waits for CycleB
        """) == true)
  }

  @Test(.timeLimit(.minutes(1)))
  func aLoopOfThreeThreadsIsShownWhole() async {
    let container = Container()
    let started = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    // Three singletons, each made by its own thread, each needing the next one's.
    func register<Made: Sendable, Needed: Sendable>(
      _ made: Made.Type, needs needed: Needed.Type, _ make: @escaping @Sendable () -> Made
    ) {
      container.register(made, lifetime: .singleton) { r in
        started.signal()
        _ = go.wait(timeout: .now() + .seconds(10))
        _ = try r.tryResolve(needed)
        return make()
      }
    }
    register(LoopOne.self, needs: LoopTwo.self) { LoopOne() }
    register(LoopTwo.self, needs: LoopThree.self) { LoopTwo() }
    register(LoopThree.self, needs: LoopOne.self) { LoopThree() }
    let errors = Lock<[Int: ResolutionError]>([:])

    let finished = await onThreads(count: 4, timeout: .seconds(20)) { index in
      if index == 3 {
        // Let the factories go on once all three are running.
        for _ in 0..<3 { _ = started.wait(timeout: .now() + .seconds(10)) }
        for _ in 0..<3 { go.signal() }
        return
      }
      do throws(ResolutionError) {
        switch index {
        case 0: _ = try container.tryResolve(LoopOne.self)
        case 1: _ = try container.tryResolve(LoopTwo.self)
        default: _ = try container.tryResolve(LoopThree.self)
        }
      } catch {
        errors.withLock { $0[index] = error }
      }
    }

    #expect(finished, "threads waiting on each other's singletons did not finish (deadlock)")
    let summaries = (0..<3).map { errors.value[$0]?.summary }
    #expect(
      summaries == [
        "dependency cycle across threads: LoopOne → LoopTwo → LoopThree → LoopOne",
        "dependency cycle across threads: LoopTwo → LoopThree → LoopOne → LoopTwo",
        "dependency cycle across threads: LoopThree → LoopOne → LoopTwo → LoopThree",
      ])
    #expect(
      errors.value[1]?.description.contains(
        """
        ├─ This thread builds LoopTwo and waits for LoopThree
        ├─ Another thread builds LoopThree and waits for LoopOne
        ├─ Another thread builds LoopOne and waits for LoopTwo
        """) == true)
  }

  @Test(.timeLimit(.minutes(1)))
  func cycleThroughAChildAndItsParentIsReported() throws {
    // The child's singleton A needs B, registered in the parent as a transient; a parent transient
    // resolved from the child is built in the child, so B's need for A leads back to the child's A.
    let parent = Container()
    parent.register(CycleB.self, lifetime: .transient) { r in
      _ = try r.tryResolve(CycleA.self)
      return CycleB()
    }
    let child = parent.makeChild()
    child.register(CycleA.self, lifetime: .singleton) { r in
      _ = try r.tryResolve(CycleB.self)
      return CycleA()
    }

    let error = try #require(throws: ResolutionError.self) { try child.tryResolve(CycleA.self) }

    #expect(error.code == .cycle)
    #expect(error.path == "CycleA → CycleB → CycleA")
  }

  @Test(.timeLimit(.minutes(1)))
  func cycleThroughAParentSingletonAndAChildOverrideIsReported() throws {
    // The child overrides A; the parent's singleton B is built in the parent, with the parent's A,
    // which needs B again.
    let parent = Container()
    parent.register(CycleA.self, lifetime: .transient) { r in
      _ = try r.tryResolve(CycleB.self)
      return CycleA()
    }
    parent.register(CycleB.self, lifetime: .singleton) { r in
      _ = try r.tryResolve(CycleA.self)
      return CycleB()
    }
    let child = parent.makeChild()
    child.register(CycleA.self, lifetime: .transient) { r in
      _ = try r.tryResolve(CycleB.self)
      return CycleA()
    }

    let error = try #require(throws: ResolutionError.self) { try child.tryResolve(CycleA.self) }

    #expect(error.code == .cycle)
    #expect(error.key == DependencyKey(CycleB.self))
    #expect(error.path == "CycleA → CycleB → CycleA → CycleB")
  }

  @Test(.timeLimit(.minutes(1)))
  func registeringNewKeysWhileOtherThreadsResolve() async {
    let container = Container()
    let database = Database(label: "stable")
    container.register(Database.self, instance: database)
    container.register(Config.self, lifetime: .singleton) { _ in Config(label: "stable") }
    container.register(Clock.self, lifetime: .transient) { _ in Clock() }
    container.register(Config.self, name: "named", lifetime: .transient) { _ in
      Config(label: "named")
    }
    let wrong = Counter()
    let resolved = Counter()
    let leafDepth = 11  // 2,048 new keys: the table grows from 16 slots to 8,192

    let finished = await onThreads(count: 6, timeout: .seconds(40)) { index in
      switch index {
      case 0:
        forEachLeaf(under: Void.self, depth: leafDepth, RegisterLeaves(container: container))
      case 1:
        // Walks every new key while they are being added: each is either absent or right.
        for _ in 0..<3 {
          forEachLeaf(
            under: Void.self, depth: leafDepth, ProbeLeaves(container: container, wrong: wrong))
        }
      default:
        for iteration in 0..<10_000 {
          let ok: Bool
          switch iteration % 4 {
          case 0: ok = (try? container.tryResolve(Database.self)) === database
          case 1: ok = (try? container.tryResolve(Config.self)) == Config(label: "stable")
          case 2: ok = (try? container.tryResolve(Clock.self)) != nil
          default:
            ok = (try? container.tryResolve(Config.self, name: "named")) == Config(label: "named")
          }
          if ok { resolved.increment() } else { wrong.increment() }
        }
      }
    }

    guard finished else {
      Issue.record("registering and resolving threads did not finish within 40 s")
      return
    }
    #expect(wrong.value == 0)
    #expect(resolved.value == 40_000)
    // Every new key resolves to its own value afterwards.
    let correct = Counter()
    let missing = Counter()
    forEachLeaf(
      under: Void.self, depth: leafDepth,
      CheckLeaves(container: container, correct: correct, wrong: missing))
    #expect(correct.value == 1 << leafDepth)
    #expect(missing.value == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func concurrentFirstResolvesOfAKeyPathDefaultShareOneInstance() {
    let container = Container()
    let identities = Lock<[ObjectIdentifier]>([])
    let runsBefore = racedTokenRuns.value

    DispatchQueue.concurrentPerform(iterations: 64) { _ in
      if let token = try? container.tryResolve(\.racedToken) {
        identities.append(ObjectIdentifier(token))
      }
    }

    #expect(racedTokenRuns.value - runsBefore == 1)
    #expect(identities.value.count == 64)
    #expect(Set(identities.value).count == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func replacingAKeyWhileOtherThreadsResolveIt() async throws {
    let container = Container()
    container.register(Config.self, lifetime: .singleton) { _ in Config(label: "v0") }
    let wrong = Counter()

    let finished = await onThreads(count: 4, timeout: .seconds(40)) { index in
      if index == 0 {
        for version in 1...1_000 {
          container.register(Config.self, lifetime: .singleton) { _ in
            Config(label: "v\(version)")
          }
        }
      } else {
        for _ in 0..<5_000 {
          guard let config = try? container.tryResolve(Config.self), config.label.hasPrefix("v")
          else {
            wrong.increment()
            continue
          }
        }
      }
    }

    guard finished else {
      Issue.record("threads did not finish within 40 s")
      return
    }
    #expect(wrong.value == 0)
    #expect(try container.tryResolve(Config.self) == Config(label: "v1000"))
  }

  @Test(.timeLimit(.minutes(1)))
  func failingSingletonFactoryIsNotCached() throws {
    let container = Container()
    let attempts = Counter()
    container.register(Database.self, lifetime: .singleton) { _ in
      if attempts.increment() == 1 { throw DiskFull() }
      return Database()
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Database.self)
    }
    #expect(error.code == .factoryFailed)

    let database = try container.tryResolve(Database.self)
    #expect(try container.tryResolve(Database.self) === database)
    #expect(attempts.value == 2)
  }

  @Test(.timeLimit(.minutes(1)))
  func threadsWaitingOnAFailingSingletonGetTheErrorAndALaterResolveSucceeds() async {
    let container = Container()
    let attempts = Counter()
    container.register(Database.self, lifetime: .singleton) { _ in
      if attempts.increment() == 1 {
        pause(milliseconds: 20)  // let the others start waiting
        throw DiskFull()
      }
      return Database()
    }
    let outcomes = Lock<[ResolutionError.Code?]>([])

    let finished = await onThreads(count: 8, timeout: .seconds(20)) { _ in
      do throws(ResolutionError) {
        _ = try container.tryResolve(Database.self)
        outcomes.append(nil)
      } catch {
        outcomes.append(error.code)
      }
    }

    guard finished else {
      Issue.record("threads did not finish within 20 s")
      return
    }
    // The first attempt fails; whoever waited on it gets its error, or retries after it and
    // succeeds; every failure is the factory's.
    #expect(outcomes.value.count == 8)
    #expect(outcomes.value.contains(.factoryFailed))
    #expect(outcomes.value.allSatisfy { $0 == nil || $0 == .factoryFailed })
    #expect((try? container.tryResolve(Database.self)) != nil)
  }
}

/// How many times the default factory of `\.racedToken` ran; only the test above resolves it, in
/// a fresh container each time.
private let racedTokenRuns = Counter()

extension Container {
  /// A singleton default resolved for the first time by many threads at once.
  fileprivate var racedToken: Dependency<Token> {
    Dependency(.singleton) { _ in
      racedTokenRuns.increment()
      pause(milliseconds: 2)
      return Token()
    }
  }
}

/// Three singletons that need each other in a loop, for a cycle across three threads.
final class LoopOne: Sendable {}
final class LoopTwo: Sendable {}
final class LoopThree: Sendable {}
