import Synchronization

/// A side effect that ``Container/bootstrap()`` runs, such as configuring an SDK: the one value
/// every start-up spelling makes.
///
/// ``Container/addStartupTask(_:dependencies:after:fileID:line:_:)`` makes one and adds it;
/// LoomMacros' `@Startup` declares one next to the function it runs, and
/// ``Container/discoveredStartupTasks`` lists those; ``Container/install(_:)-([StartupTask])``
/// adds tasks made anywhere. Make one yourself when the same task must be shared, such as a task
/// that runs once per process however many containers bootstrap it:
///
/// ```swift
/// enum AppStartup {
///   static let crashReporting = StartupTask("Configure crash reporting", runsOncePerProcess: true) {
///     r in
///     CrashReporter.start(dsn: try r.tryResolve(Config.self).crashDSN)
///   }
/// }
///
/// container.install([AppStartup.crashReporting])
/// try await container.bootstrap()
/// ```
///
/// A task starts after the eager singletons it depends on are built and after the tasks it names
/// in `after` succeeded, in parallel with the others. A task made by `@Startup` also waits for
/// the `@Startup` task before it in their running order (by `order:`, then by file and line).
///
/// **Once per process.** A task made with `runsOncePerProcess: true` (every `@Startup` task is)
/// runs until one run succeeds, in any container of the process: later bootstraps skip it. A
/// failed run does not count: each bootstrap that ran or awaited it reports its error, and the
/// next one tries again. Copies of the value share that record; another value, even with the same
/// name, has its own, so tests that make their own tasks never see each other's runs.
public struct StartupTask: Sendable, CustomStringConvertible {
  /// What the task does, as ``BootstrapError`` and other tasks' `after:` name it.
  ///
  /// `@Startup` names a task after its function, qualified by module (and type):
  /// `Analytics.configureAnalytics`.
  ///
  /// ```swift
  /// print(task.name)  // Analytics.configureAnalytics
  /// ```
  public let name: String
  /// Where the task is declared.
  ///
  /// ```swift
  /// print(task.location)  // Analytics/Setup.swift:3
  /// ```
  public let location: CodeLocation
  /// Keys the task uses: eager singletons among them (and those they depend on) are built first.
  let dependencies: [DependencyKey]
  /// The names of the start-up tasks of the same container that must succeed first.
  let after: [String]
  /// Where a `@Startup` task runs among the others (lowest first), or `nil` for any other task.
  let hookOrder: Int?
  /// The identity the copies of this value share, and their record of a successful run.
  let record: StartupRunRecord
  /// The work.
  let run: @Sendable (Resolver) async throws -> Void

  /// Makes a start-up task whose work receives a resolver for what it needs.
  ///
  /// ```swift
  /// let warmUp = StartupTask("Warm the image cache", dependencies: [DependencyKey(ImageCache.self)])
  /// { r in
  ///   try await r.tryResolve(ImageCache.self).warmUp()
  /// }
  /// container.install([warmUp])
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the task does; used in ``BootstrapError`` and in other tasks' `after`.
  ///   - dependencies: Keys the task uses; eager singletons among them (and those they depend on)
  ///     are built before it starts.
  ///   - after: The names of start-up tasks of the same container that must succeed before it
  ///     starts.
  ///   - runsOncePerProcess: Whether a successful run of this value, in any container, makes
  ///     later bootstraps skip it; `false` runs it on every ``Container/bootstrap()``.
  ///   - fileID: Where the task is declared.
  ///   - line: The line of the declaration.
  ///   - run: The work.
  public init(
    _ name: String, dependencies: [DependencyKey] = [], after: [String] = [],
    runsOncePerProcess: Bool = false, fileID: StaticString = #fileID, line: UInt = #line,
    _ run: @escaping @Sendable (Resolver) async throws -> Void
  ) {
    self.init(
      name, dependencies: dependencies, after: after, hookOrder: nil,
      record: StartupRunRecord(oncePerProcess: runsOncePerProcess),
      location: CodeLocation(fileID: fileID, line: line), run: run)
  }

  init(
    _ name: String, dependencies: [DependencyKey] = [], after: [String] = [], hookOrder: Int?,
    record: StartupRunRecord, location: CodeLocation,
    run: @escaping @Sendable (Resolver) async throws -> Void
  ) {
    self.name = name
    self.dependencies = dependencies
    self.after = after
    self.hookOrder = hookOrder
    self.record = record
    self.location = location
    self.run = run
  }

  /// Whether a run of this task (or of a copy of it) has succeeded, in any container.
  ///
  /// ```swift
  /// if AppStartup.crashReporting.hasRun { print("crash reporting is on") }
  /// ```
  public var hasRun: Bool { record.hasRun }

