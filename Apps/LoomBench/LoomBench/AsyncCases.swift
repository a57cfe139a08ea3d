import BenchFixtures
import Dispatch
import Loom
import Synchronization

// The asynchronous cases: `singleton.async` (an async singleton resolved again with `await`, after
// its creation) and `bootstrap.1000` (bootstrap of a 1,000-node DAG whose async factories sleep
// 1 ms each; its ratio divides the wall time by the DAG's critical path, reported as the
// diagnostic row `diag.bootstrap.criticalPath`).

enum AsyncBench {
  static func runners() -> [any Runner] {
    [AsyncLoopRunner("singleton.async", container: singletonContainer()), BootstrapRunner()]
  }

  /// A container whose async singleton `Service` is already made.
  static func singletonContainer() -> Container {
    let container = Container()
    container.register(Service.self, lifetime: .singleton) { _ async in Service() }
    _ = runBlocking { await container.resolveAsync(Service.self) }
    return container
  }
}

/// Runs `body` in a task and blocks the calling (non-pool) thread until it returns.
func runBlocking<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Result {
  let result = Mutex<Result?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task {
    let value = await body()
    result.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  return result.withLock { $0! }
}

/// `n` awaited resolves of a cached async singleton, timed inside one task.
struct AsyncLoopRunner: Runner {
  let name: String
  let container: Container
  var iterations = 1

  init(_ name: String, container: Container) {
    self.name = name
    self.container = container
  }

  var cases: [String] { [name] }

  /// Time in ns of `n` resolves, and bits of their results.
  private func run(_ n: Int) -> (Double, UInt) {
    runBlocking { [container] in
      var bits: UInt = 0
      let start = monotonicNanoseconds()
      for _ in 0..<n {
        bits &+= identityBits(await container.resolveAsync(Service.self))
      }
      return (Double(monotonicNanoseconds() &- start), bits)
    }
  }

  mutating func calibrate(toward nanoseconds: Double) {
    var n = 1024
    while true {
      let (elapsed, bits) = run(n)
      benchSink(bits)
      if elapsed >= 2_000_000 {
        iterations = max(1, Int(nanoseconds / (elapsed / Double(n))))
        return
      }
      n *= 4
    }
  }

  func sample() -> [Sample] {
    let (elapsed, bits) = run(iterations)
    benchSink(bits)
    return [Sample(name: name, nanosecondsPerOperation: elapsed / Double(iterations))]
  }

  func profile(iterations: Int) {
    benchSink(run(iterations).1)
  }
}

/// A node of the bootstrap DAG.
final class BootNode: Sendable {
  init() {}
}

/// One `bootstrap()` of a fresh container (made before timing) per sample: 1,000 eager async
/// singletons, each sleeping 1 ms, each depending on up to three random earlier ones (declared).
struct BootstrapRunner: Runner {
  static let nodeCount = 1_000
  /// Node `i`'s prerequisites, and the longest chain of nodes (the critical path, in sleeps).
  let dependencies: [[Int]]
  let criticalPath: Int

  init() {
    var random = BenchRandom(seed: 0xB007)
    var dependencies: [[Int]] = []
    var depth: [Int] = []
    for node in 0..<Self.nodeCount {
      let picks = node == 0 ? [] : (0..<min(node, 3)).map { _ in Int(random.next() % UInt64(node)) }
      let unique = Array(Set(picks)).sorted()
      dependencies.append(unique)
      depth.append(1 + (unique.map { depth[$0] }.max() ?? 0))
    }
    self.dependencies = dependencies
    self.criticalPath = depth.max() ?? 0
  }

  var cases: [String] { ["bootstrap.1000", "diag.bootstrap.criticalPath"] }

  func makeContainer() -> Container {
    let container = Container()
    for (node, needs) in dependencies.enumerated() {
      container.register(
        BootNode.self, name: "n\(node)", lifetime: .eagerSingleton,
        dependencies: needs.map { DependencyKey(BootNode.self, name: "n\($0)") }
      ) { _ async in
        try? await Task.sleep(for: .milliseconds(1))
        return BootNode()
      }
    }
    return container
  }

  mutating func calibrate(toward nanoseconds: Double) {
    _ = sample()  // warm up the pool and the code
  }

  func sample() -> [Sample] {
    let container = makeContainer()
    let elapsed = runBlocking {
      let start = monotonicNanoseconds()
      try? await container.bootstrap()
      return Double(monotonicNanoseconds() &- start)
    }
    return [
      Sample(name: "bootstrap.1000", nanosecondsPerOperation: elapsed),
      Sample(
        name: "diag.bootstrap.criticalPath",
        nanosecondsPerOperation: Double(criticalPath) * 1_000_000),
    ]
  }

  func profile(iterations: Int) {
    for _ in 0..<iterations { _ = sample() }
  }
}
