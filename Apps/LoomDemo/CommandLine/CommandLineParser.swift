import GraphDrawing

/// Turns `loom-demo`'s arguments into an ``Invocation``, or a ``UsageError`` that names the
/// argument it cannot use.
///
/// `--debug` and `-h` / `--help` are accepted anywhere; everything else belongs to the command
/// that precedes it, and each command accepts only its own options (`--name VALUE` or
/// `--name=VALUE`). Unknown commands, options and values are errors, never ignored.
enum CommandLineParser {
  /// The commands, as `help` and the errors list them.
  static let commands = ["graph", "validate", "help"]

  /// Parses the arguments after the program's name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    let debug = arguments.contains(AppEnvironment.flag)
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      return Invocation(command: .help, debug: debug)
    }
    let remaining = arguments.filter { $0 != AppEnvironment.flag }
    guard let name = remaining.first else { return Invocation(command: .story, debug: debug) }
    let options = Array(remaining.dropFirst())
    switch name {
    case "graph":
      return Invocation(command: .graph(try parseGraph(options)), debug: debug)
    case "validate":
      return Invocation(command: .validate(broken: try parseValidate(options)), debug: debug)
    case "help":
      if let extra = options.first { throw unexpected(extra, for: "help") }
      return Invocation(command: .help, debug: debug)
    default:
      if name.hasPrefix("-") { throw unknownOption(name, for: nil) }
      let list = commands.joined(separator: ", ")
      throw UsageError(message: "unknown command '\(name)' (the commands are \(list))")
    }
  }

  // MARK: - Commands

  private static func parseGraph(_ arguments: [String]) throws(UsageError) -> GraphOptions {
    var options = GraphOptions()
    var reader = OptionReader(arguments)
    while let argument = reader.next() {
      switch argument.name {
      case "--format":
        let value = try reader.value(
          of: argument, missing: "needs a value: \(GraphOutputFormat.names)")
        guard let format = GraphOutputFormat(rawValue: value) else {
          throw UsageError(
            message: "unknown format '\(value)' for --format (use \(GraphOutputFormat.names))")
        }
        options.format = format
      case "--output":
        options.output = try reader.value(of: argument, missing: "needs a file name")
      case "--features":
        try argument.requireNoValue()
        options.features = true
      case "--component":
        try argument.requireNoValue()
        options.component = true
      default:
        throw argument.name.hasPrefix("-")
          ? unknownOption(argument.name, for: "graph") : unexpected(argument.name, for: "graph")
      }
    }
    if options.features, options.component {
      throw UsageError(message: "--features and --component draw different graphs: pick one")
    }
    if options.format.isPicture, options.output == nil {
      let format = options.format.rawValue
      throw UsageError(message: "--format \(format) needs --output FILE: a picture goes to a file")
    }
    return options
  }

  private static func parseValidate(_ arguments: [String]) throws(UsageError) -> Bool {
    var broken = false
    var reader = OptionReader(arguments)
    while let argument = reader.next() {
      guard argument.name == "--broken" else {
        throw argument.name.hasPrefix("-")
          ? unknownOption(argument.name, for: "validate")
          : unexpected(argument.name, for: "validate")
      }
      try argument.requireNoValue()
      broken = true
    }
    return broken
  }

  // MARK: - Errors

  private static func unknownOption(_ option: String, for command: String?) -> UsageError {
    UsageError(message: "unknown option '\(option)'" + (command.map { " for \($0)" } ?? ""))
  }

  private static func unexpected(_ argument: String, for command: String) -> UsageError {
    UsageError(message: "unexpected argument '\(argument)' for \(command)")
  }
}

/// Reads a command's arguments one option at a time, splitting `--name=value`.
private struct OptionReader {
  /// One argument: `--format=svg` is named `--format` with the inline value `svg`.
  struct Argument {
    let name: String
    let inlineValue: String?

    /// Throws if a flag was given a value (`--broken=yes`).
    func requireNoValue() throws(UsageError) {
      if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
    }
  }

  private let arguments: [String]
  private var index = 0

  init(_ arguments: [String]) {
    self.arguments = arguments
  }

  /// The next argument, or nil at the end.
  mutating func next() -> Argument? {
    guard index < arguments.count else { return nil }
    let argument = arguments[index]
    index += 1
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      return Argument(
        name: String(argument[..<equals]),
        inlineValue: String(argument[argument.index(after: equals)...]))
    }
    return Argument(name: argument, inlineValue: nil)
  }

  /// The value of `argument`: inline (`--output=FILE`) or the next argument, which must not look
  /// like an option.
  mutating func value(of argument: Argument, missing: String) throws(UsageError) -> String {
    if let value = argument.inlineValue {
      guard !value.isEmpty else {
        throw UsageError(message: "option '\(argument.name)' \(missing)")
      }
      return value
    }
    guard index < arguments.count, !arguments[index].hasPrefix("-") else {
      throw UsageError(message: "option '\(argument.name)' \(missing)")
    }
    index += 1
    return arguments[index - 1]
  }
}
