import Loom
import LoomTesting
import Synchronization
import Testing

/// Fifty test cases run in parallel (Swift Testing's default), each in its own container from the
/// ``ContainerTrait``, each registering a different value for the same key, each sleeping while the
/// others register theirs, then checking that it still sees its own value only.
@Suite(ParallelismProbe()) struct ParallelContainerTests {
  static let caseCount = 50

  @Test(.container, arguments: 0..<caseCount)
  func eachTestSeesOnlyItsOwnOverride(index: Int) async throws {
    Container.current.register(Marker.self, lifetime: .singleton) { _ in Marker(value: index) }
    Container.current.register(Session.self, lifetime: .singleton) { _ in Session(label: "\(index)")
    }
    ParallelismProbe.enter()
    defer { ParallelismProbe.leave() }

    try await Task.sleep(for: .milliseconds(5))
    #expect(Container.current.resolve(Marker.self).value == index)
    await Task.yield()
    #expect(inject(Marker.self).value == index)
    let fromChildTask = await Task { Container.current.resolve(Session.self).label }.value
    #expect(fromChildTask == "\(index)")
  }
}

/// A suite trait that wraps the whole of ``ParallelContainerTests`` once, counts how many of its
/// cases are in flight at the same time, and records an issue if all of them ran yet never two
/// at once: the suite would then prove nothing about parallel tests.
struct ParallelismProbe: SuiteTrait, TestScoping {
  private static let inFlight = Atomic<Int>(0)
  private static let mostInFlight = Atomic<Int>(0)
  private static let entered = Atomic<Int>(0)

  static func enter() {
    let now = inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    mostInFlight.max(now, ordering: .sequentiallyConsistent)
    entered.wrappingAdd(1, ordering: .sequentiallyConsistent)
  }

  static func leave() {
    inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent)
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await function()
    let ran = Self.entered.load(ordering: .sequentiallyConsistent)
    let most = Self.mostInFlight.load(ordering: .sequentiallyConsistent)
    if ran == ParallelContainerTests.caseCount && most < 2 {
      Issue.record("The \(ran) cases ran one at a time; run the tests in parallel.")
    }
  }
}
