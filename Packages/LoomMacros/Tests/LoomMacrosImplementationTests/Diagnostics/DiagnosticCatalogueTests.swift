import Foundation
import LoomMacrosImplementation
import SwiftDiagnostics
import SwiftSyntaxMacroExpansion
import Testing

/// The diagnostics catalogue, tested as a table: every case reports exactly the diagnostics it
/// lists (message, line:column, fix-it), each fix-it gives a source the macros accept, and the
/// catalogue, the cases and the DocC article list the same messages.
@Suite struct DiagnosticCatalogueTests {
  @Test(arguments: DiagnosticCase.all)
  func eachWrongUseReportsItsDiagnostics(_ wrong: DiagnosticCase) {
    let configuration = wrong.configured ? debugConfiguration : nil
    let result = expand(wrong.source, macros: wrong.macros, configuration: configuration)
    #expect(result.diagnostics == wrong.diagnostics)
    #expect(result.fixIts == wrong.fixIts)
    #expect(result.fixedSources == wrong.fixed)
    #expect(result.ids.allSatisfy { $0 == wrong.messageID }, "not all \(wrong.id)")
    for message in wrong.unavailable {
      #expect(
        result.source.contains("@available(*, unavailable, message: \"\(message)\")"),
        "no unavailable read function says: \(message)")
    }
    // A fix-it fixes its diagnostic, and adds none.
    for fixed in result.fixedSources {
      let again = expand(fixed, macros: wrong.macros, configuration: configuration)
      #expect(again.diagnostics.count == result.diagnostics.count - 1, "\(again.diagnostics)")
    }
  }

  @Test func everyCatalogueEntryHasACase() {
    let tested = Set(DiagnosticCase.all.map(\.id))
    let missing = DiagnosticCatalogue.entries.map(\.id).filter { !tested.contains($0) }
    #expect(missing == [])
  }

  @Test func everyCaseIsACatalogueEntry() {
    let catalogued = Set(DiagnosticCatalogue.entries.map(\.id))
    let unknown = DiagnosticCase.all.map(\.id).filter { !catalogued.contains($0) }
    #expect(unknown == [])
  }

  /// The DocC article lists the catalogue, row for row: the macros' messages, then loom-graph's.
  @Test func theArticleListsTheCatalogue() throws {
    let article = try String(contentsOf: Self.article, encoding: .utf8)
    let rows = article.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
    let expected =
      DiagnosticCatalogue.entries.map(\.markdownRow)
      + DiagnosticCatalogue.compilerMessages.map(\.markdownRow)
      + DiagnosticCatalogue.graphEntries.map(\.markdownRow)
    #expect(rows == expected, "expected rows:\n\(expected.joined(separator: "\n"))")
  }

  /// The messages reported through the compiler are written, word for word, in LoomMacros.
  @Test func theCompilerMessagesAreTheLibrarys() throws {
    let source = try String(contentsOf: Self.memberSource, encoding: .utf8)
      .replacingOccurrences(of: "\"\n      \"", with: "")
    for entry in DiagnosticCatalogue.compilerMessages where entry.id.hasPrefix("_MemberSource") {
      #expect(source.contains("\"\(entry.message)\""), "\(entry.message)")
    }
  }

  private static let package = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  private static let article = package.appendingPathComponent(
    "Sources/LoomMacros/LoomMacros.docc/Diagnostics.md")
  private static let memberSource = package.appendingPathComponent(
    "Sources/LoomMacros/Components/MemberSource.swift")
}

extension DiagnosticCatalogue.Entry {
  /// `| `id` | message | fix-it |`, as the article writes it.
  var markdownRow: String {
    let escape = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|") }
    return "| `\(id)` | \(escape(message)) | \(fixIt.map(escape) ?? "") |"
  }
}
