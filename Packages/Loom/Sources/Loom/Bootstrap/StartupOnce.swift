/// A token that lets a start-up task run once per process, however many containers bootstrap it.
///
/// Declare it once, as a `static let`, and pass it to every
/// ``Container/addStartupTask(_:dependencies:after:once:fileID:line:_:)`` whose work must not be
/// repeated (configuring a crash reporter, say). The first
/// ``Container/bootstrap()`` that runs the task successfully marks the token; later ones skip the
/// task. A failed run does not: the next bootstrap tries again. Because the token is a value you
/// own, tests that make their own token never see each other's runs.
///
/// ```swift
/// enum AppStartup {
///   static let crashReporting = StartupOnce()
/// }
///
/// container.addStartupTask("Configure crash reporting", once: AppStartup.crashReporting) { r in
///   CrashReporter.start(dsn: try r.resolve(Config.self).crashDSN)
/// }
/// ```
public final class StartupOnce: Sendable {
  private enum State {
    case idle
    case running(Task<Bool, Never>)
    case done
  }

  private let state = Locked(State.idle)

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
  public var hasRun: Bool {
    state.withLock { state in
      if case .done = state { return true }
      return false
    }
  }

  /// Runs `work` unless a run under this token succeeded or is in progress (then waits for it);
  /// returns the error of this call's run, if it ran and failed.
  func run(_ work: @escaping @Sendable () async -> (any Error)?) async -> (any Error)? {
    enum Step {
      case skip
      case wait(Task<Bool, Never>)
      case run(Task<Bool, Never>)
    }
    let failure = Locked<(any Error)?>(nil)
    let step: Step = state.withLock { state in
      switch state {
      case .done: return .skip
      case .running(let task): return .wait(task)
      case .idle:
        let task = Task<Bool, Never> {
          let error = await work()
          failure.withLock { $0 = error }
          return error == nil
        }
        state = .running(task)
        return .run(task)
      }
    }
    switch step {
    case .skip:
      return nil
    case .wait(let task):
      _ = await task.value
      return nil
    case .run(let task):
      let succeeded = await task.value
      state.withLock { $0 = succeeded ? .done : .idle }
      return failure.value
    }
  }
}
