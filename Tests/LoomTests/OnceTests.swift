import Loom
import Testing

/// An error whose identity tells one failure from another.
private final class Outage: Error, Sendable {
  let attempt: Int

  init(attempt: Int) {
    self.attempt = attempt
  }
}

@Suite struct OnceTests {
  // MARK: Reading a cell

  @Test func onceIsReadByCallingItThroughValueOrWithGet() throws {
    let runs = Counter()
    let cell = Once { () throws -> Int in
      runs.increment()
      return 42
    }

    #expect(try cell() == 42)
    #expect(try cell.value == 42)
    #expect(try cell.get() == 42)
    #expect(runs.value == 1)
  }

  @Test func asyncOnceIsReadByCallingItThroughValueOrWithGet() async throws {
    let runs = Counter()
    let cell = AsyncOnce { () async throws -> Int in
      runs.increment()
      return 42
    }

    #expect(try await cell() == 42)
    #expect(try await cell.value == 42)
    #expect(try await cell.get() == 42)
    #expect(runs.value == 1)
    #expect(cell.isComputed)
  }

  // MARK: Cells whose operation cannot throw

  @Test func infallibleOnceIsReadWithoutTryAndEvaluatesOnce() {
    let runs = Counter()
    let cell = InfallibleOnce { () -> Clock in
      runs.increment()
      return Clock()
    }
    #expect(!cell.isComputed)

    let first = cell()

    #expect(cell.value === first)
    #expect(cell.get() === first)
    #expect(runs.value == 1)
    #expect(cell.isComputed)
  }

  @Test(.timeLimit(.minutes(1)))
  func infallibleOnceEvaluatesOnceAcrossThreads() {
    let runs = Counter()
    let cell = InfallibleOnce { () -> Clock in
      runs.increment()
      pause(milliseconds: 20)
      return Clock()
    }
    let seen = Locked<Set<ObjectIdentifier>>([])

    let finished = runOnThreads(count: 8) { _ in
      let clock = cell()
      seen.withLock { _ = $0.insert(ObjectIdentifier(clock)) }
    }

    #expect(finished)
    #expect(runs.value == 1)
    #expect(seen.value.count == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func asyncInfallibleOnceIsReadWithoutTryAndConcurrentCallersShareOneEvaluation() async {
    let runs = Counter()
    let cell = AsyncInfallibleOnce { () async -> Clock in
      runs.increment()
      try? await Task.sleep(for: .milliseconds(20))
      return Clock()
    }

    let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<32 { group.addTask { ObjectIdentifier(await cell()) } }
      var seen: Set<ObjectIdentifier> = []
      for await identity in group { seen.insert(identity) }
      return seen
    }

    #expect(runs.value == 1)
    #expect(identities.count == 1)
    #expect(await cell.value === cell.get())
    #expect(cell.isComputed)
  }

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func infallibleOnceThatNeedsItselfTrapsWithTheRecursionMessage() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        let holder = Locked<InfallibleOnce<Int>?>(nil)
        let cell = InfallibleOnce { () -> Int in holder.value!() + 1 }
        holder.withLock { $0 = cell }
        _ = cell()
      }
      let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        output.contains(
          "OnceError: the cell's operation needs the cell's own value, so it would wait for itself."
            + " To fix: break the dependency, or compute the inner value separately."))
    }
  #endif

  // MARK: An async cell that keeps its first failure

  @Test func keepingFailureThrowsTheFirstErrorToEveryLaterCallerWithoutRunningAgain() async {
    let attempts = Counter()
    let cell = AsyncOnceKeepingFailure { () async throws -> Int in
      throw Outage(attempt: attempts.increment())
    }

    var errors: [Outage] = []
    for _ in 0..<5 {
      do {
        _ = try await cell()
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
    let cell = AsyncOnceKeepingFailure { () async throws -> Int in
      let attempt = attempts.increment()
      try? await Task.sleep(for: .milliseconds(20))
      throw Outage(attempt: attempt)
    }

    let concurrent = await withTaskGroup(of: ObjectIdentifier?.self) { group in
      for _ in 0..<16 {
        group.addTask {
          do {
            _ = try await cell.value
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
    let later = await #expect(throws: Outage.self) { try await cell.get() }

    #expect(attempts.value == 1)
    #expect(concurrent.count == 16)
    #expect(Set(concurrent).count == 1)
    #expect(concurrent.first == later.map { ObjectIdentifier($0) })
  }

  @Test func keepingFailureKeepsASuccessfulValue() async throws {
    let runs = Counter()
    let cell = AsyncOnceKeepingFailure { () async throws -> Clock in
      runs.increment()
      return Clock()
    }

    let first = try await cell()

    #expect(try await cell() === first)
    #expect(try await cell.value === first)
    #expect(runs.value == 1)
    #expect(cell.isComputed)
  }

  @Test func keepingFailureKeepsARecursionError() async {
    let attempts = Counter()
    let holder = Locked<AsyncOnceKeepingFailure<Int>?>(nil)
    let cell = AsyncOnceKeepingFailure { () async throws -> Int in
      attempts.increment()
      return try await holder.value!() + 1
    }
    holder.withLock { $0 = cell }

    await #expect(throws: OnceError.recursiveEvaluation) { try await cell() }
    await #expect(throws: OnceError.recursiveEvaluation) { try await cell() }
    #expect(attempts.value == 1)
  }

  @Test func theRetryingAsyncCellEvaluatesAgainWhereTheKeepingOneDoesNot() async throws {
    let retryingAttempts = Counter()
    let retrying = AsyncOnce { () async throws -> Int in
      let attempt = retryingAttempts.increment()
      if attempt == 1 { throw Outage(attempt: attempt) }
      return attempt
    }
    let keepingAttempts = Counter()
    let keeping = AsyncOnceKeepingFailure { () async throws -> Int in
      let attempt = keepingAttempts.increment()
      if attempt == 1 { throw Outage(attempt: attempt) }
      return attempt
    }

    await #expect(throws: Outage.self) { try await retrying() }
    await #expect(throws: Outage.self) { try await keeping() }

    #expect(try await retrying() == 2)
    await #expect(throws: Outage.self) { try await keeping() }
    #expect(retryingAttempts.value == 2)
    #expect(keepingAttempts.value == 1)
  }
}
