/// A command line that an app cannot run: an unknown option, command or value, or a missing one.
///
/// The one usage error of Loom's apps. Its message names the offending argument, without the
/// program's name; ``report(program:usage:)`` is what the app prints on standard error, and an app
/// exits with ``exitStatus``.
///
/// ```swift
/// let error = UsageError.unknown(.option("--verbose"))
/// print(error.report(program: "loom-graph"))
/// // loom-graph: unknown option '--verbose'
/// // Run 'loom-graph --help' for usage.
/// ```
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The exit status of a usage error, the same in every app: 2.
  ///
  /// ```swift
  /// return UsageError.exitStatus
  /// ```
  public static let exitStatus: Int32 = 2

  /// What is wrong, without the program's name: `unknown option '--verbose'`.
  ///
  /// ```swift
  /// UsageError("--reps is too small").message  // "--reps is too small"
  /// ```
  public let message: String

  /// Makes a usage error with its message.
  ///
  /// ```swift
  /// throw UsageError("unknown command '\(name)'")
  /// ```
  ///
  /// - Parameter message: What is wrong, naming the argument, without the program's name.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  ///
  /// ```swift
  /// print(UsageError("unknown command 'grpah'"))  // unknown command 'grpah'
  /// ```
  public var description: String { message }

  /// The error for an argument the app does not accept: `unknown option '--x'` for an option,
  /// `unexpected argument 'x'` for a positional one, followed by ` for COMMAND` when given.
  ///
  /// ```swift
  /// default: throw UsageError.unknown(argument, for: "graph")
  /// ```
  ///
  /// - Parameters:
  ///   - argument: The argument, as ``ArgumentReader/next()`` returned it.
  ///   - command: The command whose options were being read, if the app has commands.
  /// - Returns: The error.
  public static func unknown(_ argument: ArgumentReader.Argument, for command: String? = nil)
    -> UsageError
  {
    let suffix = command.map { " for \($0)" } ?? ""
    switch argument {
    case .option(let name): return UsageError("unknown option '\(name)'\(suffix)")
    case .positional(let text): return UsageError("unexpected argument '\(text)'\(suffix)")
    }
  }

  /// What the app prints on standard error: the program and the message, the usage lines if
  /// given, and where to read more. It has no final line break.
  ///
  /// ```swift
  /// UsageError("unknown option '--bogus'").report(program: "loom-demo")
  /// // loom-demo: unknown option '--bogus'
  /// // Run 'loom-demo --help' for usage.
  /// ```
  ///
  /// - Parameters:
  ///   - program: The app's command name, such as `loom-graph`.
  ///   - usage: The app's synopsis, printed between the message and the last line.
  /// - Returns: The lines to print, joined by line breaks.
  public func report(program: String, usage: String? = nil) -> String {
    var lines = ["\(program): \(message)"]
    if let usage { lines.append(usage) }
    lines.append("Run '\(program) --help' for usage.")
    return lines.joined(separator: "\n")
  }
}
