@_spi(LoomInternals) import Loom
import LoomTesting
import Testing

@Suite struct ExpectationTests {
  // MARK: - expectValidGraph

  @Test func aValidGraphRecordsNoIssue() {
    let container = Container()
    container.register((any APIClient).self) { _ in LiveAPIClient() }
    container.register(UserService.self, UserService.init)

    expectValidGraph(container)
  }

  @Test(.container) func anInvalidGraphRecordsTheWholeReportAtTheCaller() throws {
    let registeredAt = #line + 1
    Container.current.register(UserService.self, UserService.init)

    let line = #line + 1
    let issues = recordedIssues { expectValidGraph(Container.current, "while wiring the app") }

    try #require(issues.count == 1)
    #expect(
      issues[0].comments.map(\.rawValue) == [
        """
        Expected a valid dependency graph.
        ValidationReport: 1 problem

        [missing] no registration for any APIClient
        ├─ Needed by: UserService (transient) at LoomTestingTests/ExpectationTests.swift:\(registeredAt)
        ├─ Path: UserService → any APIClient
        └─ To fix: register (any APIClient).self, or declare it as a key-path dependency with a \
        default factory.
        while wiring the app
        """
      ])
    expectReported(issues[0], atLine: line)
  }

  // MARK: - expectResolves

  @Test func aResolvableKeyRecordsNoIssueAndLeavesTheContainerAlone() {
    let container = Container()
    let recorder = ResolutionRecorder(container)
    container.register(Session.self, lifetime: .singleton) { _ in Session() }

    expectResolves(Session.self, in: container)
    expectResolves(\.testingGreeting, in: container)

    // The resolve ran in a sandbox: the container's own singleton is still to be made.
    #expect(recorder.factoryCount(of: Session.self) == 1)
    _ = container.resolve(Session.self)
    #expect(recorder.factoryCount(of: Session.self) == 2)
  }

  @Test func anUnresolvableTypeRecordsTheWholeErrorAtTheCaller() throws {
    let container = Container()
    container.register(UserService.self, UserService.init)

    let line = #line + 1
    let issues = recordedIssues { expectResolves(UserService.self, in: container) }

    try #require(issues.count == 1)
    #expect(
      issues[0].comments.map(\.rawValue) == [
        """
        Expected UserService to resolve.
        ResolutionError: no registration for any APIClient
        ├─ Resolved via: UserService → any APIClient
        ├─ Requested at: LoomTestingTests/ExpectationTests.swift:\(line)
        └─ To fix: register (any APIClient).self, or declare it as a key-path dependency with a \
        default factory.
        """
      ])
    expectReported(issues[0], atLine: line)
  }

  @Test func aNamedKeyIsNamedInTheMessage() throws {
    let container = Container()
    container.register(Session.self, name: "primary") { _ in Session() }

    let issues = recordedIssues { expectResolves(Session.self, name: "secondary", in: container) }

    try #require(issues.count == 1)
    let comment = try #require(issues[0].comments.first?.rawValue)
    #expect(comment.hasPrefix("Expected Session (name: \"secondary\") to resolve.\n"))
    #expect(comment.contains("ResolutionError: no registration for Session (name: \"secondary\")"))
  }

  @Test func anUnresolvableKeyPathRecordsTheErrorWithTheKeyPathsName() throws {
    let container = Container()

    let line = #line + 1
    let issues = recordedIssues { expectResolves(\.testingBrokenGreeting, in: container, "note") }

    try #require(issues.count == 1)
    let comment = try #require(issues[0].comments.first?.rawValue)
    #expect(comment.hasPrefix("Expected \\.testingBrokenGreeting to resolve.\nResolutionError: "))
    #expect(comment.contains("├─ Requested at: LoomTestingTests/ExpectationTests.swift:\(line)"))
    #expect(comment.hasSuffix("\nnote"))
    expectReported(issues[0], atLine: line)
  }

  @Test(.container { $0.register(Marker.self) { _ in Marker(value: 1) } })
  func theCurrentContainerIsTheDefault() {
    expectResolves(Marker.self)
    expectValidGraph()
  }
}

/// The issues `body` records, captured as known issues so that they do not fail the test, and
/// so that the test log says they were expected: the assertion helper under test fails on
/// purpose. A `body` that records none fails the test ("Known issue was not recorded").
func recordedIssues(_ body: () -> Void) -> [Issue] {
  let issues = Lock<[Issue]>([])
  withKnownIssue(
    "Expected: this test makes a LoomTesting assertion fail on purpose, to check its message"
  ) {
    body()
  } matching: { issue in
    issues.append(issue)
    return true
  }
  return issues.value
}

/// Checks that `issue` was reported in the calling file, at `line`.
func expectReported(
  _ issue: Issue, atLine line: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(issue.sourceLocation?.line == line, sourceLocation: sourceLocation)
  #expect(issue.sourceLocation?.fileID == sourceLocation.fileID, sourceLocation: sourceLocation)
  #expect(issue.sourceLocation?.filePath == sourceLocation.filePath, sourceLocation: sourceLocation)
}
