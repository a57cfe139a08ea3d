@_spi(LoomInternals) import Loom
import LoomTestSupport
import Testing

/// An error whose identity tells one failure from another.
private final class Outage: Error, Sendable {
  let attempt: Int

  init(attempt: Int) {
    self.attempt = attempt
  }
}

/// Reads `cell` from a synchronous function, where the synchronous `get()` is the one chosen.
private func readSynchronously<Value>(_ cell: Once<Value>) throws -> Value {
  try cell.get()
}

@Suite struct OnceTests {
  // MARK: Reading a cell

  @Test func aSynchronousCellEvaluatesOnceAndIsReadSynchronouslyOrAsynchronously() async throws {
    let runs = Counter()
    let cell = Once { () throws -> Int in
      runs.increment()
      return 42
    }
    #expect(!cell.isComputed)

    #expect(try cell.get() == 42)
    #expect(try await cell.getAsync() == 42)
    #expect(runs.value == 1)
    #expect(cell.isComputed)
  }

  @Test func aClosureWithoutAwaitMakesASynchronousCellEvenInAnAsynchronousFunction() async throws {
    let cell = Once { 42 }

    #expect(try readSynchronously(cell) == 42)
  }

  @Test func anAsynchronousCellEvaluatesOnceAndIsReadAsynchronously() async throws {
    let runs = Counter()
    let cell = Once { () async throws -> Int in
      runs.increment()
      return 42
    }

    #expect(try await cell.getAsync() == 42)
    #expect(try await cell.getAsync() == 42)
    #expect(runs.value == 1)
    #expect(cell.isComputed)
  }

