import BenchFixtures
import Foundation
@_spi(LoomInternals) import Loom
import LoomSession
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The contention cases: one read on 2, 8 and 32 threads at once, against the same read on one
// thread. A case `contended.<read>.<n>` reports ns per operation on n threads (wall time over all
// of their operations) and its scaling, the one-thread time per operation over the n-thread time
// per operation: on a machine with fewer cores than threads, 1.0 means the threads share the cores
// without losing throughput, and the goal (DESIGN.md's concurrency contract) is at least 0.5, the
// single-thread rate within 2x. The `diag.lock.*` rows measure the lock candidates of issue 30 on
// a critical section that increments a counter, so the lock is all there is to measure.

enum ContentionBench {
  /// The thread counts of every contended case.
  static let threadCounts = [2, 8, 32]

  /// The reads measured, with the case name's middle part.
  static let reads = [
    "singleton.type", "singleton.keypath", "transient.chain3", "session.cached", "flow.cached",
    "flow.begun",
  ]

  /// The lock candidates (diagnostics).
  static let locks = ["locked", "mutex", "mutex.spin", "pthread", "nslock"]

  static var cases: [CaseInfo] {
    var cases: [CaseInfo] = []
    for read in reads {
      for count in threadCounts {
        cases.append(CaseInfo("contended.\(read).\(count)", goal: .scalingAtLeast(0.5)))
      }
    }
    for lock in locks {
      for count in threadCounts {
        cases.append(CaseInfo("diag.lock.\(lock).\(count)", diagnostic: true))
      }
    }
    return cases
  }

  static func runners() -> [any Runner] {
    let container = BenchWiring.makeContainer()
    _ = container.resolve(Service.self)
    _ = container.resolve(\.benchService)
    let sessions = Container()
    sessions.register(Service.self, lifetime: .session) { _ in Service() }
    _ = sessions.resolve(Service.self)
    let flows = Container()
    flows.register(Service.self, lifetime: .flow) { _ in Service() }
    let scope = flows.makeScope("bench")
    _ = scope.run { flows.resolve(Service.self) }
    let begun = Container()
    begun.register(Service.self, lifetime: .flow) { _ in Service() }
    let flow = begun.beginScope("bench")
    _ = begun.resolve(Service.self)
    // NB: kept open for the whole run: the runners hold `flow` through their closures.
    var runners: [any Runner] = [
      ContendedRunner("singleton.type") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(container.resolve(Service.self)) }
        return bits
      },
      ContendedRunner("singleton.keypath") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(container.resolve(\.benchService)) }
        return bits
      },
      ContendedRunner("transient.chain3") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(container.resolve(Top.self)) }
        return bits
      },
      ContendedRunner("session.cached") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(sessions.resolve(Service.self)) }
        return bits
      },
      ContendedRunner("flow.cached") { n in
        scope.run {
          var bits: UInt = 0
          for _ in 0..<n { bits &+= identityBits(flows.resolve(Service.self)) }
          return bits
        }
      },
      ContendedRunner("flow.begun") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(begun.resolve(Service.self)) }
        return bits + (flow.isEnded ? 1 : 0)
      },
    ]
    let locked = Lock(0)
    let mutex = Mutex(0)
    let spinning = SpinningMutex()
    let pthread = PthreadLock()
    let nslock = NSLockBox()
    runners += [
      ContendedRunner("locked", prefix: "diag.lock") { n in
        var bits: UInt = 0
        for _ in 0..<n {
          bits &+= locked.withLock {
            $0 &+= 1
            return UInt(bitPattern: $0)
          }
        }
        return bits
      },
      ContendedRunner("mutex", prefix: "diag.lock") { n in
        var bits: UInt = 0
        for _ in 0..<n {
          bits &+= mutex.withLock {
            $0 &+= 1
            return UInt(bitPattern: $0)
          }
        }
        return bits
      },
      ContendedRunner("mutex.spin", prefix: "diag.lock") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= spinning.increment() }
        return bits
      },
      ContendedRunner("pthread", prefix: "diag.lock") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= pthread.increment() }
        return bits
      },
      ContendedRunner("nslock", prefix: "diag.lock") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= nslock.increment() }
        return bits
      },
    ]
    return runners
  }
}

/// One read on one thread, then on each of ``ContentionBench/threadCounts`` threads at once (real
/// threads started together), each for about the same time. Yields one case per thread count: ns
/// per operation (the run's wall time over every thread's operations) and the scaling (one-thread
/// ns per operation over this one).
///
/// The threads run for a time, not for a count: a lock convoy can make one operation take tens of
/// microseconds, and a fixed count calibrated on one thread would then run for minutes.
struct ContendedRunner: Runner {
  let prefix: String
  let read: String
  let body: @Sendable (Int) -> UInt
  var nanoseconds = 10_000_000.0

  init(_ read: String, prefix: String = "contended", body: @escaping @Sendable (Int) -> UInt) {
    self.prefix = prefix
    self.read = read
    self.body = body
  }

  var cases: [String] { ContentionBench.threadCounts.map { "\(prefix).\(read).\($0)" } }

  mutating func calibrate(toward nanoseconds: Double) {
    self.nanoseconds = nanoseconds
    for count in [1] + ContentionBench.threadCounts {
      _ = ThreadRun.throughput(threads: count, nanoseconds: nanoseconds / 4, body: body)
    }
  }

  func sample() -> [Sample] {
    let one = ThreadRun.throughput(threads: 1, nanoseconds: nanoseconds, body: body)
    return ContentionBench.threadCounts.map { count in
      let perOperation = ThreadRun.throughput(threads: count, nanoseconds: nanoseconds, body: body)
      return Sample(
        name: "\(prefix).\(read).\(count)", nanosecondsPerOperation: perOperation,
        scaling: one / perOperation)
    }
  }

  func profile(iterations: Int) {
    let count = ContentionBench.threadCounts.last!
    _ = ThreadRun.wallTime(threads: count, iterations: max(1, iterations / count), body: body)
  }
}

// MARK: - Lock candidates (measured here only)

/// `Mutex` with a bounded spin on `withLockIfAvailable` before it blocks.
final class SpinningMutex: Sendable {
  private let mutex = Mutex(0)

  func increment() -> UInt {
    for _ in 0..<100 {
      if let value = mutex.withLockIfAvailable({ value -> UInt in
        value &+= 1
        return UInt(bitPattern: value)
      }) {
        return value
      }
      sched_yield()
    }
    return mutex.withLock { value -> UInt in
      value &+= 1
      return UInt(bitPattern: value)
    }
  }
}

/// A default `pthread_mutex_t` in allocated memory (so it never moves), guarding a counter.
// NB: `@unchecked Sendable`: `count` is only touched between `pthread_mutex_lock` and
// `pthread_mutex_unlock` on `mutex`, which is allocated once and freed in `deinit`.
final class PthreadLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var count = 0

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func increment() -> UInt {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    count &+= 1
    return UInt(bitPattern: count)
  }
}

/// Foundation's `NSLock` guarding a counter.
// NB: `@unchecked Sendable`: `count` is only touched between `lock()` and `unlock()`.
final class NSLockBox: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func increment() -> UInt {
    lock.lock()
    defer { lock.unlock() }
    count &+= 1
    return UInt(bitPattern: count)
  }
}
