/// A parsed `loom-demo` command line: the command to run and the wiring to run it with.
struct Invocation: Equatable, Sendable {
  /// What `loom-demo` can be asked to do.
  enum Command: Equatable, Sendable {
    /// No command: tell the demo app's story.
    case story
    /// `graph`: print or draw the app's dependency graph.
    case graph(GraphOptions)
    /// `validate [--broken]`: report the problems of the app's graph.
    case validate(broken: Bool)
    /// `help`, `--help` or `-h`: print the help.
    case help
  }

  /// The command.
  var command: Command
  /// Whether `--debug` was given.
  var debug = false
}
