import BenchFixtures
import Loom

/// One measurement of one case in one repetition.
struct Sample {
  var name: String
  var nanosecondsPerOperation: Double
  /// For two-thread cases: one-thread time per operation over two-thread time per operation.
  var scaling: Double?
}

/// Something measured once per repetition; it may yield samples of several cases.
protocol Runner {
  /// The cases this runner measures.
  var cases: [String] { get }
  /// Sizes the samples to about `nanoseconds` each; also warms up.
  mutating func calibrate(toward nanoseconds: Double)
  /// Takes one sample of each of its cases.
  func sample() -> [Sample]
  /// Runs `iterations` operations with no timing at all (for profilers: `--profile`).
  func profile(iterations: Int)
}

/// How many iterations of `body` take about `target` nanoseconds.
func iterationsFor(target: Double, _ body: (Int) -> UInt) -> Int {
  var iterations = 16
  while true {
    var bits: UInt = 0
    let elapsed = timed { bits = body(iterations) }
    benchSink(bits)
    if elapsed >= 2_000_000 || iterations >= 1 << 40 {
      let perOperation = elapsed / Double(iterations)
      return max(1, Int(target / perOperation))
    }
    iterations *= 4
  }
}

// MARK: - A loop of one operation

/// A case whose body runs its operation `n` times in a loop and returns bits of every result.
struct LoopRunner: Runner {
  let name: String
  let body: (Int) -> UInt
  var iterations = 1

  init(_ name: String, body: @escaping (Int) -> UInt) {
    self.name = name
    self.body = body
  }

  var cases: [String] { [name] }

  mutating func calibrate(toward nanoseconds: Double) {
    iterations = iterationsFor(target: nanoseconds, body)
    iterations = iterationsFor(target: nanoseconds, body)  // again, now warm
  }

  func sample() -> [Sample] {
    var bits: UInt = 0
    let elapsed = timed { bits = body(iterations) }
    benchSink(bits)
    return [Sample(name: name, nanosecondsPerOperation: elapsed / Double(iterations))]
  }

  func profile(iterations: Int) {
    benchSink(body(iterations))
  }
}

// MARK: - Many registrations, then their first resolves

/// Rounds of: a fresh container (not timed), `register` its keys (timed), then `resolve` each
/// once (timed). Yields two cases: ns per registration and ns per first resolve.
struct ThousandRunner: Runner {
  let registerCase: String
  let resolveCase: String
  let keys: Int
  let register: (Container) -> Void
  let resolve: (Container) -> Void
  var rounds = 1

  var cases: [String] { [registerCase, resolveCase] }

  mutating func calibrate(toward nanoseconds: Double) {
    _ = measure(rounds: 2)
    let (registering, resolving) = measure(rounds: 2)
    // Both cases come from the same rounds: size them so that the two together take about two
    // samples' time.
    rounds = max(1, Int(2 * nanoseconds / ((registering + resolving) / 2)))
  }

  func sample() -> [Sample] {
    let (registering, resolving) = measure(rounds: rounds)
    let operations = Double(rounds * keys)
    return [
      Sample(name: registerCase, nanosecondsPerOperation: registering / operations),
      Sample(name: resolveCase, nanosecondsPerOperation: resolving / operations),
    ]
  }

  func profile(iterations: Int) {
    _ = measure(rounds: max(1, iterations / keys))
  }

  /// Total time spent registering and resolving over `rounds` fresh containers.
  private func measure(rounds: Int) -> (Double, Double) {
    // Made before and released after the timed regions: container set-up and teardown (which
    // frees a thousand registrations) is not what these cases measure.
    let containers = (0..<rounds).map { _ in Container() }
    var registering = 0.0
    var resolving = 0.0
    for container in containers {
      registering += timed { register(container) }
      resolving += timed { resolve(container) }
    }
    return (registering, resolving)
  }
}

// MARK: - Two threads

/// The same operation on one thread, then on two threads at once (real threads started together).
/// Yields one case: ns per operation on two threads (wall time / (2 × N)) and the scaling, one-
/// thread time per operation over two-thread time per operation (2.0 is perfect on two cores).
struct TwoThreadRunner: Runner {
  let name: String
  let body: @Sendable (Int) -> UInt
  var iterations = 1

  init(_ name: String, body: @escaping @Sendable (Int) -> UInt) {
    self.name = name
    self.body = body
  }

  var cases: [String] { [name] }

  mutating func calibrate(toward nanoseconds: Double) {
    iterations = iterationsFor(target: nanoseconds, body)
    _ = ThreadRun.wallTime(threads: 2, iterations: iterations / 4, body: body)
  }

  func sample() -> [Sample] {
    let one = ThreadRun.wallTime(threads: 1, iterations: iterations, body: body)
    let two = ThreadRun.wallTime(threads: 2, iterations: iterations, body: body)
    let perOperationOne = one / Double(iterations)
    let perOperationTwo = two / Double(2 * iterations)
    return [
      Sample(
        name: name, nanosecondsPerOperation: perOperationTwo,
        scaling: perOperationOne / perOperationTwo)
    ]
  }

  func profile(iterations: Int) {
    _ = ThreadRun.wallTime(threads: 2, iterations: iterations, body: body)
  }
}