  @Test func aSynchronousReadOfAnAsynchronousCellThrowsAsyncRequiredUntilTheValueExists()
    async throws
  {
    let runs = Counter()
    let cell = Once { () async throws -> Int in
      runs.increment()
      return 7
    }

    #expect(throws: OnceError.asyncRequired) { try readSynchronously(cell) }
    #expect(runs.value == 0)
    #expect(try await cell.getAsync() == 7)
    #expect(try readSynchronously(cell) == 7)
    #expect(runs.value == 1)
    #expect(
      OnceError.asyncRequired.description.contains("read it with `try await cell.getAsync()`"))
  }

  @Test(.timeLimit(.minutes(1)))
  func aSynchronousCellEvaluatesOnceAcrossThreads() async {
    let runs = Counter()
    let cell = Once { () -> Clock in
      runs.increment()
      pause(milliseconds: 20)
      return Clock()
    }
    let seen = Lock<Set<ObjectIdentifier>>([])

    let finished = await onThreads(count: 8) { _ in
      guard let clock = try? cell.get() else { return }
      seen.withLock { _ = $0.insert(ObjectIdentifier(clock)) }
    }

    #expect(finished)
    #expect(runs.value == 1)
    #expect(seen.value.count == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func concurrentAsynchronousCallersShareOneEvaluation() async throws {
    let runs = Counter()
    let cell = Once { () async -> Clock in
      runs.increment()
      try? await Task.sleep(for: .milliseconds(20))
      return Clock()
    }

    let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
      for _ in 0..<32 { group.addTask { (try? await cell.getAsync()).map(ObjectIdentifier.init) } }
      var seen: Set<ObjectIdentifier?> = []
      for await identity in group { seen.insert(identity) }
      return seen
    }

    #expect(runs.value == 1)
    #expect(identities.count == 1)
    #expect(identities.first != nil)
    #expect(cell.isComputed)
  }

  @Test func aCellThatNeedsItselfThrowsCycle() {
    let attempts = Counter()
    let holder = Lock<Once<Int>?>(nil)
    let cell = Once { () throws -> Int in
      attempts.increment()
      return try holder.value!.get() + 1
    }
    holder.withLock { $0 = cell }

    #expect(throws: OnceError.cycle) { try cell.get() }
    #expect(attempts.value == 1)
    #expect(
      OnceError.cycle.description
        == "OnceError: the cell's operation needs the cell's own value, so it would wait for"
        + " itself. To fix: break the dependency, or compute the inner value separately.")
  }

  @Test func aSynchronousCellCanKeepItsFirstFailure() {
    let attempts = Counter()
    let cell = Once(keepingFailure: true) { () throws -> Int in
      throw Outage(attempt: attempts.increment())
    }

    let first = #expect(throws: Outage.self) { try cell.get() }
    let second = #expect(throws: Outage.self) { try cell.get() }

    #expect(attempts.value == 1)
    #expect(first != nil && first === second)
  }

  // MARK: An async cell that keeps its first failure

  @Test func keepingFailureThrowsTheFirstErrorToEveryLaterCallerWithoutRunningAgain() async {
    let attempts = Counter()
    let cell = Once(keepingFailure: true) { () async throws -> Int in
      throw Outage(attempt: attempts.increment())
    }

    var errors: [Outage] = []
    for _ in 0..<5 {
      do {
        _ = try await cell.getAsync()
        Issue.record("the cell returned a value")
      } catch let error as Outage {
        errors.append(error)
      } catch {
        Issue.record("unexpected error \(error)")
      }
    }

    #expect(attempts.value == 1)
    #expect(errors.count == 5)
    #expect(errors.allSatisfy { $0 === errors[0] && $0.attempt == 1 })
    #expect(!cell.isComputed)
  }

  @Test(.timeLimit(.minutes(1)))
  func keepingFailureGivesConcurrentAndLaterCallersTheSameError() async {
    let attempts = Counter()
    let cell = Once(keepingFailure: true) { () async throws -> Int in
      let attempt = attempts.increment()
      try? await Task.sleep(for: .milliseconds(20))
      throw Outage(attempt: attempt)
    }

    let concurrent = await withTaskGroup(of: ObjectIdentifier?.self) { group in
      for _ in 0..<16 {
        group.addTask {
          do {
            _ = try await cell.getAsync()
            return nil
          } catch {
            return ObjectIdentifier(error as AnyObject)
          }
        }
      }
      var seen: [ObjectIdentifier?] = []
      for await identity in group { seen.append(identity) }
      return seen
    }
    let later = await #expect(throws: Outage.self) { try await cell.getAsync() }

    #expect(attempts.value == 1)
    #expect(concurrent.count == 16)
    #expect(Set(concurrent).count == 1)
    #expect(concurrent.first == later.map { ObjectIdentifier($0) })
  }

  @Test func keepingFailureKeepsASuccessfulValue() async throws {
    let runs = Counter()
    let cell = Once(keepingFailure: true) { () async throws -> Clock in
      runs.increment()
      return Clock()
    }

    let first = try await cell.getAsync()

    #expect(try await cell.getAsync() === first)
    #expect(try await cell.getAsync() === first)
    #expect(runs.value == 1)
    #expect(cell.isComputed)
  }

  @Test func keepingFailureKeepsARecursionError() async {
    let attempts = Counter()
    let holder = Lock<Once<Int>?>(nil)
    let cell = Once(keepingFailure: true) { () async throws -> Int in
      attempts.increment()
      return try await holder.value!.getAsync() + 1
    }
    holder.withLock { $0 = cell }

    await #expect(throws: OnceError.cycle) { try await cell.getAsync() }
    await #expect(throws: OnceError.cycle) { try await cell.getAsync() }
    #expect(attempts.value == 1)
  }

  @Test func theRetryingAsyncCellEvaluatesAgainWhereTheKeepingOneDoesNot() async throws {
    let retryingAttempts = Counter()
    let retrying = Once { () async throws -> Int in
      let attempt = retryingAttempts.increment()
      if attempt == 1 { throw Outage(attempt: attempt) }
      return attempt
    }
    let keepingAttempts = Counter()
    let keeping = Once(keepingFailure: true) { () async throws -> Int in
      let attempt = keepingAttempts.increment()
      if attempt == 1 { throw Outage(attempt: attempt) }
      return attempt
    }

    await #expect(throws: Outage.self) { try await retrying.getAsync() }
    await #expect(throws: Outage.self) { try await keeping.getAsync() }

    #expect(try await retrying.getAsync() == 2)
    await #expect(throws: Outage.self) { try await keeping.getAsync() }
    #expect(retryingAttempts.value == 2)
    #expect(keepingAttempts.value == 1)
  }
}
