import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Which resolve waits for which: a wait that would close a loop is refused, so threads or tasks
/// that need each other's half-built instances get a cycle error instead of a deadlock.
///
/// This is the cross-thread half of cycle detection; ``ResolutionContext/enter(_:builder:)`` is
/// the half within one resolve.
final class WaitGraph: Sendable {
  static let shared = WaitGraph()

  /// One recorded wait: who is waited for, and, for a resolve, what the waiter is building and
  /// which key it waits for (so that a refused wait can show the whole loop).
  struct Wait: Sendable {
    let owner: UInt
    /// The key the waiter waits for; nil for a wait that is not a resolve's (a once-cell).
    let key: DependencyKey?
    /// The keys the waiter is building, outermost first.
    let chain: [DependencyKey]
  }

  private let waits = Locked<[UInt: Wait]>([:])

  /// Records that `waiter` waits for `owner`; returns false (recording nothing) when `owner` is
  /// `waiter` or already waits, directly or through others, for `waiter`.
  func beginWait(_ waiter: UInt, on owner: UInt) -> Bool {
    beginWait(waiter, Wait(owner: owner, key: nil, chain: [])) == nil
  }

  /// Records `wait` for `waiter`; when it would close a loop, records nothing and returns the
  /// loop: `waiter` and its wait first, then each resolve it would wait for, in order, with its
  /// own wait (the last one waits for `waiter`).
  func beginWait(_ waiter: UInt, _ wait: Wait) -> [(identity: UInt, wait: Wait)]? {
    waits.withLock { waits in
      var loop = [(identity: waiter, wait: wait)]
      var next: UInt? = wait.owner
      while let current = next {
        if current == waiter { return loop }
        guard let step = waits[current], loop.count <= waits.count + 1 else { break }
        loop.append((current, step))
        next = step.owner
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
