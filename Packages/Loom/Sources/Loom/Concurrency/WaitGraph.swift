import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Which resolve waits for which filling: a wait that would close a loop is refused, so threads or
/// tasks that need each other's half-built instances get a cycle error instead of a deadlock.
///
/// This is the cross-thread half of cycle detection; ``ResolutionContext/enter(_:builder:)`` is
/// the half within one resolve.
///
/// A wait is recorded against the *filling* it waits for (a ``PendingInstance``), never against
/// the thread that runs it, and a filling counts as an edge only while it has not ended. That is
/// what makes a refused wait a real loop. The proof: ``beginWait(_:_:)`` follows the loop under
/// this graph's lock, so no wait is added or removed while it looks; each filling on the loop is
/// read as not ended, and a filling that has ended never starts again, so at the moment the first
/// one was read, every filling on the loop was running and every wait was recorded. Each waiter
/// then blocks (or suspends) until its filling ends; each filling's owner is itself one of those
/// waiters, blocked inside that filling's work; and the last filling belongs to the caller, which
/// is about to wait for the first. None of them can end, so waiting would never return: the loop
/// is real. Conversely, a finished filling marks itself ended before it wakes anyone
/// (``PendingInstance/finish(_:)``), so a thread that moved on from it can never be read as still
/// building it, however late its waiters remove their waits.
final class WaitGraph: Sendable {
  static let shared = WaitGraph()

  /// One recorded wait: the filling waited for, and, for a resolve, what the waiter is building
  /// and which key it waits for (so that a refused wait can show the whole loop).
  struct Wait: Sendable {
    let creation: PendingInstance
    /// The key the waiter waits for; nil for a wait that is not a resolve's (a once-cell).
    let key: DependencyKey?
    /// The keys the waiter is building, outermost first.
    let chain: [DependencyKey]

    /// Who runs the filling waited for.
    var owner: UInt { creation.owner }
  }

  private let waits = Lock<[UInt: Wait]>([:])

  /// Records `wait` for `waiter`; when it would close a loop, records nothing and returns the
  /// loop: `waiter` and its wait first, then each resolve it would wait for, in order, with its
  /// own wait (the last one waits for a filling `waiter` runs).
  func beginWait(_ waiter: UInt, _ wait: Wait) -> [(identity: UInt, wait: Wait)]? {
    waits.withLock { waits in
      var loop = [(identity: waiter, wait: wait)]
      var creation = wait.creation
      while !creation.hasEnded {
        let owner = creation.owner
        if owner == waiter { return loop }
        guard let step = waits[owner], loop.count <= waits.count + 1 else { break }
        loop.append((owner, step))
        creation = step.creation
      }
      waits[waiter] = wait
      return nil
    }
  }

  /// Removes the wait of `waiter`.
  func endWait(_ waiter: UInt) {
    _ = waits.withLock { $0.removeValue(forKey: waiter) }
  }
}

/// Identities in the ``WaitGraph``: a synchronous resolve waits as its thread (`pthread_self()`,
/// an aligned address, so even), an asynchronous one under an odd number of its own.
enum WaitIdentity {
  private static let counter = Atomic<UInt>(0)

  /// The identity of the asynchronous filling running in this task, if any (bound by
  /// ``OnceSlot``), so that the waits it makes in turn are recorded as its own.
  @TaskLocal static var current: UInt?

  /// The identity an asynchronous wait is recorded under: the filling's that makes it, or a new
  /// one.
  static var forAsynchronousWait: UInt { current ?? nextAsynchronous() }

  /// The identity of the calling thread.
  static var currentThread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }

  /// A new identity for an asynchronous resolve or creation.
  static func nextAsynchronous() -> UInt {
    counter.add(1, ordering: .relaxed).newValue &* 2 &+ 1
  }

  /// Whether `identity` is an asynchronous one.
  static func isAsynchronous(_ identity: UInt) -> Bool { identity & 1 == 1 }
}
