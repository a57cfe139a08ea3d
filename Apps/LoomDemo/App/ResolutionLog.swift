import Loom

/// The demo's resolution observer: prints what each resolve created and what it reused, and
/// (for the session story's teardown hooks) what an ended session or flow dropped.
///
/// Events arrive as each instance is ready, so a dependency is reported before what needs it; the
/// indentation is the event's depth in its top-level resolve. Durations vary from run to run, so
/// they are left out.
enum ResolutionLog {
  /// Prints one event.
  @Sendable static func record(_ event: ResolutionEvent) {
    let verb = event.source == .cache ? "reused " : "created"
    let indent = String(repeating: "  ", count: event.depth)
    print("    \(indent)\(verb) \(event.key) (\(event.lifetime))")
  }

  /// Prints, from a teardown hook, that an ended session or flow dropped an instance.
  static func dropped(_ key: DependencyKey, _ lifetime: Lifetime, _ detail: String) {
    print("    dropped \(key) (\(lifetime)): \(detail)")
  }
}
