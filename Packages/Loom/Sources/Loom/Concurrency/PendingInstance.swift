import Dispatch

/// A ``OnceSlot`` being filled by one thread or task, which others may wait for.
final class PendingInstance: Sendable {
  typealias Outcome = Result<OnceSlot.Stored, any Error>

  private struct State {
    var result: Outcome?
    var waiters: [DispatchSemaphore] = []
    var continuations: [CheckedContinuation<Outcome, Never>] = []
  }

  /// Who runs the factory, in the wait graph: the thread for a synchronous creation, the
  /// creation's own identity for an asynchronous one.
  let owner: UInt
  private let state = Locked(State())

  init(owner: UInt) {
    self.owner = owner
  }

  /// Whether the creation runs in a task.
  var isAsynchronous: Bool { WaitIdentity.isAsynchronous(owner) }

  /// Suspends until the creation finishes and returns its result.
  func waitAsync() async -> Outcome {
    await withCheckedContinuation { continuation in
      let early: Outcome? = state.withLock { state in
        if let result = state.result { return result }
        state.continuations.append(continuation)
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }
  }

  /// Blocks until the creation finishes and returns its result.
  func wait() -> Outcome {
    let semaphore = DispatchSemaphore(value: 0)
    let early: Outcome? = state.withLock { state in
      if let result = state.result { return result }
      state.waiters.append(semaphore)
      return nil
    }
    if let early { return early }
    semaphore.wait()
    return state.withLock { $0.result! }
  }

  /// Records the result and wakes every waiter.
  func finish(_ result: Outcome) {
    let (waiters, continuations) = state.withLock { state in
      state.result = result
      defer {
        state.waiters = []
        state.continuations = []
      }
      return (state.waiters, state.continuations)
    }
    for waiter in waiters { waiter.signal() }
    for continuation in continuations { continuation.resume(returning: result) }
  }
}
