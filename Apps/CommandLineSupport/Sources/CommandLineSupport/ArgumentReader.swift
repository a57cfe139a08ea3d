/// Reads a command line one argument at a time: the one option parser of Loom's apps.
///
/// An argument that starts with `-` (other than `-` alone) is an option: `--format`, `-h`;
/// `--name=value` is the option `--name` with the inline value `value`. Anything else is
/// positional. An option has a value only when the app asks for one with ``value(needing:)``
/// (or ``value(needing:_:)``, ``choice(_:)``): its inline value, or else the next argument unless
/// that one starts with `-`. An inline value that the app did not ask for is an error
/// (`option '--broken' takes no value`), which the next call to ``next()`` throws.
///
/// Every error is a ``UsageError`` whose message has the same shape in every app:
/// `option '--output' needs a file name`, `unknown option '--bogus'`,
/// `unexpected argument 'extra' for validate`. `-h` and `--help` are the app's to look for first,
/// with ``asksForHelp(_:)``: help wins whatever else is on the command line.
///
/// ```swift
/// var reader = ArgumentReader(["--format=dot", "--features", "--output", "graph.dot"])
/// while let argument = try reader.next() {
///   switch argument {
///   case .option("--format"): format = try reader.choice()
///   case .option("--output"): output = try reader.value(needing: "a file name")
///   case .option("--features"): features = true
///   default: throw UsageError.unknown(argument)
///   }
/// }
/// ```
public struct ArgumentReader {
  /// One argument, as ``ArgumentReader/next()`` returns it.
  ///
  /// ```swift
  /// switch try reader.next() {
  /// case .option("--quick"): quick = true
  /// case .positional(let command): run(command)
  /// default: break
  /// }
  /// ```
  public enum Argument: Equatable, Sendable {
    /// An option, by its name alone: `--format=dot` is `.option("--format")`.
    case option(String)
    /// Any argument that does not start with `-`, or `-` alone.
    case positional(String)
  }

  private let arguments: [String]
  private var index = 0
  /// The option ``next()`` returned last, while its value may still be asked for.
  private var option: String?
  /// The inline value of ``option`` (`--name=value`), until it is taken.
  private var inlineValue: String?

  /// Makes a reader over `arguments`, the command line without the program's name.
  ///
  /// ```swift
  /// var reader = ArgumentReader(Array(CommandLine.arguments.dropFirst()))
  /// ```
  ///
  /// - Parameter arguments: The arguments to read, in order.
  public init(_ arguments: [String]) {
    self.arguments = arguments
  }

  /// Whether the command line asks for help: `-h` or `--help` anywhere.
  ///
  /// ```swift
  /// if ArgumentReader.asksForHelp(arguments) { print(help); return 0 }
  /// ```
  ///
  /// - Parameter arguments: The command line without the program's name.
  /// - Returns: `true` if an argument is `-h` or `--help`.
  public static func asksForHelp(_ arguments: [String]) -> Bool {
    arguments.contains { $0 == "-h" || $0 == "--help" }
  }

  /// The next argument, or `nil` after the last one.
  ///
  /// ```swift
  /// while let argument = try reader.next() { ... }
  /// ```
  ///
  /// - Returns: The argument: an option by its name, or a positional argument.
  /// - Throws: ``UsageError`` if the option returned before had an inline value that nobody
  ///   asked for: `option '--broken' takes no value`.
  public mutating func next() throws(UsageError) -> Argument? {
    if let option, inlineValue != nil { throw UsageError("option '\(option)' takes no value") }
    option = nil
    inlineValue = nil
    guard index < arguments.count else { return nil }
    let argument = arguments[index]
    index += 1
    guard argument.hasPrefix("-"), argument != "-" else { return .positional(argument) }
    var name = argument
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      name = String(argument[..<equals])
      inlineValue = String(argument[argument.index(after: equals)...])
    }
    option = name
    return .option(name)
  }

  /// The value of the option ``next()`` returned last: its inline value (`--output=FILE`), or the
  /// next argument unless that one starts with `-`.
  ///
  /// ```swift
  /// case .option("--output"): output = try reader.value(needing: "a file name")
  /// ```
  ///
  /// - Parameter what: What the option needs, for the error: `a value` unless given.
  /// - Returns: The value, never empty.
  /// - Throws: ``UsageError`` if there is none: `option '--output' needs a file name`.
  public mutating func value(needing what: String = "a value") throws(UsageError) -> String {
    try value(needing: what) { $0 }
  }

  /// The value of the option ``next()`` returned last, converted; a value that `convert` refuses
  /// is reported as a missing one.
  ///
  /// ```swift
  /// case .option("--reps"):
  ///   repetitions = try reader.value(needing: "a number of at least 5") {
  ///     Int($0).flatMap { $0 >= 5 ? $0 : nil }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - what: What the option needs, for the error: `a count`.
  ///   - convert: Makes the value from its text, or returns `nil` if it cannot.
  /// - Returns: The converted value.
  /// - Throws: ``UsageError`` if there is no value or `convert` refuses it:
  ///   `option '--reps' needs a number of at least 5`.
  public mutating func value<Value>(
    needing what: String, _ convert: (String) -> Value?
  ) throws(UsageError) -> Value {
    guard let option else {
      preconditionFailure("value(needing:) asked for after an argument that is not an option")
    }
    let text: String?
    if let inline = inlineValue {
      inlineValue = nil
      text = inline.isEmpty ? nil : inline
    } else if index < arguments.count, !arguments[index].hasPrefix("-") {
      text = arguments[index]
      index += 1
    } else {
      text = nil
    }
    guard let text, let value = convert(text) else {
      throw UsageError("option '\(option)' needs \(what)")
    }
    return value
  }

  /// The value of the option ``next()`` returned last, as one of a fixed set of names.
  ///
  /// The errors list the accepted names: `option '--format' needs a value: text, mermaid or dot`,
  /// and, for another name, `unknown format 'bmp' for --format (use text, mermaid or dot)` (the
  /// noun is the option's name).
  ///
  /// ```swift
  /// case .option("--format"): format = try reader.choice(GraphOutputFormat.self)
  /// ```
  ///
  /// - Parameter type: The type of the choices, whose raw values are the accepted names.
  /// - Returns: The choice named.
  /// - Throws: ``UsageError`` if there is no value, or it names no choice.
  public mutating func choice<Choice: CaseIterable & RawRepresentable<String>>(
    _ type: Choice.Type = Choice.self
  ) throws(UsageError) -> Choice {
    let names = Choice.allCases.map(\.rawValue)
    let list =
      names.count < 2
      ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    let text = try value(needing: "a value: \(list)")
    guard let choice = Choice(rawValue: text) else {
      let option = option ?? ""
      let noun = option.drop { $0 == "-" }
      throw UsageError("unknown \(noun) '\(text)' for \(option) (use \(list))")
    }
    return choice
  }

  /// The next argument, converted, if `convert` accepts it: an optional value after an option's
  /// own (`--profile NAME [N]`). Otherwise the argument stays for ``next()``.
  ///
  /// ```swift
  /// let name = try reader.value(needing: "a case name")
  /// let iterations = reader.optionalValue { Int($0) } ?? 1_000_000
  /// ```
  ///
  /// - Parameter convert: Makes the value from the argument's text, or returns `nil` if it cannot.
  /// - Returns: The converted value, or `nil` at the end or when `convert` refuses the argument.
  public mutating func optionalValue<Value>(_ convert: (String) -> Value?) -> Value? {
    guard index < arguments.count, let value = convert(arguments[index]) else { return nil }
    index += 1
    return value
  }
}
