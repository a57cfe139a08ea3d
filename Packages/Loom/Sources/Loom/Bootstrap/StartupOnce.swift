/// A token that lets a start-up task run once per process, however many containers bootstrap it.
///
/// Declare it once, as a `static let`, and pass it to every
/// ``Container/addStartupTask(_:dependencies:after:once:fileID:line:_:)`` whose work must not be
/// repeated (configuring a crash reporter, say). The first
/// ``Container/bootstrap()`` that runs the task successfully marks the token; later ones skip the
/// task. A failed run does not: each bootstrap that ran or awaited it reports its error, and the
/// next bootstrap tries again. Because the token is a value you own, tests that make their own
/// token never see each other's runs.
///
/// ```swift
/// enum AppStartup {
///   static let crashReporting = StartupOnce()
/// }
///
/// container.addStartupTask("Configure crash reporting", once: AppStartup.crashReporting) { r in
///   CrashReporter.start(dsn: try r.tryResolve(Config.self).crashDSN)
/// }
/// ```
public final class StartupOnce: Sendable {
  /// Filled by the first run that succeeds (the one exactly-once primitive, failures retried).
  private let cell = _OnceCell<Bool>()

  /// Makes a token no task has run under yet.
  ///
  /// ```swift
  /// static let analytics = StartupOnce()
  /// ```
  public init() {}

  /// Whether a task run under this token has succeeded.
  ///
  /// ```swift
  /// if AppStartup.crashReporting.hasRun { print("crash reporting is on") }
  /// ```
  public var hasRun: Bool { cell.builtValue != nil }

  /// Runs `work` unless a run under this token succeeded: concurrent callers share one run, and
  /// each is told its error; after a failure, the next call runs it again.
  func run(_ work: @escaping @Sendable () async -> (any Error)?) async -> (any Error)? {
    do {
      _ = try await cell.get(recursion: OnceError.cycle as any Error) {
        if let error = await work() { throw error }
        return true
      }
      return nil
    } catch {
      return error
    }
  }
}
