import Loom

/// The demo's resolution observer: writes what each resolve created and what it reused, and (for
/// the session story's teardown hooks) what an ended session or flow dropped.
///
/// Events arrive as each instance is ready, so a dependency is reported before what needs it; the
/// indentation is the event's depth in its top-level resolve. Durations vary from run to run, so
/// they are left out.
enum ResolutionLog {
  /// An observer that writes each event to `console`.
  static func observer(writingTo console: Console) -> @Sendable (ResolutionEvent) -> Void {
    { event in
      let verb = event.source == .cache ? "reused " : "created"
      let indent = String(repeating: "  ", count: event.depth)
      console.line("    \(indent)\(verb) \(event.key) (\(event.lifetime))")
    }
  }

  /// Writes, from a teardown hook, that an ended session or flow dropped an instance.
  static func dropped(
    _ key: DependencyKey, _ lifetime: Lifetime, _ detail: String, to console: Console
  ) {
    console.line("    dropped \(key) (\(lifetime)): \(detail)")
  }
}
