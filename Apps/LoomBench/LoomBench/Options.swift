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
  var help = false

  static let usage = """
    usage: loom-bench [--quick] [--filter <prefix>] [--reps <n>]
           loom-bench --alloc-probe <N> | --alloc-probe-control <N> | --profile <case> [N]
           loom-bench --memory-probe <N>

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
    """

  /// Parses the arguments, or returns a message saying what is wrong.
  static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
    var options = Options()
    var index = 0
    func value(after flag: String) -> String? {
      index += 1
      return index < arguments.count ? arguments[index] : nil
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--quick":
        options.repetitions = 5
        options.sampleNanoseconds = 10_000_000
      case "--filter":
        guard let prefix = value(after: argument) else {
          return .failure(UsageError("--filter needs a prefix"))
        }
        options.filter = prefix
      case "--reps":
        guard let text = value(after: argument), let count = Int(text), count >= 5 else {
          return .failure(UsageError("--reps needs a number of at least 5"))
        }
        options.repetitions = count
      case "--alloc-probe":
        guard let text = value(after: argument), let count = Int(text), count >= 0 else {
          return .failure(UsageError("--alloc-probe needs a count"))
        }
        options.allocProbe = count
      case "--alloc-probe-control":
        guard let text = value(after: argument), let count = Int(text), count >= 0 else {
          return .failure(UsageError("--alloc-probe-control needs a count"))
        }
        options.allocProbeControl = count
      case "--memory-probe":
        guard let text = value(after: argument), let count = Int(text), count > 0 else {
          return .failure(UsageError("--memory-probe needs a positive count"))
        }
        options.memoryProbe = count
      case "--profile":
        guard let name = value(after: argument) else {
          return .failure(UsageError("--profile needs a case name"))
        }
        var iterations = 1_000_000
        if index + 1 < arguments.count, let count = Int(arguments[index + 1]) {
          iterations = count
          index += 1
        }
        options.profile = (name, iterations)
      case "-h", "--help":
        options.help = true
      default:
        return .failure(UsageError("unknown argument '\(argument)'"))
      }
      index += 1
    }
    return .success(options)
  }
}

/// A command line that cannot be parsed.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
