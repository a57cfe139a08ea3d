import Loom

/// The text of every failure LoomTesting reports, shared by its Swift Testing and XCTest
/// assertions so that both frameworks print, and the tests pin, the same words.
enum FailureMessage {
  /// `expectValidGraph` / `XCTAssertValidGraph`: the headline, then the whole report.
  static func invalidGraph(_ report: ValidationReport, note: String? = nil) -> String {
    compose("Expected a valid dependency graph.\n\(report)", note: note)
  }

  /// `expectResolves` / `XCTAssertResolves`: the headline, then the whole error.
  static func unresolvable(_ key: DependencyKey, _ error: ResolutionError, note: String? = nil)
    -> String
  {
    compose("Expected \(key) to resolve.\n\(error)", note: note)
  }

  /// The failures of a sweep over every registration: a headline with the counts, then one
  /// block per failure, separated by blank lines.
  static func unresolvableRegistrations(
    _ failures: [ResolutionError], checked: Int, note: String? = nil
  ) -> String {
    let headline =
      "Expected every registration to resolve; \(failures.count) of \(checked) did not."
    return compose(
      ([headline] + failures.map(\.description)).joined(separator: "\n\n"), note: note)
  }

  /// `text`, then the caller's own note on a line of its own when there is one.
  private static func compose(_ text: String, note: String?) -> String {
    guard let note, !note.isEmpty else { return text }
    return "\(text)\n\(note)"
  }
}
