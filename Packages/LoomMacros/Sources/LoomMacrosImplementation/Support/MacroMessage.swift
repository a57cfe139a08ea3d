import SwiftDiagnostics

/// A diagnostic one of Loom's macros reports: what is wrong and how to fix it, in one sentence.
struct MacroMessage: DiagnosticMessage, Error {
  let message: String
  let diagnosticID: MessageID
  let severity: DiagnosticSeverity
  /// `Inject.static`: the macro and the id, as the catalogue lists them.
  let catalogueID: String

  /// An error of `macro` (such as `Inject`), identified by `id` for tools: the message ID has the
  /// domain `LoomMacros.<macro>`.
  static func error(_ macro: String, _ id: String, _ message: String) -> MacroMessage {
    MacroMessage(
      message: message, diagnosticID: MessageID(domain: "LoomMacros.\(macro)", id: id),
      severity: .error, catalogueID: "\(macro).\(id)")
  }

  /// The same message as a note, beside the error Swift reports for the same mistake.
  var asNote: MacroMessage {
    MacroMessage(
      message: message, diagnosticID: diagnosticID, severity: .note, catalogueID: catalogueID)
  }

  /// A note of `macro`, on its own: a hint (with a fix-it) beside an error Swift reports itself,
  /// which the macro must not repeat.
  static func note(_ macro: String, _ id: String, _ message: String) -> MacroMessage {
    MacroMessage(
      message: message, diagnosticID: MessageID(domain: "LoomMacros.\(macro)", id: id),
      severity: .note, catalogueID: "\(macro).\(id)")
  }
}

/// The title of a fix-it, as the compiler shows it next to the diagnostic.
struct FixItText: FixItMessage {
  let message: String
  var fixItID: MessageID { MessageID(domain: "LoomMacros", id: message) }

  init(_ message: String) {
    self.message = message
  }
}
