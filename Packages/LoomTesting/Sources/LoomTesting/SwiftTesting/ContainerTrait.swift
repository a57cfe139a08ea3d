@_spi(Testing) public import Loom
public import Testing

/// A Swift Testing trait that runs each test with a container of its own.
///
/// Before each test (and each case of a parameterized test) runs, the trait makes a new isolated
/// child (as `makeIsolatedChild()` does) of its base container, applies the trait's overrides to
/// it, and makes it both `Container.current` and `Container.default` for the test's whole task
/// tree. The test resolves the app's wiring with its overrides, and builds its own singletons:
/// tests running in parallel never see each other's overrides or instances, and nothing is left
/// behind when the test ends.
///
/// Nothing global leaks between tests, either:
///
/// - Code that names `Container.default` (the literal translation of Factory's
///   `Container.shared`) reaches the test's container, like code that uses `Container.current`.
/// - `.once` instances are the test's own: the container has a set of its own, so a `.once`
///   dependency is made once per test rather than once per process. A `Container()` the test
///   makes (in its task tree) shares the test's set, as Factory's test trait isolates every
///   container.
/// - The container is in the `.test` context: a key-path dependency declared with
///   `.when(.test) { ... }` resolves to its test value with no override, and one declared
///   `.unimplemented(in: .test)` records an issue naming it (the test fails) when the test
///   reaches it.
///
/// (A task the test starts with `Task.detached`, or work on a queue of its own, does not inherit
/// the task-locals that carry this, and sees the process's container.)
///
/// Apply it with `.container` or `.container(base:_:)`:
///
/// ```swift
/// @Test(.container {
///   $0.register((any APIClient).self) { _ in MockAPIClient() }
/// })
/// func profileLoadsTheUser() async throws {
///   let model = ProfileModel()  // @Injected properties resolve in the test's container
///   try await model.load()
///   #expect(model.name == "Ada")
/// }
/// ```
///
/// On a suite, the trait applies to every test in it and in its nested suites, each getting a
/// fresh container. When traits are nested (a suite's and a test's), the inner one builds on the
/// outer one: the test's container is an isolated child of the suite trait's container for that
/// test, so the suite's overrides apply and the test's win.
///
/// ```swift
/// @Suite(.container { $0.register((any APIClient).self) { _ in MockAPIClient() } })
/// struct ProfileTests {
///   @Test func loads() async throws { /* MockAPIClient */ }
///
///   @Test(.container { $0.register((any APIClient).self) { _ in FailingAPIClient() } })
///   func showsTheError() async throws { /* FailingAPIClient */ }
/// }
/// ```
public struct ContainerTrait: TestTrait, SuiteTrait, TestScoping {
  /// The container to isolate from, or `nil` for the container current when the test starts.
  private let base: Container?
  /// Registers the trait's replacements in each test's container.
  private let overrides: @Sendable (Container) throws -> Void

  init(base: Container?, overrides: @escaping @Sendable (Container) throws -> Void) {
    self.base = base
    self.overrides = overrides
  }

  /// Always `true`: on a suite, the trait gives every test in it, and in its nested suites, a
  /// container of its own (rather than one container shared by the whole suite).
  ///
  /// ```swift
  /// ContainerTrait.container.isRecursive  // true
  /// ```
  public var isRecursive: Bool { true }

  /// Runs one test (or one case of a parameterized test) with a new isolated container made
  /// current and default; the testing library calls it.
  ///
  /// ```swift
  /// // Called by the testing library for @Test(.container):
  /// try await trait.provideScope(for: test, testCase: testCase) { try await body() }
  /// ```
  ///
  /// - Parameters:
  ///   - test: The test being run.
  ///   - testCase: The case of `test` being run.
  ///   - function: The test's body.
  /// - Throws: What the overrides or the test throw; the test does not run when the overrides
  ///   throw.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let container = (base ?? Container.current)._makeTestContainer(
      reportingWith: recordUnimplemented)
    try overrides(container)
    try await container._withDefault { try await function() }
  }
}

extension Trait where Self == ContainerTrait {
  /// Runs each test with a fresh isolated child of `Container.current` (`Container.default`,
  /// unless an enclosing suite's trait set another) as its current container.
  ///
  /// ```swift
  /// @Test(.container) func signInStoresTheToken() throws {
  ///   Container.current.register(TokenStore.self, lifetime: .singleton) { _ in InMemoryTokenStore() }
  ///   try SignInModel().signIn()
  /// }
  /// ```
  public static var container: Self {
    ContainerTrait(base: nil, overrides: { _ in })
  }

  /// Runs each test with a fresh isolated child of `base`, with `overrides` registered in it, as
  /// its current container.
  ///
  /// `overrides` runs once per test, on that test's container. To use an app container other than
  /// `Container.default` everywhere, name a trait for it once:
  ///
  /// ```swift
  /// extension Trait where Self == ContainerTrait {
  ///   static var app: Self { .container(base: AppContainer.shared) }
  /// }
  ///
  /// @Test(.app) func checkoutTotalsTheCart() { /* ... */ }
  ///
  /// @Test(.container { $0.register((any APIClient).self) { _ in MockAPIClient() } })
  /// func profileShowsTheUser() { /* ... */ }
  /// ```
  ///
  /// - Parameters:
  ///   - base: The container whose registrations each test starts from; `Container.current` when
  ///     the test starts if `nil` (`Container.default`, or an enclosing suite trait's container).
  ///   - overrides: Registers the replacements in each test's container.
  /// - Returns: The trait.
  public static func container(
    base: Container? = nil,
    _ overrides: @escaping @Sendable (Container) throws -> Void = { _ in }
  ) -> Self {
    ContainerTrait(base: base, overrides: overrides)
  }
}

/// Records that a test reached an unimplemented value, as an issue at the line that resolved it.
@Sendable
func recordUnimplemented(_ error: ResolutionError) {
  let fileID = "\(error.location.fileID)"
  Issue.record(
    Comment(rawValue: error.description),
    sourceLocation: SourceLocation(
      fileID: fileID, filePath: fileID, line: max(1, Int(error.location.line)), column: 1))
}
