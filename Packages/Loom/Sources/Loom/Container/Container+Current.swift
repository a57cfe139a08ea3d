extension Container {
  /// The container used when none is given explicitly, and the default of ``current``: the
  /// app's shared container (Factory's `Container.shared`).
  ///
  /// When it is made (on first use), it installs the ``discoveredBindings``; a key bound twice
  /// then resolves to a ``ResolutionError/Code/duplicateRegistration`` error naming both. It also
  /// installs the ``discoveredStartupTasks``, which run when the app calls its
  /// ``bootstrap()``: nothing runs them on first use, since a task may be `async` and may fail,
  /// and only `bootstrap()` can await it and report the failure.
  ///
  /// Under LoomTesting's container trait (and in a `ContainerTestCase`), it is the running test's
  /// own container for the test's task tree, so code that names `Container.default` is isolated
  /// like code that uses ``current``; everywhere else it is the one process-wide container.
  ///
  /// ```swift
  /// Container.default.register(lifetime: .singleton, Analytics.init)
  /// try await Container.default.bootstrap()  // builds eager singletons, runs @Startup hooks
  /// ```
  public static var `default`: Container { defaultOverride ?? shared }

  /// The one process-wide container behind ``default``.
  static let shared: Container = {
    // Made on first use, which may be inside a test: it keeps the process's `.once` instances.
    let container = $defaultOverride.withValue(nil) { Container() }
    container.installDiscoveredBindingsForDefault()
    return container
  }()

  /// The container a test made ``default`` for its task tree (see `_withDefault(_:)`).
  @TaskLocal static var defaultOverride: Container?

  /// The container current for this task tree: ``default`` unless ``withCurrent(_:)`` set another.
  ///
  /// It is a task-local value, so it follows `async` calls and child tasks, and a test or a preview
  /// can swap the container for one task tree without touching any global state. Property wrappers
  /// such as ``Injected`` capture it when their owner is made.
  ///
  /// ```swift
  /// let service = Container.current.resolve(UserService.self)
  /// ```
  @TaskLocal public static var current: Container = .shared

  /// The container that property wrappers and ``inject(_:name:fileID:line:)`` resolve in when
  /// none is given: the container running the innermost factory on this thread, if a factory is
  /// running (so objects a factory makes inject from the container that builds them), else
  /// ``current``.
  ///
  /// ```swift
  /// container.register(ProfileModel.self) { _ in ProfileModel() }  // its @Injected use container
  /// ```
  @usableFromInline
  static var injectionTarget: Container {
    guard let context = ThreadState.current.joinable, let frame = context.innermostBuild else {
      return current
    }
    return context.builder(of: frame)
  }

  /// Runs `operation` with this container as ``current``.
  ///
  /// ```swift
  /// let mocks = Container.default.makeChild()
  /// mocks.register((any APIClient).self) { _ in MockAPIClient() }
  /// let model = mocks.withCurrent { ProfileModel() }  // its @Injected properties use mocks
  /// ```
  ///
  /// - Parameter operation: The work to run.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func withCurrent<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try Container.$current.withValue(self, operation: operation)
  }

  /// Runs an asynchronous `operation` with this container as ``current`` for its whole task tree.
  ///
  /// ```swift
  /// try await testContainer.withCurrent {
  ///   try await ProfileModel().load()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the operation runs on; inferred from the caller.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func withCurrent<Result>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await Container.$current.withValue(self, operation: operation, isolation: isolation)
  }
}

/// Resolves `type` from ``Container/current``: the one-off inline form of ``Injected``.
///
/// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
/// > resolved. Use `try Container.current.tryResolve(_:)` to handle the error instead.
///
/// ```swift
/// struct ProfileView {
///   let model = ProfileModel(api: inject(), analytics: inject(\.analytics))
/// }
/// ```
///
/// - Parameters:
///   - type: The type to resolve; inferred from the context when omitted.
///   - name: The name it was registered with, if any.
///   - fileID: Where the resolve is requested, for error messages.
///   - line: The line of that request.
/// - Returns: The instance.
@inlinable
public func inject<Value>(
  _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
  line: UInt = #line
) -> sending Value {
  Container.injectionTarget.resolve(type, name: name, fileID: fileID, line: line)
}

/// Resolves a key-path dependency from ``Container/current``: the one-off inline form of
/// ``Injected``.
///
/// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
/// > resolved.
///
/// ```swift
/// let api = inject(\.api)
/// ```
///
/// - Parameters:
///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
///   - fileID: Where the resolve is requested, for error messages.
///   - line: The line of that request.
/// - Returns: The instance.
@inlinable
public func inject<Value>(
  _ keyPath: DependencyKeyPath<Value>, fileID: StaticString = #fileID,
  line: UInt = #line
) -> sending Value {
  Container.injectionTarget.resolve(keyPath, fileID: fileID, line: line)
}
