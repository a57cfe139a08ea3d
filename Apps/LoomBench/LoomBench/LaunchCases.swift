import BenchFixtures
import Loom

// What an app pays once per key at launch, on the 1,000 key types of `ThousandKeys`:
// `register.transient.1000` (a transient registration), `firstUse.keypath.1000` (the first resolve
// of a key path declared with its default and never registered), `validate.keys.1000` (one
// `validate()` of 1,000 registrations, per key) and `bootstrap.keys.1000` (one `bootstrap()` of
// 1,000 eager singletons, per singleton, beyond its factory; `diag.bootstrap.keys.base` is the
// same run without the bootstrap, which Scripts/instructions.sh subtracts).

enum LaunchBench {
  static func runners() -> [any Runner] {
    [
      LaunchRunner("register.transient.1000") { container in
        ThousandKeys.registerAllTransient(in: container)
      },
      LaunchRunner("firstUse.keypath.1000") { container in
        ThousandKeys.resolveAllKeyPaths(in: container)
      },
      LaunchRunner("validate.keys.1000") { container in
        ThousandKeys.registerAll(in: container)
      } operation: { container in
        validateAll(container)
      },
      LaunchRunner("bootstrap.keys.1000") { container in
        ThousandKeys.registerAllEager(in: container)
      } operation: { container in
        runBlocking { try? await container.bootstrap() }
      },
      LaunchRunner("diag.bootstrap.keys.base") { container in
        ThousandKeys.registerAllEager(in: container)
      } operation: { _ in
        runBlocking {}
      },
    ]
  }
}

/// One `validate()` of `container`: a function of its own, so that Scripts/instructions.sh can
/// read its inclusive cost.
@inline(never)
func validateAll(_ container: Container) {
  benchSink(UInt(container.validate().problems.count))
}

/// Rounds of: a fresh container, `prepare` (not timed), then `operation` (timed). Yields one case,
/// ns per key (`ThousandKeys.count` keys per round).
struct LaunchRunner: Runner {
  let name: String
  let prepare: (Container) -> Void
  let operation: (Container) -> Void
  var rounds = 1

  init(
    _ name: String, prepare: @escaping (Container) -> Void = { _ in },
    operation: @escaping (Container) -> Void
  ) {
    self.name = name
    self.prepare = prepare
    self.operation = operation
  }

  var cases: [String] { [name] }

  mutating func calibrate(toward nanoseconds: Double) {
    _ = measure(rounds: 1)
    rounds = max(1, Int(nanoseconds / measure(rounds: 1)))
  }

  func sample() -> [Sample] {
    let elapsed = measure(rounds: rounds)
    return [
      Sample(
        name: name, nanosecondsPerOperation: elapsed / Double(rounds * ThousandKeys.count))
    ]
  }

  /// One round per 1,000 iterations (at least one).
  func profile(iterations: Int) {
    _ = measure(rounds: max(1, iterations / ThousandKeys.count))
  }

  /// Time spent in `operation` over `rounds` fresh containers, made and released untimed.
  private func measure(rounds: Int) -> Double {
    let containers = (0..<rounds).map { _ in Container() }
    var elapsed = 0.0
    for container in containers {
      prepare(container)
      elapsed += timed { operation(container) }
    }
    return elapsed
  }
}
