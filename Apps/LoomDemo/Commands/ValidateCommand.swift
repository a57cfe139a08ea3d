import Loom

/// `loom-demo validate [--broken]`: validates the app's graph; with `--broken`, adds a feature
/// whose wiring is deliberately wrong (a missing dependency, a cycle and a captive lifetime) and
/// exits non-zero with the report.
enum ValidateCommand {
  static func run(arguments: [String]) -> Int32 {
    let container = AppGraph.wired()
    if arguments.contains("--broken") { registerBrokenFeature(in: container) }
    let report = container.validate()
    print(report)
    return report.isValid ? 0 : 1
  }

  /// Three mistakes at once, each one a real-world classic.
  private static func registerBrokenFeature(in container: Container) {
    // Missing: SyncEngine needs an OfflineStore that nobody registered.
    container.register(SettingsModel.init)
    container.register(lifetime: .singleton, SyncEngine.init)
    // Cycle: AuthService and TokenStore need each other, both eagerly.
    container.register(lifetime: .singleton, AuthService.init)
    container.register(lifetime: .singleton, TokenStore.init)
    // Captive: a singleton session cache holds a per-resolve (`.graph`) request context.
    container.register(lifetime: .graph, RequestContext.init)
    container.register(lifetime: .singleton, SessionCache.init)
  }
}
