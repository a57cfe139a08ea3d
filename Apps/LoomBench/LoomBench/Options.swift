import BenchFixtures
import CommandLineSupport

/// The command line of `loom-bench`.
struct Options {
  /// Repetitions of the whole round-robin; each figure is the median over them.
  var repetitions = 15
  /// How long one sample of one case should take, in nanoseconds.
  var sampleNanoseconds = 20_000_000.0
  /// Only cases whose name starts with this (their baselines always run too).
  var filter: String?
  /// `--alloc-probe N`: only resolve a cached singleton N times by type and N times by key path,
  /// and a cached session and flow instance N times each.
  var allocProbe: Int?
  /// `--alloc-probe-control N`: the same, but resolving a transient chain (which must allocate),
  /// so Scripts/alloc-check.sh can show that it would notice allocations.
  var allocProbeControl: Int?
  /// `--profile <case> [N]`: run N operations of one case untimed, for perf or callgrind.
  var profile: (name: String, iterations: Int)?
  /// `--memory-probe N`: re-register one singleton key N times (resolving it each time) and report
  /// the growth of resident memory per re-registration.
  var memoryProbe: Int?
  /// `--growth-probe <phase> <N> [--types] [--cold]`: build one container of N keys and run one
  /// phase on it, for Scripts/growth.sh under callgrind.
  var growthProbe: GrowthProbe?

  static let usage = """
    usage: loom-bench [--quick] [--filter <prefix>] [--reps <n>]
           loom-bench --alloc-probe <N> | --alloc-probe-control <N> | --profile <case> [N]
           loom-bench --memory-probe <N>
           loom-bench --growth-probe launch|bootstrap|bootstrap.base <N> [--types] [--cold]

      --quick            5 repetitions of ~10 ms samples instead of 15 of ~20 ms
      --filter <prefix>  run only the cases whose name starts with <prefix>
                         (the baselines their ratios and goals need always run)
      --reps <n>         repetitions (each figure is the median over them; at least 5)
      --alloc-probe <N>  resolve a cached singleton N times by type, then N times by key path,
                         then a cached .session and .flow instance N times each, after one
                         warm-up resolve each, and exit (for Scripts/alloc-check.sh)
      --alloc-probe-control <N>
                         the same with N resolves of a transient chain, which must allocate
      --profile <case> [N]
                         run N (default 1,000,000) operations of one case with no timing, after
                         one warm-up operation, for `perf record` or `valgrind --tool=callgrind`
      --memory-probe <N> re-register one singleton key N times in one container, resolving it
                         after each, and print the growth of resident memory per re-registration
                         (for Scripts/memory-check.sh)
      --growth-probe <phase> <N>
                         one container of N singletons (N names of one type), for
                         Scripts/growth.sh under callgrind: `launch` registers them, validates,
                         resolves each once then each again; `bootstrap` registers N eager
                         singletons and bootstraps; `bootstrap.base` the same without bootstrap()
      --types            with --growth-probe: the 1,000 key types of ThousandKeys (N = 1000 or 0)
      --cold             with --growth-probe: no warm-up run on a throwaway container first
    """

  /// Parses the arguments; `-h` and `--help` are looked for before.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var (types, cold) = (false, false)
    var reader = ArgumentReader(arguments)
    while let argument = try reader.next() {
      switch argument {
      case .option("--quick"):
        options.repetitions = 5
        options.sampleNanoseconds = 10_000_000
      case .option("--filter"):
        options.filter = try reader.value(needing: "a prefix")
      case .option("--reps"):
        options.repetitions = try reader.value(needing: "a number of at least 5") {
          Int($0).flatMap { $0 >= 5 ? $0 : nil }
        }
      case .option("--alloc-probe"):
        options.allocProbe = try reader.value(needing: "a count") { count($0) }
      case .option("--alloc-probe-control"):
        options.allocProbeControl = try reader.value(needing: "a count") { count($0) }
      case .option("--memory-probe"):
        options.memoryProbe = try reader.value(needing: "a positive count") {
          count($0).flatMap { $0 > 0 ? $0 : nil }
        }
      case .option("--profile"):
        let name = try reader.value(needing: "a case name")
        options.profile = (name, reader.optionalValue { Int($0) } ?? 1_000_000)
      case .option("--growth-probe"):
        let phase = try reader.choice(GrowthProbe.Phase.self)
        guard let keys = reader.optionalValue({ count($0) }) else {
          throw UsageError("option '--growth-probe' needs a count of keys after its phase")
        }
        options.growthProbe = GrowthProbe(phase: phase, keys: keys)
      case .option("--types"):
        types = true
      case .option("--cold"):
        cold = true
      default:
        throw .unknown(argument)
      }
    }
    if types || cold {
      guard options.growthProbe != nil else {
        throw UsageError("--types and --cold go with --growth-probe")
      }
      options.growthProbe?.types = types
      options.growthProbe?.cold = cold
    }
    if types, let keys = options.growthProbe?.keys, keys != 0, keys != ThousandKeys.count {
      throw UsageError("--types needs \(ThousandKeys.count) keys (or 0), not \(keys)")
    }
    return options
  }

  /// A count: a number, 0 or more.
  private static func count(_ text: String) -> Int? {
    Int(text).flatMap { $0 >= 0 ? $0 : nil }
  }
}
