/// A start-up task declared next to the code it configures: it runs once per process, when a
/// container that installed it is bootstrapped.
///
/// LoomMacros' `@Startup` attribute declares one on a function, in whatever module the function
/// lives, with no central list: the linker collects the hooks of every module linked into the
/// program, and ``Container/discoveredStartupHooks`` lists them in the order they run.
/// ``Container/default`` installs them when it is made, and any other container with
/// ``Container/installDiscoveredBindings()`` (or ``Container/install(_:)-([StartupHook])`` for some of them).
/// Installed hooks are start-up tasks: ``Container/bootstrap()`` runs them, one after another in
/// their stated order, and reports a failure as a ``BootstrapError``.
///
/// ```swift
/// // In the analytics module:
/// @Startup(order: 10)
/// func configureAnalytics(_ r: Resolver) throws {
///   Analytics.configure(apiKey: try r.tryResolve(Config.self).analyticsKey)
/// }
///
/// // Where the app starts:
/// try await Container.default.bootstrap()  // runs configureAnalytics, once per process
/// ```
///
/// **Order.** Hooks run one after another, by ``order`` (lowest first), then by where they are
/// declared (file, then line). A hook starts only after the one before it succeeded: when a hook
/// fails, `bootstrap()` reports its error, and each later hook as skipped because it failed.
///
/// **Once per process.** Each hook runs under its own ``StartupOnce`` token (``once``): the first
/// `bootstrap()` that runs it successfully marks it, and later ones, of any container, skip it. A
/// failed run does not: the next `bootstrap()` tries again.
///
/// You rarely make a hook yourself; the initializers are what the generated code calls, and make
/// a hook for tests or for code that assembles its start-up work at run time:
///
/// ```swift
/// let warmUp = StartupHook("Warm the image cache", order: 20) { r in
///   try await r.tryResolve(ImageCache.self).warmUp()
/// }
/// container.install([warmUp])
/// ```
public struct StartupHook: Sendable, CustomStringConvertible {
  /// What the hook does, as ``BootstrapError`` and other start-up tasks' `after:` name it.
  ///
  /// `@Startup` names a hook after its function, qualified by module (and type):
  /// `Analytics.configureAnalytics`.
  ///
  /// ```swift
  /// print(hook.name)  // Analytics.configureAnalytics
  /// ```
  public let name: String
  /// Where the hook runs among the others: lowest first, then by where it is declared.
  ///
  /// ```swift
  /// print(hook.order)  // 10
  /// ```
  public let order: Int
  /// Where the hook is declared.
  ///
  /// ```swift
  /// print(hook.location)  // Analytics/Setup.swift:3
  /// ```
  public let location: CodeLocation
  /// The token under which the hook runs once per process, shared by every copy of the hook.
  ///
  /// ```swift
  /// if hook.once.hasRun { print("\(hook.name) has run") }
  /// ```
  public let once: StartupOnce
  /// The work.
  let run: @Sendable (Resolver) async throws -> Void

  /// Makes a hook whose work receives a resolver for what it needs.
  ///
  /// ```swift
  /// let hook = StartupHook("Configure analytics", order: 10) { r in
  ///   Analytics.configure(apiKey: try r.tryResolve(Config.self).analyticsKey)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the hook does, for ``BootstrapError`` and other tasks' `after:`.
  ///   - order: Where it runs among the hooks: lowest first.
  ///   - fileID: Where the hook is declared.
  ///   - line: The line of the declaration.
  ///   - run: The work.
  public init(
    _ name: String, order: Int = 0, fileID: StaticString = #fileID, line: UInt = #line,
    _ run: @escaping @Sendable (Resolver) async throws -> Void
  ) {
    self.name = name
    self.order = order
    self.location = CodeLocation(fileID: fileID, line: line)
    self.once = StartupOnce()
    self.run = run
  }

  /// Makes a hook whose work needs nothing from the container.
  ///
  /// ```swift
  /// let hook = StartupHook("Start the crash reporter") { CrashReporter.start() }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the hook does, for ``BootstrapError`` and other tasks' `after:`.
  ///   - order: Where it runs among the hooks: lowest first.
  ///   - fileID: Where the hook is declared.
  ///   - line: The line of the declaration.
  ///   - run: The work.
  public init(
    _ name: String, order: Int = 0, fileID: StaticString = #fileID, line: UInt = #line,
    _ run: @escaping @Sendable () async throws -> Void
  ) {
    self.init(name, order: order, fileID: fileID, line: line) { _ in try await run() }
  }

  /// `Analytics.configureAnalytics (order 10) at Analytics/Setup.swift:3`.
  ///
  /// ```swift
  /// for hook in Container.discoveredStartupHooks { print(hook) }
  /// ```
  public var description: String { "\(name) (order \(order)) at \(location)" }

  /// `hooks` in the order they run: by ``order``, then by file, then by line.
  static func inRunningOrder(_ hooks: [StartupHook]) -> [StartupHook] {
    hooks.sorted { lhs, rhs in
      if lhs.order != rhs.order { return lhs.order < rhs.order }
      let (left, right) = (lhs.location.fileID.description, rhs.location.fileID.description)
      return left == right ? lhs.location.line < rhs.location.line : left < right
    }
  }

  /// Enrolls a hook made by `make`; called by the link-time record `@Startup` generates.
  ///
  /// ```swift
  /// StartupHook._enroll {
  ///   StartupHook("App.configureLogging", fileID: "App/Setup.swift", line: 3, configureLogging)
  /// }
  /// ```
  ///
  /// - Parameter make: Makes the hook when the program first asks for the hooks.
  @_documentation(visibility: private)
  public static func _enroll(_ make: @escaping @Sendable () -> StartupHook) {
    DiscoveryRegistry.shared.enroll(hook: make)
  }
}
