import Synchronization

#if canImport(Darwin)
  import Darwin
#endif

/// What a container lets its registrations and resolves depend on, behind its lock: a child made
/// later starts with a copy of its parent's.
struct ContainerSettings: Sendable {
  /// The active contexts (``Container/contexts``).
  var contexts: Set<Container.Context> = ContainerSettings.processContexts
  /// The lifetime of a registration that names none (``Container/defaultLifetime``).
  var defaultLifetime: Lifetime = .transient
  /// Where an unimplemented value that a resolve reached is reported, instead of failing the
  /// resolve; LoomTesting records a test issue.
  var issueReporter: (@Sendable (ResolutionError) -> Void)?

  /// The contexts the process is in: ``Container/Context/debug`` in a debug build,
  /// ``Container/Context/preview`` in an Xcode preview, ``Container/Context/simulator`` in an
  /// Apple simulator and ``Container/Context/device`` anywhere else, and an
  /// ``Container/Context/argument(_:)`` for each launch argument.
  static let processContexts: Set<Container.Context> = {
    var contexts = Set(CommandLine.arguments.dropFirst().map(Container.Context.argument))
    // NB: decided at compile time, as Factory does: an app runs in a simulator only when it was
    // built for one. Only the `#else` branch is compiled and tested on Linux.
    #if targetEnvironment(simulator)
      contexts.insert(.simulator)
    #else
      contexts.insert(.device)
    #endif
    #if DEBUG
      contexts.insert(.debug)
    #endif
    #if canImport(Darwin)
      if let value = getenv("XCODE_RUNNING_FOR_PREVIEWS"), String(cString: value) == "1" {
        contexts.insert(.preview)
      }
    #endif
    return contexts
  }()
}

// MARK: - Contexts and the default lifetime

extension Container {
  /// The contexts active for this container, which choose a key-path declaration's alternatives
  /// (``Dependency/when(_:dependencies:factory:)``).
  ///
  /// A root container starts with the process's: ``Container/Context/debug`` in a debug build,
  /// ``Container/Context/preview`` in an Xcode preview, ``Container/Context/simulator`` in an Apple
  /// simulator and ``Container/Context/device`` elsewhere (Linux included), and
  /// ``Container/Context/argument(_:)`` for each launch argument. A child made later starts with a copy of its parent's; LoomTesting adds
  /// ``Container/Context/test`` to each test's container. Alternatives are chosen when an instance
  /// is made, by the contexts of the container that makes it (the one holding a singleton's
  /// registration, the one resolving a transient): change contexts before resolving, or
  /// ``reset(_:)->()`` the instances made before.
  ///
  /// ```swift
  /// Container.default.contexts.insert(.argument("-mock-api"))  // as if launched with it
  /// let sandbox = Container.default.makeIsolatedChild()
  /// sandbox.contexts = [.preview]
  /// ```
  public var contexts: Set<Container.Context> {
    get { settings.withLock { $0.contexts } }
    set { settings.withLock { $0.contexts = newValue } }
  }

  /// The lifetime of a registration in this container that names none: transient unless changed.
  ///
  /// It applies to `register` calls made after it is set (a registration keeps the lifetime it was
  /// made with), and to the default of a key-path ``Dependency`` declared without a lifetime when it
  /// is installed in this container (a root container). A child made later starts with its
  /// parent's. Swinject's `Container(defaultObjectScope:)` and Factory's
  /// `manager.defaultScope`.
  ///
  /// ```swift
  /// let container = Container()
  /// container.defaultLifetime = .singleton
  /// container.register(Analytics.init)  // a singleton
  /// container.register(Request.self, lifetime: .transient) { _ in Request() }
  /// ```
  ///
  /// Inside ``withDefaultLifetime(_:_:)`` it reads that block's lifetime, for every container.
  public var defaultLifetime: Lifetime {
    get {
      // NB: the task-local is read only while some block is open: a registration costs one atomic
      // load for it otherwise.
      if DefaultLifetimeOverride.openBlocks.load(ordering: .relaxed) > 0,
        let lifetime = DefaultLifetimeOverride.current
      {
        return lifetime
      }
      return settings.withLock { $0.defaultLifetime }
    }
    set { settings.withLock { $0.defaultLifetime = newValue } }
  }

