/// Which wiring the demo installs: production (the default), or debug, which logs every request.
///
/// Chosen by the `--debug` flag, anywhere on the command line, or by setting the environment
/// variable `LOOM_DEMO_DEBUG=1`; ``Wiring`` installs ``DebugAssembly`` or ``ProductionAssembly``
/// accordingly.
enum AppEnvironment: String, Sendable {
  case production
  case debug

  /// The environment variable that picks the debug wiring, as `--debug` does.
  static let variable = "LOOM_DEMO_DEBUG"

  /// The command-line flag that picks the debug wiring.
  static let flag = "--debug"

  /// The values of ``variable`` that pick the debug wiring, compared case-insensitively.
  static let debugValues: Set<String> = ["1", "true", "yes"]

  /// Debug if the command line had `--debug` or `LOOM_DEMO_DEBUG` is `1`, `true` or `yes`.
  init(debugFlag: Bool, variables: [String: String]) {
    let value = variables[Self.variable]?.lowercased() ?? ""
    self = debugFlag || Self.debugValues.contains(value) ? .debug : .production
  }
}
