import CommandLineSupport

/// `loom-demo`'s entry point: parses the command line, runs the command and returns the exit
/// status, writing to the consoles it is given (the terminal's, or a test's buffers).
enum DemoCommandLine {
  /// The command did what was asked; for `validate`, the graph has no problem.
  static let success: Int32 = 0
  /// `validate` found problems, or `graph` could not draw or write the graph.
  static let failure: Int32 = 1
  /// The command line was wrong: an unknown command, option or value, or a missing value.
  static let usageError = UsageError.exitStatus

  /// Runs `loom-demo` with `arguments` (without the program's name).
  ///
  /// - Parameters:
  ///   - arguments: The command line after the program's name.
  ///   - variables: The environment: `LOOM_DEMO_DEBUG`, and `PATH` for Graphviz.
  ///   - output: Standard output: the story, the help, reports and graphs.
  ///   - errors: Standard error: usage errors and failures.
  /// - Returns: The exit status: ``success``, ``failure`` or ``usageError``.
  static func run(
    _ arguments: [String], variables: [String: String], output: Console, errors: Console
  ) -> Int32 {
    let invocation: Invocation
    do throws(UsageError) {
      invocation = try CommandLineParser.parse(arguments)
    } catch {
      errors.line(error.report(program: "loom-demo", usage: Help.usage))
      return usageError
    }

    let environment = AppEnvironment(debugFlag: invocation.debug, variables: variables)
    switch invocation.command {
    case .help:
      output.line(Help.text)
      return success
    case .story:
      StoryCommand.run(environment: environment, console: output)
      return success
    case .graph(let options):
      return GraphCommand.run(
        options, environment: environment, searchPath: variables["PATH"], output: output,
        errors: errors)
    case .validate(let broken):
      return ValidateCommand.run(broken: broken, environment: environment, output: output)
    }
  }
}
