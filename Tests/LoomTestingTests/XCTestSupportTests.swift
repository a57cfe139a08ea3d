@_spi(LoomInternals) import Loom
import LoomTesting
import XCTest

/// Every test of a `ContainerTestCase` runs with a fresh isolated container, current from `setUp`
/// to the tear-down blocks.
final class ContainerTestCaseTests: ContainerTestCase {
  /// The containers of the tests run so far, kept alive so that no two can share an address.
  private static let seen = Lock<[Container]>([])

  override func setUp() {
    super.setUp()
    XCTAssertTrue(Container.current === container)
    container.register(Session.self, lifetime: .singleton) { _ in Session(label: "set up") }
  }

  override func tearDown() {
    XCTAssertTrue(Container.current === container)
    super.tearDown()
  }

  func testTheContainerIsAnIsolatedChildOfTheDefaultContainerAndCurrent() async {
    XCTAssertTrue(Container.current === container)
    XCTAssertTrue(Container.default === container)
    let process = await processDefault()
    XCTAssertTrue(container.parent === process)
    XCTAssertTrue(container.isolatesInstances)
    XCTAssertTrue(container.contexts.contains(.test))
  }

  func testSetUpRegistrationsApply() {
    XCTAssertEqual(inject(Session.self).label, "set up")
  }

  func testEachTestGetsAContainerOfItsOwn() {
    registerMarkerAndCheckFreshness(1)
  }

  func testEachTestGetsAContainerOfItsOwnAgain() {
    registerMarkerAndCheckFreshness(2)
  }

  func testAContainerTheTestMakesSharesTheTestsOnceInstances() async throws {
    let made = try Container().tryResolve(\.xcTestOnceProbe)
    XCTAssertTrue(try container.tryResolve(\.xcTestOnceProbe) === made)
    // A detached task does not inherit the test's task-locals: its container is the process's.
    let elsewhere = try await Task.detached { try Container().tryResolve(\.xcTestOnceProbe) }.value
    XCTAssertFalse(elsewhere === made)
  }

  func testAsyncTestsSeeTheContainer() async throws {
    XCTAssertTrue(Container.current === container)
    try await Task.sleep(for: .milliseconds(1))
    let fromChildTask = await Task { Container.current }.value
    XCTAssertTrue(fromChildTask === container)
  }

  func testTearDownBlocksSeeTheContainer() {
    let container = self.container
    addTeardownBlock { XCTAssertTrue(Container.current === container) }
  }

  func testWithOverridesBuildsOnTheTestsContainer() {
    let label = withOverrides {
      $0.register(Session.self) { _ in Session(label: "override") }
    } operation: {
      XCTAssertTrue(Container.current.parent === container)
      return inject(Session.self).label
    }

    XCTAssertEqual(label, "override")
    XCTAssertEqual(inject(Session.self).label, "set up")
  }

  /// Registers `value` after checking no earlier test's registration or container is visible.
  private func registerMarkerAndCheckFreshness(
    _ value: Int, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try container.tryResolve(Marker.self), file: file, line: line)
    let reused = Self.seen.withLock { seen in
      defer { seen.append(container) }
      return seen.contains { $0 === container }
    }
    XCTAssertFalse(reused, file: file, line: line)
    container.register(Marker.self) { _ in Marker(value: value) }
    XCTAssertEqual(inject(Marker.self).value, value, file: file, line: line)
  }
}

/// A subclass can start every test from its own app container.
final class BaseContainerTestCaseTests: ContainerTestCase {
  override var baseContainer: Container { AppWiring.base }

  func testTheContainerIsAnIsolatedChildOfTheBase() {
    XCTAssertTrue(container.parent === AppWiring.base)
    XCTAssertEqual(inject((any APIClient).self).name, "live")
  }

  func testOverridesReachTheBasesSingletonsWithoutChangingTheBase() {
    container.register((any APIClient).self) { _ in MockAPIClient() }

    XCTAssertEqual(inject(UserService.self).api.name, "mock")
    XCTAssertEqual(AppWiring.base.makeIsolatedChild().resolve(UserService.self).api.name, "live")
  }
}