  /// `Analytics.configureAnalytics (order 10) at Analytics/Setup.swift:3`, or
  /// `Warm the image cache at App/Setup.swift:12` for a task not made by `@Startup`.
  ///
  /// ```swift
  /// for task in Container.discoveredStartupTasks { print(task) }
  /// ```
  public var description: String {
    "\(name)\(hookOrder.map { " (order \($0))" } ?? "") at \(location)"
  }

  /// `tasks` in the order `@Startup` tasks run: by order, then by file, then by line.
  static func inRunningOrder(_ tasks: [StartupTask]) -> [StartupTask] {
    tasks.sorted { lhs, rhs in
      let (leftOrder, rightOrder) = (lhs.hookOrder ?? 0, rhs.hookOrder ?? 0)
      if leftOrder != rightOrder { return leftOrder < rightOrder }
      let (left, right) = (lhs.location.fileID.description, rhs.location.fileID.description)
      return left == right ? lhs.location.line < rhs.location.line : left < right
    }
  }
}

// MARK: - What @Startup generates

extension StartupTask {
  /// Makes the task of a `@Startup` function: it runs once per process, after the `@Startup`
  /// task before it in the running order. Called by the code `@Startup` generates.
  ///
  /// ```swift
  /// StartupTask(_startup: "App.configureLogging", order: 10, fileID: "App/Setup.swift", line: 3) {
  ///   r in try configureLogging(r)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The function, qualified by module and types.
  ///   - order: Where it runs among the `@Startup` tasks: lowest first.
  ///   - fileID: Where the function is declared.
  ///   - line: The line of the declaration.
  ///   - run: The work.
  @_documentation(visibility: private)
  public init(
    _startup name: String, order: Int = 0, fileID: StaticString = #fileID, line: UInt = #line,
    _ run: @escaping @Sendable (Resolver) async throws -> Void
  ) {
    self.init(
      name, hookOrder: order, record: StartupRunRecord(oncePerProcess: true),
      location: CodeLocation(fileID: fileID, line: line), run: run)
  }

  /// Makes the task of a `@Startup` function that needs nothing from the container.
  ///
  /// ```swift
  /// StartupTask(_startup: "App.startCrashReporter", fileID: "App/Setup.swift", line: 9) {
  ///   startCrashReporter()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The function, qualified by module and types.
  ///   - order: Where it runs among the `@Startup` tasks: lowest first.
  ///   - fileID: Where the function is declared.
  ///   - line: The line of the declaration.
  ///   - run: The work.
  @_documentation(visibility: private)
  public init(
    _startup name: String, order: Int = 0, fileID: StaticString = #fileID, line: UInt = #line,
    _ run: @escaping @Sendable () async throws -> Void
  ) {
    self.init(_startup: name, order: order, fileID: fileID, line: line) { _ in try await run() }
  }

  /// Enrolls a task made by `make`; called by the link-time record `@Startup` generates.
  ///
  /// ```swift
  /// StartupTask._enroll {
  ///   StartupTask(_startup: "App.configureLogging", fileID: "App/Setup.swift", line: 3, configureLogging)
  /// }
  /// ```
  ///
  /// - Parameter make: Makes the task when the program first asks for the discovered tasks.
  @_documentation(visibility: private)
  public static func _enroll(_ make: @escaping @Sendable () -> StartupTask) {
    DiscoveryRegistry.shared.enroll(startupTask: make)
  }
}

// MARK: - Once per process

/// What the copies of one ``StartupTask`` share: their identity in a container's tasks and, for a
/// task that runs once per process, the record of its successful run.
final class StartupRunRecord: Sendable {
  /// Whether a successful run makes later ones skip the task.
  let oncePerProcess: Bool
  /// Filled by the first run that succeeds, for a task that runs once per process (the one
  /// exactly-once primitive, failures retried).
  private let cell = _OnceCell<Bool>()
  /// Whether a run succeeded.
  private let succeeded = Atomic<Bool>(false)

  init(oncePerProcess: Bool) {
    self.oncePerProcess = oncePerProcess
  }

  /// Whether a run under this record succeeded.
  var hasRun: Bool { succeeded.load(ordering: .acquiring) }

  /// Runs `work`, once per process when ``oncePerProcess``: concurrent callers share one run,
  /// and each is told its error; after a failure, the next call runs it again.
  func run(_ work: @escaping @Sendable () async -> (any Error)?) async -> (any Error)? {
    let error: (any Error)?
    if oncePerProcess {
      do {
        _ = try await cell.get(recursion: OnceError.cycle as any Error) {
          if let error = await work() { throw error }
          return true
        }
        error = nil
      } catch let failure {
        error = failure
      }
    } else {
      error = await work()
    }
    if error == nil { succeeded.store(true, ordering: .releasing) }
    return error
  }
}
