/// Writes one category of log lines to the app's ``Console``; registered by name: `ui` and
/// `analytics` by ``ServicesAssembly``, `http` by ``DebugAssembly``.
struct Logger: Sendable {
  let category: String
  let console: Console

  /// Writes `message`, tagged with the category.
  func write(_ message: String) {
    console.line("      [\(category)] \(message)")
  }
}
