/// A command line that `loom-demo` cannot run: an unknown command, option or value, or a missing
/// one. Its message names the offending argument.
struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, without the program's name: `unknown command 'grpah'`.
  let message: String

  var description: String { message }
}
