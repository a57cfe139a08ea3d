import BenchFixtures
import CommandLineSupport
import Loom
import LoomSession

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum Bench {
  /// Runs the benchmark (or the allocation probe) and returns the exit status.
  static func main(arguments: [String]) -> Int32 {
    if ArgumentReader.asksForHelp(arguments) {
      print(Options.usage)
      return 0
    }
    let options: Options
    do throws(UsageError) {
      options = try Options.parse(arguments)
    } catch {
      printError(error.report(program: "loom-bench"))
      return UsageError.exitStatus
    }
    if let count = options.allocProbe {
      allocProbe(count)
      return 0
    }
    if let count = options.allocProbeControl {
      allocProbeControl(count)
      return 0
    }
    if let count = options.memoryProbe {
      memoryProbe(count)
      return 0
    }
    if let probe = options.growthProbe {
      probe.run()
      // NB: a fixed text, so the output costs the same for every N.
      print("growth-probe: done")
      return 0
    }
    if let (name, iterations) = options.profile {
      guard let runner = makeRunners().first(where: { $0.cases.contains(name) }) else {
        printError(UsageError("no case named '\(name)'").report(program: "loom-bench"))
        return UsageError.exitStatus
      }
      runner.profile(iterations: 1)
      runner.profile(iterations: iterations)
      print("profile: done")
      return 0
    }
    return run(options)
  }

  // MARK: - The allocation probe

  /// Resolves a cached singleton `count` times by type, then `count` times by key path, then a
  /// cached `.session` and a cached `.flow` instance `count` times each, after one warm-up resolve
  /// of each. Run under valgrind with two counts by Scripts/alloc-check.sh: equal allocation totals
  /// prove that a cached resolve allocates nothing.
  static func allocProbe(_ count: Int) {
    let container = BenchWiring.makeContainer()
    var bits = identityBits(container.resolve(Service.self))
    bits &+= identityBits(container.resolve(\.benchService))
    for _ in 0..<count { bits &+= identityBits(container.resolve(Service.self)) }
    for _ in 0..<count { bits &+= identityBits(container.resolve(\.benchService)) }
    let sessions = Container()
    sessions.register(Service.self, lifetime: .session) { _ in Service() }
    bits &+= identityBits(sessions.resolve(Service.self))
    for _ in 0..<count { bits &+= identityBits(sessions.resolve(Service.self)) }
    let flows = Container()
    flows.register(Service.self, lifetime: .flow) { _ in Service() }
    bits &+= flows.makeScope("probe").run {
      var flowBits = identityBits(flows.resolve(Service.self))
      for _ in 0..<count { flowBits &+= identityBits(flows.resolve(Service.self)) }
      return flowBits
    }
    benchSink(bits)
    // NB: a fixed text, so the output itself allocates the same for every count.
    print("alloc-probe: done")
  }

  /// The control of ``allocProbe(_:)``: `count` resolves of a transient `Top → Middle → Leaf`,
  /// which allocates at least three objects each time, so its totals must differ between counts.
  static func allocProbeControl(_ count: Int) {
    let container = BenchWiring.makeContainer()
    var bits = identityBits(container.resolve(Top.self))
    for _ in 0..<count { bits &+= identityBits(container.resolve(Top.self)) }
    benchSink(bits)
    print("alloc-probe: done")
  }

  // MARK: - The benchmark

  static func run(_ options: Options) -> Int32 {
    let selected = selectCases(options.filter)
    guard !selected.isEmpty else {
      printError("loom-bench: no case starts with '\(options.filter ?? "")'")
      return 2
    }
    var names = Set(selected.map(\.name))
    // The two-thread case brings its canary (see `report`).
    if names.contains("singleton.2threads") { names.insert("diag.value.2threads") }
    var runners = makeRunners().filter { runner in runner.cases.contains(where: names.contains) }

    #if DEBUG
      print("warning: a debug build; run `swift run -c release loom-bench` for real figures.\n")
    #endif
    let started = monotonicNanoseconds()
    for index in runners.indices {
      runners[index].calibrate(toward: options.sampleNanoseconds)
    }

    // Round-robin: every repetition takes one sample of each case, starting one runner later each
    // time, so that no case always runs first (or right after the same neighbour).
    var samples: [String: [Sample]] = [:]
    for repetition in 0..<options.repetitions {
      for offset in runners.indices {
        let runner = runners[(repetition + offset) % runners.count]
        for sample in runner.sample() {
          samples[sample.name, default: []].append(sample)
        }
      }
    }
    let seconds = Double(monotonicNanoseconds() - started) / 1e9

    let shown = allCases.filter { names.contains($0.name) }
    let results = shown.compactMap { info in
      samples[info.name].map { CaseResult(info: info, samples: $0) }
    }
    report(results, options: options, seconds: seconds)
    return 0
  }

  /// The cases whose name starts with `filter`, plus the baselines their ratios need.
  static func selectCases(_ filter: String?) -> [CaseInfo] {
    guard let filter else { return allCases }
    var wanted = Set(allCases.filter { $0.name.hasPrefix(filter) }.map(\.name))
    guard !wanted.isEmpty else { return [] }
    // The baselines' own baselines too (baseline.direct3 is reported against baseline.closure),
    // and the cases that goals compare with.
    var grew = true
    while grew {
      grew = false
      for info in allCases where wanted.contains(info.name) {
        if let baseline = info.baseline, wanted.insert(baseline).inserted { grew = true }
        if let reference = info.goal?.reference, wanted.insert(reference).inserted { grew = true }
      }
    }
    return allCases.filter { wanted.contains($0.name) }
  }
}

/// The median figures of one case.
struct CaseResult {
  let info: CaseInfo
  let nanoseconds: Double
  let low: Double
  let high: Double
  let scaling: Double?

  init(info: CaseInfo, samples: [Sample]) {
    self.info = info
    let values = samples.map(\.nanosecondsPerOperation)
    nanoseconds = median(values)
    low = values.min()!
    high = values.max()!
    let scalings = samples.compactMap(\.scaling)
    scaling = scalings.isEmpty ? nil : median(scalings)
  }
}

/// Writes one line to standard error (with `write(2)`: the C `stderr` global is a mutable
/// variable that Swift 6 does not let us read from nonisolated code).
func printError(_ message: String) {
  var line = message + "\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
