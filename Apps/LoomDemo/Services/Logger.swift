/// Writes one category of log lines; registered by name: `ui` and `analytics` by
/// ``ServicesAssembly``, `http` by ``DebugAssembly``.
struct Logger: Sendable {
  let category: String

  /// Prints `message`, tagged with the category.
  func write(_ message: String) {
    print("      [\(category)] \(message)")
  }
}
