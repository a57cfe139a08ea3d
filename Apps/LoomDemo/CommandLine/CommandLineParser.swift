import CommandLineSupport
import GraphDrawing

/// Turns `loom-demo`'s arguments into an ``Invocation``, or a `UsageError` that names the
/// argument it cannot use.
///
/// `--debug` and `-h` / `--help` are accepted anywhere; everything else belongs to the command
/// that precedes it, and each command accepts only its own options (`--name VALUE` or
/// `--name=VALUE`, read by `ArgumentReader`). Unknown commands, options and values are errors,
/// never ignored.
enum CommandLineParser {
  /// The commands, as `help` and the errors list them.
  static let commands = ["graph", "validate", "help"]

  /// Parses the arguments after the program's name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    let debug = arguments.contains(AppEnvironment.flag)
    if ArgumentReader.asksForHelp(arguments) {
      return Invocation(command: .help, debug: debug)
    }
    if arguments.contains(where: { $0.hasPrefix(AppEnvironment.flag + "=") }) {
      throw UsageError("option '\(AppEnvironment.flag)' takes no value")
    }
    var reader = ArgumentReader(arguments.filter { $0 != AppEnvironment.flag })
    let command: Invocation.Command
    switch try reader.next() {
    case nil:
      command = .story
    case .positional("graph"):
      command = .graph(try parseGraph(&reader))
    case .positional("validate"):
      command = .validate(broken: try parseValidate(&reader))
    case .positional("help"):
      if let extra = try reader.next() { throw .unknown(extra, for: "help") }
      command = .help
    case .positional(let name):
      let list = commands.joined(separator: ", ")
      throw UsageError("unknown command '\(name)' (the commands are \(list))")
    case let option?:
      throw .unknown(option)
    }
    return Invocation(command: command, debug: debug)
  }

  // MARK: - Commands

  private static func parseGraph(_ reader: inout ArgumentReader) throws(UsageError)
    -> GraphOptions
  {
    var options = GraphOptions()
    while let argument = try reader.next() {
      switch argument {
      case .option("--format"): options.format = try reader.choice()
      case .option("--output"): options.output = try reader.value(needing: "a file name")
      case .option("--features"): options.features = true
      case .option("--component"): options.component = true
      default: throw .unknown(argument, for: "graph")
      }
    }
    if options.features, options.component {
      throw UsageError("--features and --component draw different graphs: pick one")
    }
    if options.format.isPicture, options.output == nil {
      let format = options.format.rawValue
      throw UsageError("--format \(format) needs --output FILE: a picture goes to a file")
    }
    return options
  }

  private static func parseValidate(_ reader: inout ArgumentReader) throws(UsageError) -> Bool {
    var broken = false
    while let argument = try reader.next() {
      guard argument == .option("--broken") else { throw .unknown(argument, for: "validate") }
      broken = true
    }
    return broken
  }
}
