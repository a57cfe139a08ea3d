import BenchFixtures
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the same loop on several real threads released together, and times them.
///
/// Each thread is a pthread (not a Swift task, so that the cooperative pool cannot serialise
/// them). The threads are created and parked first; the last one to arrive at the barrier
/// releases all of them, each records its own start and end, and the wall time is the latest end
/// minus the earliest start. The launching thread blocks in `pthread_join`, so it does not take
/// a core from the workers.
enum ThreadRun {
  /// The wall time, in nanoseconds, of `threads` threads each running `body(iterations)`.
  static func wallTime(
    threads count: Int, iterations: Int, body: @escaping @Sendable (Int) -> UInt
  ) -> Double {
    let barrier = Barrier(parties: count)
    let workers = (0..<count).map { _ in
      Worker(barrier: barrier, iterations: iterations, body: body)
    }
    var handles: [pthread_t] = []
    for worker in workers {
      handles.append(worker.start())
    }
    for handle in handles {
      pthread_join(handle, nil)
    }
    // pthread_join orders every worker's writes before these reads.
    let start = workers.map(\.startNanoseconds).min()!
    let end = workers.map(\.endNanoseconds).max()!
    for worker in workers { benchSink(worker.result) }
    return Double(end - start)
  }
}

extension ThreadRun {
  /// Operations in one call of `body` between two looks at the stop flag.
  static let chunk = 64

  /// The wall time per operation, in nanoseconds, of `threads` threads each calling
  /// `body(chunk)` until about `nanoseconds` have passed since they were released: the latest end
  /// minus the earliest start, over every operation of every thread.
  static func throughput(
    threads count: Int, nanoseconds: Double, body: @escaping @Sendable (Int) -> UInt
  ) -> Double {
    let barrier = Barrier(parties: count)
    let stop = StopFlag()
    let workers = (0..<count).map { _ in
      Worker(barrier: barrier, iterations: chunk, body: body, stop: stop)
    }
    var handles: [pthread_t] = []
    for worker in workers {
      handles.append(worker.start())
    }
    // The launching thread sleeps for the run (it takes no core from the workers), then stops it.
    // NB: every worker arrives at the barrier before any runs, so the run starts within the sleep.
    var pause = timespec(
      tv_sec: Int(nanoseconds / 1e9), tv_nsec: Int(nanoseconds.truncatingRemainder(dividingBy: 1e9))
    )
    var remaining = timespec()
    while nanosleep(&pause, &remaining) != 0 { pause = remaining }
    stop.value.store(true, ordering: .releasing)
    for handle in handles {
      pthread_join(handle, nil)
    }
    let start = workers.map(\.startNanoseconds).min()!
    let end = workers.map(\.endNanoseconds).max()!
    let operations = workers.reduce(0) { $0 + $1.operations }
    for worker in workers { benchSink(worker.result) }
    return Double(end - start) / Double(max(1, operations))
  }
}

/// Tells the workers of a timed run to stop.
final class StopFlag: Sendable {
  let value = Atomic<Bool>(false)
}

/// Releases a fixed number of threads together once all of them have arrived.
final class Barrier: Sendable {
  private let parties: Int
  private let arrived = Atomic<Int>(0)

  init(parties: Int) {
    self.parties = parties
  }

  /// Arrives, then spins until every party has (the wait is a few microseconds at most on two
  /// threads; with more threads than cores, the spin yields so that the others can arrive).
  func arriveAndWait() {
    arrived.wrappingAdd(1, ordering: .acquiringAndReleasing)
    while arrived.load(ordering: .acquiring) < parties {
      if parties > 2 { sched_yield() }
    }
  }
}

/// One thread of a ``ThreadRun``.
// NB: `@unchecked Sendable` because `startNanoseconds`, `endNanoseconds` and `result` are plain
// `var`s. Only the worker's own thread writes them, after `pthread_create` and before it returns;
// the launching thread reads them only after `pthread_join` on that thread, which orders the
// writes before the reads. Nothing else touches them.
final class Worker: @unchecked Sendable {
  let barrier: Barrier
  let iterations: Int
  let body: @Sendable (Int) -> UInt
  var startNanoseconds: UInt64 = 0
  var endNanoseconds: UInt64 = 0
  var result: UInt = 0
  /// Operations run (with a stop flag: chunks of `iterations` until it is set).
  var operations = 0
  /// When set, the worker runs `body(iterations)` again until this flag is.
  let stop: StopFlag?

  init(
    barrier: Barrier, iterations: Int, body: @escaping @Sendable (Int) -> UInt,
    stop: StopFlag? = nil
  ) {
    self.barrier = barrier
    self.iterations = iterations
    self.body = body
    self.stop = stop
  }

  /// Starts the thread; it owns a +1 reference to this worker until it finishes.
  func start() -> pthread_t {
    let context = Unmanaged.passRetained(self).toOpaque()
    #if canImport(Darwin)
      var handle: pthread_t?
    #else
      var handle = pthread_t()
    #endif
    let status = pthread_create(
      &handle, nil,
      { raw in
        let worker = Unmanaged<Worker>.fromOpaque(raw!).takeRetainedValue()
        worker.run()
        return nil
      }, context)
    precondition(status == 0, "pthread_create failed: \(status)")
    #if canImport(Darwin)
      return handle!
    #else
      return handle
    #endif
  }

  private func run() {
    barrier.arriveAndWait()
    startNanoseconds = monotonicNanoseconds()
    result = body(iterations)
    operations = iterations
    if let stop {
      while !stop.value.load(ordering: .relaxed) {
        result &+= body(iterations)
        operations += iterations
      }
    }
    endNanoseconds = monotonicNanoseconds()
  }
}