/// The XCTest assertions fail at the caller with the full text; the failures are captured here
/// instead of failing this test.
final class XCTAssertionTests: XCTestCase {
  /// A failure the assertions reported.
  struct Failure: Equatable {
    var description: String
    var file: String
    var line: Int
  }

  private var captured: [Failure]?

  /// The failures `body` reports, captured instead of failing the test.
  private func failures(_ body: () -> Void) -> [Failure] {
    captured = []
    defer { captured = nil }
    body()
    return captured ?? []
  }

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      guard captured != nil else { return super.record(issue) }
      captured?.append(
        Failure(
          description: issue.compactDescription,
          file: issue.sourceCodeContext.location?.fileURL.path ?? "",
          line: issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard captured != nil else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      captured?.append(Failure(description: description, file: filePath, line: lineNumber))
    }
  #endif

  func testAValidGraphAndAResolvableKeyReportNothing() {
    let container = AppWiring.base.makeIsolatedChild()

    XCTAssertEqual(
      failures {
        XCTAssertValidGraph(container)
        XCTAssertResolves(UserService.self, in: container)
        XCTAssertResolves(\.testingGreeting, in: container)
      }, [])
  }

  func testAnInvalidGraphFailsWithTheWholeReportAtTheCaller() throws {
    let container = Container()
    container.register(UserService.self, UserService.init)
    let report = container.validate()

    let line = #line + 1
    let reported = failures { XCTAssertValidGraph(container, "while wiring the app") }

    XCTAssertEqual(reported.count, 1)
    let failure = try XCTUnwrap(reported.first)
    XCTAssertTrue(
      failure.description.hasSuffix(
        "Expected a valid dependency graph.\n\(report)\nwhile wiring the app"),
      failure.description)
    XCTAssertTrue(report.description.contains("[missing] no registration for any APIClient"))
    XCTAssertEqual(failure.file, "\(#filePath)")
    XCTAssertEqual(failure.line, line)
  }

  func testAnUnresolvableTypeFailsWithTheWholeErrorAtTheCaller() throws {
    let container = Container()
    container.register(UserService.self, UserService.init)

    let line = #line + 1
    let reported = failures { XCTAssertResolves(UserService.self, in: container) }

    XCTAssertEqual(reported.count, 1)
    let failure = try XCTUnwrap(reported.first)
    let expected = """
      Expected UserService to resolve.
      ResolutionError: no registration for any APIClient
      ├─ Resolved via: UserService → any APIClient
      ├─ Requested at: LoomTestingTests/XCTestSupportTests.swift:\(line)
      └─ To fix: register (any APIClient).self, or declare it as a key-path dependency with a \
      default factory.
      """
    XCTAssertTrue(failure.description.hasSuffix(expected), failure.description)
    XCTAssertEqual(failure.file, "\(#filePath)")
    XCTAssertEqual(failure.line, line)
  }

  func testAnUnresolvableKeyPathFailsWithTheKeyPathsName() throws {
    let line = #line + 1
    let reported = failures { XCTAssertResolves(\.testingBrokenGreeting, in: Container(), "note") }

    XCTAssertEqual(reported.count, 1)
    let failure = try XCTUnwrap(reported.first)
    XCTAssertTrue(
      failure.description.contains(
        "Expected \\.testingBrokenGreeting to resolve.\nResolutionError: no registration for"
          + " Session (name: \"missing\")"),
      failure.description)
    XCTAssertTrue(failure.description.hasSuffix("\nnote"), failure.description)
    XCTAssertEqual(failure.line, line)
  }

  func testResolvingLeavesTheContainerAlone() {
    let container = Container()
    container.register(Session.self, lifetime: .singleton) { _ in Session() }
    let recorder = ResolutionRecorder(container)

    XCTAssertResolves(Session.self, in: container)
    _ = container.resolve(Session.self)

    XCTAssertEqual(recorder.factoryCount(of: Session.self), 2)
  }
}

extension Container {
  /// A `.once` dependency: one instance per test in a `ContainerTestCase`, one per process outside.
  fileprivate var xcTestOnceProbe: Dependency<OnceToken> { Dependency(.once) { _ in OnceToken() } }
}

/// An object whose identity tells which `.once` set made it.
final class OnceToken: Sendable {}
