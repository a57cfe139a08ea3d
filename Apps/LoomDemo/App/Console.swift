import Foundation

/// Where the demo writes its text: standard output or standard error when it runs, a buffer in
/// the tests, so that nothing the demo says reaches the test log.
///
/// The commands are handed the console they write to; the app's services (``Logger``, the
/// session's teardown hooks) get it from the container, where ``ConsoleAssembly`` registers it
/// as a ready instance. It also lays the story out: numbered headings, the calls being made,
/// labelled rows, and blocks of Loom's own text (error trees, `dump()`, validation reports)
/// indented with the story and wrapped to ``width`` columns.
final class Console: Sendable {
  /// The widest line the demo writes, in characters.
  static let width = 100

  private let sink: @Sendable (String) -> Void

  /// A console that hands every piece of text to `sink`, newlines included.
  init(_ sink: @escaping @Sendable (String) -> Void) {
    self.sink = sink
  }

  /// The process's standard output, unbuffered, so that it interleaves with standard error in
  /// the order things happened.
  static let standardOutput = Console { FileHandle.standardOutput.write(Data($0.utf8)) }

  /// The process's standard error.
  static let standardError = Console { FileHandle.standardError.write(Data($0.utf8)) }

  /// A console that drops everything: for tests that do not look at the output.
  static let discarding = Console { _ in }

  /// Writes `text` as it is.
  func write(_ text: String) {
    sink(text)
  }

  /// Writes `text` and a newline.
  func line(_ text: String = "") {
    sink(text + "\n")
  }

  /// Writes a numbered section heading, underlined.
  func heading(_ number: Int, _ title: String) {
    let text = "\(number). \(title)"
    line("\n\(text)\n\(String(repeating: "=", count: text.count))")
  }

  /// Writes the call being made, as the reader would write it.
  func call(_ code: String) {
    line("  > \(code)")
  }

  /// Writes `label` padded to a column, then `value`.
  func row(_ label: String, _ value: String) {
    let padding = String(repeating: " ", count: max(1, 18 - label.count))
    line("  \(label)\(padding)\(value)")
  }

  /// Writes a block of text that Loom produced (an error's description, `dump()`, a validation
  /// report), each line indented by `indent` spaces and wrapped to ``width`` columns the way
  /// ``TextLayout`` wraps it.
  func block(_ text: String, indent: Int = 0) {
    let margin = String(repeating: " ", count: indent)
    for original in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let indented = original.isEmpty ? "" : margin + original
      for wrapped in TextLayout.fit(indented, width: Self.width) {
        line(wrapped)
      }
    }
  }
}
