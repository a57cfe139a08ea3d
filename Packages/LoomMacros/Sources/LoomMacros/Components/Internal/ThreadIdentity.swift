import Loom

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The identity of the calling thread, to tell a construction that needs its own cell from a
/// wait on another thread.
enum ThreadIdentity {
  static var current: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}

/// Which thread waits for a construction on which other thread, to fail a wait that would close
/// a cycle (two constructions that need each other through `Lazy` or `Provider` handles, on
/// two threads) instead of deadlocking.
final class WaitGraph: Sendable {
  static let shared = WaitGraph()

  /// For each waiting thread, the thread whose construction it waits for.
  private let waits = Locked<[UInt: UInt]>([:])

  /// Records that `waiter` waits for `owner`; false, recording nothing, when `owner` waits for
  /// `waiter` already, directly or through other threads.
  func beginWait(_ waiter: UInt, on owner: UInt) -> Bool {
    waits.withLock { waits in
      var current = owner
      var steps = 0
      while let next = waits[current] {
        if next == waiter { return false }
        current = next
        steps += 1
        if steps > waits.count { break }
      }
      if owner == waiter { return false }
      waits[waiter] = owner
      return true
    }
  }

  /// Removes the wait of `waiter`.
  func endWait(_ waiter: UInt) {
    _ = waits.withLock { $0.removeValue(forKey: waiter) }
  }
}
