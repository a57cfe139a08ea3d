@_spi(LoomInternals) import Loom
import LoomTesting
import Synchronization
import Testing

extension Container {
  /// Made once per process outside tests, once per test under the container trait; it records
  /// the marker of the test that made it.
  fileprivate var onceProbe: Dependency<OnceProbe> {
    Dependency(.once) { r in OnceProbe(marker: try r.tryResolve(Marker.self)) }
  }
}

/// A `.once` instance, with the marker its test registered.
final class OnceProbe: Sendable {
  let marker: Marker
  init(marker: Marker) { self.marker = marker }
}

/// Twenty test cases, run in parallel, each registering its marker in `Container.default` (as
/// code written for Factory's `Container.shared` would) and resolving a `.once` dependency built
/// from it: each must see its own marker and its own `.once` instance, and the process's
/// container must stay untouched.
@Suite struct TestIsolationTests {
  /// The `.once` instances the cases made, kept alive so that no two can share an address.
  static let probes = Lock<[OnceProbe]>([])

  @Test(.container, arguments: 0..<20)
  func defaultAndOnceInstancesAreTheTestsOwn(index: Int) async throws {
    // Transient: a `.once` instance may not hold a singleton (it would outlive it).
    Container.default.register(Marker.self, lifetime: .transient) { _ in Marker(value: index) }
    let probe = try Container.default.tryResolve(\.onceProbe)
    let sharedWithAnotherTest = Self.probes.withLock { probes in
      defer { probes.append(probe) }
      return probes.contains { $0 === probe }
    }
    #expect(!sharedWithAnotherTest)
    try await Task.sleep(for: .milliseconds(2))  // let the other cases register theirs
    #expect(inject(Marker.self).value == index)
    #expect(try Container.default.tryResolve(\.onceProbe) === probe)
    #expect(probe.marker.value == index)
    let process = await processDefault()
    #expect(throws: ResolutionError.self) { try process.tryResolve(Marker.self) }
  }
}

/// Factory's test trait isolates every container a test makes: a `Container()` made in a test
/// keeps its `.once` instances with the test's, so two cases that each make one, register their
/// marker and resolve the same `.once` declaration each get their own instance.
@Suite struct ContainersATestMakesTests {
  static let probes = Lock<[OnceProbe]>([])

  @Test(.container, arguments: 0..<8)
  func aContainerTheTestMakesHasTheTestsOnceInstances(index: Int) throws {
    let mine = Container()
    // Transient: a `.once` instance may not hold a singleton (it would outlive it).
    mine.register(Marker.self, lifetime: .transient) { _ in Marker(value: index) }
    let probe = try mine.tryResolve(\.onceProbe)
    #expect(probe.marker.value == index)
    #expect(try Container.default.tryResolve(\.onceProbe) === probe)  // one set per test
    let sharedWithAnotherTest = Self.probes.withLock { probes in
      defer { probes.append(probe) }
      return probes.contains { $0 === probe }
    }
    #expect(!sharedWithAnotherTest)
  }
}

extension Container {
  /// A value tests get without saying so, and the app gets live.
  fileprivate var analyticsMode: Dependency<String> {
    Dependency(.singleton) { _ in "live" }.when(.test) { _ in "test" }
  }

  /// A dependency a test must replace; the app gets the live one.
  fileprivate var chargeCard: Dependency<String> {
    Dependency { _ in "live charge" }.unimplemented(in: .test, placeholder: { _ in "placeholder" })
  }
}

@Suite struct TestContextTraitTests {
  @Test(.container) func aTestsContainerResolvesTheTestValue() async {
    #expect(Container.current.contexts.contains(.test))
    #expect(inject(\.analyticsMode) == "test")
    let outsideTheTest = await Task.detached { Container().resolve(\.analyticsMode) }.value
    #expect(outsideTheTest == "live")
  }

  @Test func withoutTheTraitTheLiveValueServes() {
    #expect(Container().resolve(\.analyticsMode) == "live")
  }

  @Test(.container) func reachingAnUnimplementedValueFailsTheTestNamingIt() {
    let line = #line + 2
    let issues = recordedIssues {
      #expect(inject(\.chargeCard) == "placeholder")  // the test goes on
    }
    #expect(issues.count == 1)
    let issue = issues.first
    #expect(issue?.sourceLocation?.fileID == "LoomTestingTests/TestIsolationTests.swift")
    #expect(issue?.sourceLocation?.line == line)
    #expect(
      issue?.comments.map(\.rawValue) == [
        """
        ResolutionError: \\.chargeCard is unimplemented in the test context
        ├─ Resolved via: \\.chargeCard
        ├─ Requested at: LoomTestingTests/TestIsolationTests.swift:\(line)
        └─ To fix: register \\.chargeCard in the test's container (`@Test(.container { \
        $0.register(\\.chargeCard) { _ in ... } })`), or declare its value with `.when(.test) { \
        ... }`.
        """
      ])
  }

  @Test(.container { $0.register(\.chargeCard) { _ in "recorded charge" } })
  func aTestThatReplacesTheDependencyReportsNothing() {
    #expect(inject(\.chargeCard) == "recorded charge")
  }
}
