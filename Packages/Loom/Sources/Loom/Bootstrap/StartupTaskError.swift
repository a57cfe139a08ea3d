/// Why ``Container/bootstrap()`` did not run a start-up task: what it waited for failed, or waits
/// in a cycle. (What a task throws itself is reported as it is.)
struct StartupTaskError: Error, CustomStringConvertible {
  /// The task's name.
  let task: String
  let summary: String
  let hint: String
  /// Where the task was added.
  let location: CodeLocation

  var description: String {
    _treeMessage(
      "start-up task \"\(task)\" \(summary)", ["Added at: \(location)", "To fix: \(hint)"])
  }
}
