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

  private let waitsFor = Locked<[UInt: UInt]>([:])

  /// Records that `waiter` waits for `owner`; returns false (recording nothing) when `owner` is
  /// `waiter` or already waits, directly or through others, for `waiter`.
  func beginWait(_ waiter: UInt, on owner: UInt) -> Bool {
    waitsFor.withLock { edges in
      var next: UInt? = owner
      var steps = 0
      while let current = next {
        if current == waiter { return false }
        next = edges[current]
        steps += 1
        if steps > edges.count + 1 { break }
      }
      edges[waiter] = owner
      return true
    }
  }

  /// Removes the wait of `waiter`.
  func endWait(_ waiter: UInt) {
    _ = waitsFor.withLock { $0.removeValue(forKey: waiter) }
  }
}

/// Identities in the ``WaitGraph``: a synchronous resolve waits as its thread (`pthread_self()`,
/// an aligned address, so even), an asynchronous one under an odd number of its own.
enum WaitIdentity {
  private static let counter = Atomic<UInt>(0)

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
