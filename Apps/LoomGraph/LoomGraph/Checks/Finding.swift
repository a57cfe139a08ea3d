import LoomMacrosImplementation

/// One problem `--validate` reports, as a compiler does: `path:line:column: error: message`,
/// followed by `note:` lines at the other places involved. Its words are the diagnostics
/// catalogue's (``GraphMessage``), or the core's validation's.
struct Finding: Sendable {
  enum Severity: String, Sendable { case error, warning, note }

  let severity: Severity
  let position: SourcePosition
  let message: String
  var notes: [(position: SourcePosition, message: String)] = []

  init(severity: Severity, position: SourcePosition, message: String) {
    self.severity = severity
    self.position = position
    self.message = message
  }

  /// The catalogue's `message`, at `position`.
  init(_ message: GraphMessage, at position: SourcePosition) {
    self.init(
      severity: message.severity == .error ? .error : .warning, position: position,
      message: message.message)
  }

  /// The lines an editor or a build log reads.
  var lines: [String] {
    ["\(position): \(severity.rawValue): \(message)"]
      + notes.map { "\($0.position): note: \($0.message)" }
  }
}
