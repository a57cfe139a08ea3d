/// Writes one category of log lines; registered twice, under the names `ui` and `analytics`.
struct Logger: Sendable {
  let category: String

  /// Prints `message`, tagged with the category.
  func write(_ message: String) {
    print("      [\(category)] \(message)")
  }
}
