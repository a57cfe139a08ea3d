@_spi(Testing) @_spi(LoomInternals) public import Loom
public import XCTest

/// An XCTest case whose every test runs with a container of its own, made current for `setUp`,
/// the test and `tearDown`.
///
/// Before each test method, the case makes a new isolated child (as `makeIsolatedChild()` does)
/// of ``baseContainer`` and makes it `Container.current` and `Container.default` for the whole of
/// the test's invocation: `setUp` and `setUpWithError` (and their `async` forms), the test method,
/// `tearDown` and the tear-down blocks. Register overrides in ``container`` in `setUp` or in the
/// test; they and the singletons built with them end with the test, and the next test starts
/// afresh. As with the Swift Testing trait, the container has `.once` instances of its own (which
/// a `Container()` the test makes shares), is in
/// the `.test` context, and reports a resolve that reaches an unimplemented value as a failure of
/// the test (`XCTFail`, at the line that resolved it).
///
/// ```swift
/// final class ProfileModelTests: ContainerTestCase {
///   override func setUp() {
///     super.setUp()
///     container.register((any APIClient).self) { _ in MockAPIClient() }
///   }
///
///   func testLoadsTheUser() async throws {
///     let model = ProfileModel()  // @Injected properties resolve in `container`
///     try await model.load()
///     XCTAssertEqual(model.name, "Ada")
///   }
/// }
/// ```
///
/// Override ``baseContainer`` to start each test from an app container other than
/// `Container.default`.
open class ContainerTestCase: XCTestCase {
  /// The running test's container, made on first use; dropped when the test ends.
  private let storage = Lock<Container?>(nil)

  /// The container each test's ``container`` is an isolated child of: `Container.default` unless
  /// a subclass overrides it.
  ///
  /// ```swift
  /// class AppTestCase: ContainerTestCase {
  ///   override var baseContainer: Container { AppContainer.shared }
  /// }
  /// ```
  open var baseContainer: Container { .default }

  /// The running test's own container: an isolated child of ``baseContainer``, current while the
  /// test runs.
  ///
  /// ```swift
  /// container.register(Clock.self, instance: TestClock())
  /// XCTAssertTrue(Container.current === container)
  /// ```
  public var container: Container {
    if let existing = storage.withLock({ $0 }) { return existing }
    // NB: made outside the lock: `baseContainer` is the subclass's code and may read `container`.
    let made = baseContainer._makeTestContainer { error in
      XCTFail(error.description, file: error.location.fileID, line: error.location.line)
    }
    return storage.withLock { stored in
      if let stored { return stored }
      stored = made
      return made
    }
  }

  /// Runs the test's set-up, body and tear-down with ``container`` as `Container.current` and
  /// `Container.default`, then drops the container.
  ///
  /// ```swift
  /// // XCTest calls it once per test method; a subclass that overrides it calls super.
  /// override func invokeTest() { super.invokeTest() }
  /// ```
  override open func invokeTest() {
    let container = self.container
    defer { storage.withLock { $0 = nil } }
    container._withDefault { super.invokeTest() }
  }
}
