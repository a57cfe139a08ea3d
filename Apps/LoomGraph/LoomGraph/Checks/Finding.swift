/// One problem `--validate` reports, as a compiler does: `path:line:column: error: message`,
/// followed by `note:` lines at the other places involved.
struct Finding: Sendable {
  enum Severity: String, Sendable { case error, warning, note }

  let severity: Severity
  let position: SourcePosition
  let message: String
  var notes: [(position: SourcePosition, message: String)] = []

  /// The lines an editor or a build log reads.
  var lines: [String] {
    ["\(position): \(severity.rawValue): \(message)"]
      + notes.map { "\($0.position): note: \($0.message)" }
  }
}
