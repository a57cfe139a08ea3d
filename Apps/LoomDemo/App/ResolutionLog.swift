import Loom

/// The demo's resolution observer: prints what each resolve created and what it reused.
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
}