  /// Runs `body` with `lifetime` as the lifetime of every registration in it that names none, in
  /// any container: a default for a group of registrations, such as one module's (LoomAssembly's
  /// `Assembly.defaultLifetime` uses it), where an app used a container subclass with its own
  /// default scope. Nested calls replace it for their duration. It holds while `body` runs, for
  /// the registrations `body` makes (a task it starts that registers after `body` returns does not
  /// get it), and changes no container's ``defaultLifetime``.
  ///
  /// ```swift
  /// Container.withDefaultLifetime(.singleton) {
  ///   container.register(HTTPClient.init)     // a singleton
  ///   container.register(ImageCache.init)     // a singleton
  ///   container.register(Request.self, lifetime: .transient) { _ in Request() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime of the registrations in `body` that name none.
  ///   - body: The registrations.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @discardableResult
  public static func withDefaultLifetime<Result>(
    _ lifetime: Lifetime, _ body: () throws -> Result
  ) rethrows -> Result {
    DefaultLifetimeOverride.openBlocks.add(1, ordering: .relaxed)
    defer { DefaultLifetimeOverride.openBlocks.subtract(1, ordering: .relaxed) }
    return try DefaultLifetimeOverride.$current.withValue(lifetime, operation: body)
  }

  /// Where this container reports a resolve that reached an unimplemented value, if anywhere.
  var issueReporter: (@Sendable (ResolutionError) -> Void)? {
    settings.withLock { $0.issueReporter }
  }
}

// MARK: - Test containers (for LoomTesting)

extension Container {
  /// Makes the container a test runs with: an isolated child of this one, in the
  /// ``Container/Context/test`` context, with `.once` instances of its own, which reports a
  /// resolve that reaches an unimplemented value to `reporter` instead of failing it.
  ///
  /// LoomTesting's container trait and `ContainerTestCase` call it.
  ///
  /// ```swift
  /// let container = Container.default._makeTestContainer { issue in Issue.record("\(issue)") }
  /// ```
  ///
  /// - Parameter reporter: Records an unimplemented value that a resolve reached (the test fails).
  /// - Returns: A new isolated child of this container.
  @_spi(Testing)
  public func _makeTestContainer(
    reportingWith reporter: @escaping @Sendable (ResolutionError) -> Void
  )
    -> Container
  {
    let child = Container(
      parent: self, overridePolicy: .replace, isolatesInstances: true,
      onceInstances: OnceInstances())
    child.settings.withLock { settings in
      settings.contexts.insert(.test)
      settings.issueReporter = reporter
    }
    return child
  }

  /// Runs `operation` with this container as ``Container/default`` (and ``current``), for a test.
  ///
  /// ```swift
  /// try testContainer._withDefault { try body() }
  /// ```
  ///
  /// - Parameter operation: The work to run.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  @_spi(Testing)
  public func _withDefault<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try Container.$defaultOverride.withValue(self) {
      try withCurrent(operation)
    }
  }

  /// Runs an asynchronous `operation` with this container as ``Container/default`` (and
  /// ``current``) for its whole task tree, for a test.
  ///
  /// ```swift
  /// try await testContainer._withDefault { try await body() }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the operation runs on; inferred from the caller.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  @_spi(Testing)
  public func _withDefault<Result>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await Container.$defaultOverride.withValue(
      self,
      operation: {
        try await withCurrent(isolation: isolation, operation)
      }, isolation: isolation)
  }
}

/// The lifetime ``Container/withDefaultLifetime(_:_:)`` gives the registrations in its body.
enum DefaultLifetimeOverride {
  @TaskLocal static var current: Lifetime?
  /// How many ``Container/withDefaultLifetime(_:_:)`` blocks are running, in any task: while none
  /// is, ``current`` is `nil` everywhere and need not be read. (A block opened on another thread
  /// makes this thread read its own task-local, which is `nil`: the count only saves work.)
  static let openBlocks = Atomic<Int>(0)
}
