// The 0.1.0 spellings of start-up work, kept so that code written for 0.1.0 compiles: each is
// deprecated in favour of ``StartupTask``, the one start-up task value, and hidden from the
// documentation (README, "Definition of Public API"). Each makes or reads a `StartupTask`.

/// Deprecated: a task made with `StartupTask(_:runsOncePerProcess: true)` carries its own record
/// of a successful run; share the task value instead of a token.
///
/// ```swift
/// static let crashReporting = StartupTask("Configure crash reporting", runsOncePerProcess: true) {
///   _ in CrashReporter.start()
/// }
/// ```
@_documentation(visibility: private)
@available(
  *, deprecated,
  message:
    "Make the task once with `StartupTask(_:runsOncePerProcess: true) { ... }` and install that value"
)
public final class StartupOnce: Sendable {
  let record: StartupRunRecord

  /// Deprecated: make a ``StartupTask`` with `runsOncePerProcess: true`.
  ///
  /// ```swift
  /// let task = StartupTask("Configure analytics", runsOncePerProcess: true) { _ in }
  /// ```
  public init() { record = StartupRunRecord(oncePerProcess: true) }

  init(record: StartupRunRecord) { self.record = record }

  /// Deprecated: whether a task run under this token has succeeded.
  ///
  /// ```swift
  /// if token.hasRun { print("configured") }
  /// ```
  public var hasRun: Bool { record.hasRun }
}

/// Deprecated: a `@Startup` function is a ``StartupTask``, listed by
/// ``Container/discoveredStartupTasks``.
///
/// ```swift
/// for task in Container.discoveredStartupTasks { print(task) }
/// ```
@_documentation(visibility: private)
@available(*, deprecated, renamed: "StartupTask")
public struct StartupHook: Sendable, CustomStringConvertible {
  /// The task this hook is.
  let task: StartupTask

  /// Deprecated: as ``StartupTask/name``.
  ///
  /// ```swift
  /// print(task.name)
  /// ```
  public var name: String { task.name }
  /// Deprecated: a task's order is part of its ``StartupTask/description``.
  ///
  /// ```swift
  /// print(task)  // Analytics.configureAnalytics (order 10) at Analytics/Setup.swift:3
  /// ```
  public var order: Int { task.hookOrder ?? 0 }
  /// Deprecated: as ``StartupTask/location``.
  ///
  /// ```swift
  /// print(task.location)
  /// ```
  public var location: CodeLocation { task.location }
  /// Deprecated: the token the hook runs under.
  ///
  /// ```swift
  /// print(task)
  /// ```
  public var once: StartupOnce { StartupOnce(record: task.record) }
  /// Deprecated: as ``StartupTask/description``.
  ///
  /// ```swift
  /// print(task)
  /// ```
  public var description: String { task.description }

  init(task: StartupTask) { self.task = task }

  /// Deprecated: make a ``StartupTask`` with `runsOncePerProcess: true`.
  ///
  /// ```swift
  /// let task = StartupTask("Configure analytics", runsOncePerProcess: true) { r in }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the hook does.
  ///   - order: Where it runs among the hooks: lowest first.
  ///   - fileID: Where the hook is declared.
  ///   - line: The line of the declaration.
  ///   - run: The work.
  public init(
    _ name: String, order: Int = 0, fileID: StaticString = #fileID, line: UInt = #line,
    _ run: @escaping @Sendable (Resolver) async throws -> Void
  ) {
    task = StartupTask(_startup: name, order: order, fileID: fileID, line: line, run)
  }

  /// Deprecated: make a ``StartupTask`` with `runsOncePerProcess: true`.
  ///
  /// ```swift
  /// let task = StartupTask("Start the crash reporter", runsOncePerProcess: true) { _ in }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the hook does.
  ///   - order: Where it runs among the hooks: lowest first.
  ///   - fileID: Where the hook is declared.
  ///   - line: The line of the declaration.
  ///   - run: The work.
  public init(
    _ name: String, order: Int = 0, fileID: StaticString = #fileID, line: UInt = #line,
    _ run: @escaping @Sendable () async throws -> Void
  ) {
    task = StartupTask(_startup: name, order: order, fileID: fileID, line: line, run)
  }
}

extension Container {
  /// Deprecated: the `@Startup` functions are ``discoveredStartupTasks``.
  ///
  /// ```swift
  /// for task in Container.discoveredStartupTasks { print(task) }
  /// ```
  @_documentation(visibility: private)
  @available(*, deprecated, renamed: "discoveredStartupTasks")
  public static var discoveredStartupHooks: [StartupHook] {
    discoveredStartupTasks.map(StartupHook.init(task:))
  }

  /// Deprecated: install the hooks' ``StartupTask``s.
  ///
  /// ```swift
  /// container.install(Container.discoveredStartupTasks)
  /// ```
  ///
  /// - Parameter hooks: The hooks to install.
  @_documentation(visibility: private)
  @available(*, deprecated, message: "Install StartupTask values: `install(_:)`")
  public func install(_ hooks: [StartupHook]) {
    install(hooks.map(\.task))
  }

  /// Deprecated: a task that runs once per process is a ``StartupTask`` made with
  /// `runsOncePerProcess: true`, added with ``install(_:)-([StartupTask])``.
  ///
  /// ```swift
  /// container.install([AppStartup.crashReporting])
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the task does.
  ///   - dependencies: Keys the task uses.
  ///   - after: The names of start-up tasks that must succeed first.
  ///   - once: The token the task runs under, or `nil` to run it on every bootstrap.
  ///   - fileID: Where the task is added.
  ///   - line: The line where the task is added.
  ///   - task: The work.
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message:
      "Make the task once with `StartupTask(_:runsOncePerProcess: true) { ... }` and install that value"
  )
  public func addStartupTask(
    _ name: String, dependencies: [DependencyKey] = [], after: [String] = [],
    once: StartupOnce?, fileID: StaticString = #fileID, line: UInt = #line,
    _ task: @escaping @Sendable (Resolver) async throws -> Void
  ) {
    add(
      StartupTask(
        name, dependencies: dependencies, after: after, hookOrder: nil,
        record: once?.record ?? StartupRunRecord(oncePerProcess: false),
        location: CodeLocation(fileID: fileID, line: line), run: task))
  }
}
