import LoomMacrosImplementation
import SwiftDiagnostics
import SwiftSyntaxMacroExpansion
import Testing

/// One wrong use of a macro and what the macros report for it: the rows of the table that
/// ``DiagnosticCatalogueTests`` runs.
struct DiagnosticCase: Sendable, CustomTestStringConvertible {
  /// Which macros expand the source.
  enum Macros: Sendable {
    case components, registrations
  }

  /// The catalogue id every diagnostic of the case has (`Component.missingMember`).
  let id: String
  let source: String
  /// `line:column: error: message`, in the order reported.
  let diagnostics: [String]
  /// The title of each fix-it, in order.
  var fixIts: [String] = []
  /// The source after each fix-it, in the order of ``fixIts``.
  var fixed: [String] = []
  /// The messages of read functions made unavailable: problems the compiler reports when a
  /// member's accessor calls its read function (Swift may report them first, in the attribute).
  var unavailable: [String] = []
  var macroSet: Macros = .components
  /// Whether the compiler passes the macros a build configuration (every Swift 6.2 or later does).
  var configured = true

  var macros: [String: MacroSpec] {
    switch macroSet {
    case .components: componentMacros
    case .registrations: loomMacros
    }
  }

  /// The `MessageID` the id stands for: domain `LoomMacros.Component`, id `missingMember`.
  var messageID: MessageID {
    let parts = id.split(separator: ".", maxSplits: 1)
    return MessageID(domain: "LoomMacros.\(parts[0])", id: String(parts[1]))
  }

  var testDescription: String { id }
}
