import Dispatch
import Synchronization

/// A ``OnceSlot`` being filled by one thread or task, which others may wait for.
final class PendingInstance: Sendable {
  /// How a filling ended.
  enum Outcome: Sendable {
    /// It made the object, which the slot keeps.
    case made(OnceSlot.Stored)
    /// Its work failed with this error: the outcome every waiter shares.
    case failed(any Error)
    /// It gave up for a reason of its caller's own (see ``SlotWaiter/leavesOpen(_:)``), with that
    /// caller's error: the slot is empty again, and each waiter tries for itself.
    case abandoned(any Error)
  }

  private struct State {
    var outcome: Outcome?
    var waiters: [DispatchSemaphore] = []
    var continuations: [CheckedContinuation<Outcome, Never>] = []
  }

  /// Who runs the filling, in the ``WaitGraph``: the thread (or the resolve running in place on
  /// it), or, for a filling in a task of its own, that task's identity.
  let owner: UInt
  /// Whether the filling runs in a task of its own, where it may suspend: a thread must not block
  /// on it. A filling run synchronously never suspends, whoever started it.
  let suspends: Bool
  /// Set once the outcome is known, before any waiter is woken: what the ``WaitGraph`` reads, so
  /// that a finished filling is never taken for a wait in a loop.
  private let ended = Atomic(false)
  private let state = Lock(State())

  init(owner: UInt, suspends: Bool) {
    self.owner = owner
    self.suspends = suspends
  }

  /// Whether the filling has ended (read with acquiring order).
  var hasEnded: Bool { ended.load(ordering: .acquiring) }

  /// Suspends until the filling ends and returns its outcome.
  func waitAsync() async -> Outcome {
    await withCheckedContinuation { continuation in
      let early: Outcome? = state.withLock { state in
        if let outcome = state.outcome { return outcome }
        state.continuations.append(continuation)
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }
  }

  /// Whether this filling is the caller's own: run by this thread's synchronous resolve, or by
  /// the asynchronous filling this task runs. A caller must never wait for its own filling (a
  /// factory that ends its own lifetime, synchronously or not, would wait for itself).
  var isRunningHere: Bool {
    owner == WaitIdentity.currentThread || owner == WaitIdentity.current
  }

  /// Blocks until the filling ends and returns its outcome.
  func wait() -> Outcome {
    let semaphore = DispatchSemaphore(value: 0)
    let early: Outcome? = state.withLock { state in
      if let outcome = state.outcome { return outcome }
      state.waiters.append(semaphore)
      return nil
    }
    if let early { return early }
    semaphore.wait()
    return state.withLock { $0.outcome! }
  }

  /// Records the outcome and wakes every waiter.
  func finish(_ outcome: Outcome) {
    ended.store(true, ordering: .releasing)
    let (waiters, continuations) = state.withLock { state in
      state.outcome = outcome
      defer {
        state.waiters = []
        state.continuations = []
      }
      return (state.waiters, state.continuations)
    }
    for waiter in waiters { waiter.signal() }
    for continuation in continuations { continuation.resume(returning: outcome) }
  }
}
