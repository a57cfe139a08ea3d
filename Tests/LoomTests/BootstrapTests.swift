import Foundation
@_spi(LoomInternals) import Loom
import LoomTestSupport
import Testing

/// Nodes of a bootstrap graph, told apart by name.
final class BootNode: Sendable {
  let name: String

  init(name: String) {
    self.name = name
  }
}

@Suite struct BootstrapTests {
  @Test(.timeLimit(.minutes(1)))
  func eagerSingletonsStartOnlyAfterTheirDependenciesFinished() async throws {
    let container = Container()
    let finished = Lock<Set<String>>([])
    let violations = Lock<[String]>([])
    // a ← b ← d, a ← c ← d, e independent (edges declared).
    let edges: [String: [String]] = ["a": [], "b": ["a"], "c": ["a"], "d": ["b", "c"], "e": []]
    for (name, needs) in edges.sorted(by: { $0.key < $1.key }) {
      container.register(
        BootNode.self, name: name, lifetime: .eagerSingleton,
        dependencies: needs.map { DependencyKey(BootNode.self, name: $0) }
      ) { _ async in
        let done = finished.value
        for need in needs where !done.contains(need) {
          violations.append("\(name) started before \(need) finished")
        }
        try? await Task.sleep(for: .milliseconds(5))
        finished.withLock { _ = $0.insert(name) }
        return BootNode(name: name)
      }
    }
    try await container.bootstrap()
    #expect(violations.value.isEmpty)
    #expect(finished.value == ["a", "b", "c", "d", "e"])
  }

  /// Synchronous eager singletons run in batches, several per task: each is still built once,
  /// after what it depends on, and one that throws fails alone, with its dependents skipped.
  // NB: two minutes, as for the other tests whose tasks need the cooperative pool: under
  // ThreadSanitizer, beside the thread-racing suites that hold pool threads, it took 94 s.
  @Test(.timeLimit(.minutes(2)))
  func synchronousEagerSingletonsRunInBatchesInOrderAndFailAlone() async throws {
    struct Down: Error {}
    let container = Container()
    let built = Lock<[String]>([])
    // A chain of 20 (each needs the one before), 60 independent ones, one that throws and one
    // that needs it: several batches at once, then rounds of one.
    func register(_ name: String, needs: [String] = [], failing: Bool = false) {
      container.register(
        BootNode.self, name: name, lifetime: .eagerSingleton,
        dependencies: needs.map { DependencyKey(BootNode.self, name: $0) }
      ) { _ in
        if failing { throw Down() }
        built.withLock { $0.append(name) }
        return BootNode(name: name)
      }
    }
    for link in 0..<20 { register("chain\(link)", needs: link == 0 ? [] : ["chain\(link - 1)"]) }
    for index in 0..<60 { register("free\(index)") }
    register("broken", failing: true)
    register("needsBroken", needs: ["broken"])
    let error = try await #require(throws: BootstrapError.self) {
      try await container.bootstrap()
    }
    #expect(
      error.failures.map(\.name).sorted() == [
        "BootNode (name: \"broken\")", "BootNode (name: \"needsBroken\")",
      ])
    let order = built.value
    #expect(order.count == 80)
    #expect(Set(order).count == 80)
    let chain = order.filter { $0.hasPrefix("chain") }
    #expect(chain == (0..<20).map { "chain\($0)" })
    #expect(try container.tryResolve(BootNode.self, name: "free59").name == "free59")
  }

  @Test func afterBootstrapAsyncEagerSingletonsResolveSynchronously() async throws {
    let container = Container()
    container.register(BootNode.self, lifetime: .eagerSingleton) { _ async in
      BootNode(name: "ready")
    }
    try await container.bootstrap()
    let node = try container.tryResolve(BootNode.self)
    #expect(node.name == "ready")
  }

  @Test func everyFailureIsReportedTogetherAndDependentsAreSkipped() async throws {
    struct Down: Error {}
    let container = Container()
    container.register(BootNode.self, name: "broken", lifetime: .eagerSingleton) {
      _ async throws -> BootNode in throw Down()
    }
    container.register(BootNode.self, name: "alsoBroken", lifetime: .eagerSingleton) {
      _ async throws -> BootNode in throw Down()
    }
    container.register(
      BootNode.self, name: "needsBroken", lifetime: .eagerSingleton,
      dependencies: [DependencyKey(BootNode.self, name: "broken")]
    ) { _ async in BootNode(name: "never") }
    container.register(BootNode.self, name: "fine", lifetime: .eagerSingleton) { _ async in
      BootNode(name: "fine")
    }
    let error = try await #require(throws: BootstrapError.self) {
      try await container.bootstrap()
    }
    #expect(
      error.failures.map(\.name).sorted() == [
        "BootNode (name: \"alsoBroken\")", "BootNode (name: \"broken\")",
        "BootNode (name: \"needsBroken\")",
      ])
    let skipped = try #require(
      error.failures.first { $0.name == "BootNode (name: \"needsBroken\")" })
    #expect(skipped.error == nil)
    #expect(skipped.skippedBecause == ["BootNode (name: \"broken\")"])
    #expect(
      skipped.description
        == #"BootNode (name: "needsBroken"): skipped because BootNode (name: "broken") failed"#)
    #expect(try container.tryResolve(BootNode.self, name: "fine").name == "fine")
    // One report: the failures as a tree, each error indented under its item.
    let lines = error.description.split(separator: "\n").map(String.init)
    #expect(lines.first == "BootstrapError: 3 start-up items failed")
    #expect(lines.contains(#"├─ BootNode (name: "alsoBroken"): failed"#))
    #expect(
      lines.contains(
        #"├─ BootNode (name: "needsBroken"): skipped because BootNode (name: "broken") failed"#))
    #expect(
      lines.last
        == "└─ To fix: fix the failures above; bootstrap() again builds what is still missing"
        + " (start-up tasks not made with runsOncePerProcess run again).")
  }

  @Test func startupTasksRunAfterTheirDependenciesAndOncePerProcessTasksRunOnce() async throws {
    let runs = Counter()
    let everyTime = Counter()
    let sawConfig = Lock<Bool>(false)
    let configure = StartupTask(
      "configure", dependencies: [DependencyKey(BootNode.self)], runsOncePerProcess: true
    ) { r in
      runs.increment()
      let node = try r.tryResolve(BootNode.self)
      sawConfig.withLock { $0 = node.name == "config" }
    }
    let count = StartupTask("count") { _ in everyTime.increment() }
    #expect(!configure.hasRun)
    for _ in 0..<2 {
      let container = Container()
      container.register(BootNode.self, lifetime: .eagerSingleton) { _ async in
        BootNode(name: "config")
      }
      container.install([configure, count, count])  // a task a container has is not added again
      try await container.bootstrap()
    }
    #expect(runs.value == 1)
    #expect(everyTime.value == 2)
    #expect(sawConfig.value)
    #expect(configure.hasRun && count.hasRun)
  }

  @Test func eagerSingletonsInACycleAreReportedNotHung() async throws {
    let container = Container()
    container.register(
      BootNode.self, name: "x", lifetime: .eagerSingleton,
      dependencies: [DependencyKey(BootNode.self, name: "y")]
    ) { _ async in BootNode(name: "x") }
    container.register(
      BootNode.self, name: "y", lifetime: .eagerSingleton,
      dependencies: [DependencyKey(BootNode.self, name: "x")]
    ) { _ async in BootNode(name: "y") }
    let error = try await #require(throws: BootstrapError.self) {
      try await container.bootstrap()
    }
    #expect(error.failures.count == 2)
    #expect(error.failures.allSatisfy { ($0.error as? ResolutionError)?.code == .cycle })
  }
}

@Suite struct OnceCellTests {
  @Test(.timeLimit(.minutes(1)))
  func concurrentCallersShareOneEvaluation() async throws {
    let runs = Counter()
    let cell = Once { () async -> BootNode in
      runs.increment()
      try? await Task.sleep(for: .milliseconds(20))
      return BootNode(name: "once")
    }
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<64 { group.addTask { ObjectIdentifier(try await cell.getAsync()) } }
      var seen: Set<ObjectIdentifier> = []
      for try await identity in group { seen.insert(identity) }
      return seen
    }
    #expect(runs.value == 1)
    #expect(identities.count == 1)
    #expect(cell.isComputed)
  }

  @Test func asyncFailuresAreNotKept() async throws {
    struct Flaky: Error {}
    let attempts = Counter()
    let cell = Once { () async throws -> Int in
      if attempts.increment() == 1 { throw Flaky() }
      return 7
    }
    await #expect(throws: Flaky.self) { try await cell.getAsync() }
    #expect(try await cell.getAsync() == 7)
  }

  @Test func asyncRecursionIsAnErrorNotAHang() async throws {
    let holder = Lock<Once<Int>?>(nil)
    let cell = Once { () async throws -> Int in
      try await holder.value!.getAsync() + 1
    }
    holder.withLock { $0 = cell }
    await #expect(throws: OnceError.cycle) { try await cell.getAsync() }
  }

  @Test(.timeLimit(.minutes(1)))
  func syncCellEvaluatesOnceAcrossThreads() throws {
    let runs = Counter()
    let cell = Once { () -> BootNode in
      runs.increment()
      pause(milliseconds: 20)
      return BootNode(name: "sync")
    }
    let results = Lock<Set<ObjectIdentifier>>([])
    DispatchQueue.concurrentPerform(iterations: 32) { _ in
      if let node = try? cell.get() { results.withLock { _ = $0.insert(ObjectIdentifier(node)) } }
    }
    #expect(runs.value == 1)
    #expect(results.value.count == 1)
  }

  @Test func syncFailuresReachWaitersAndAreNotKept() throws {
    struct Flaky: Error {}
    let attempts = Counter()
    let cell = Once { () throws -> Int in
      if attempts.increment() == 1 { throw Flaky() }
      return 3
    }
    #expect(throws: Flaky.self) { try cell.get() }
    #expect(try cell.get() == 3)
  }

  @Test func syncRecursionIsAnError() throws {
    let holder = Lock<Once<Int>?>(nil)
    let cell = Once { () throws -> Int in try holder.value!.get() + 1 }
    holder.withLock { $0 = cell }
    #expect(throws: OnceError.cycle) { try cell.get() }
  }

  @Test func aTaskThatNamesAnotherRunsAfterIt() async throws {
    let container = Container()
    let order = Lock<[String]>([])
    container.addStartupTask("second", after: ["first"]) { _ in order.append("second") }
    container.addStartupTask("first") { _ in
      try await Task.sleep(for: .milliseconds(20))
      order.append("first")
    }
    try await container.bootstrap()
    #expect(order.value == ["first", "second"])
  }

  @Test func aTaskWaitingForAMissingOrFailedTaskIsReported() async throws {
    let container = Container()
    container.addStartupTask("needs ghost", after: ["ghost"]) { _ in }
    container.addStartupTask("fails") { _ in throw DiskFull() }
    container.addStartupTask("after failure", after: ["fails"]) { _ in }
    let error = try await #require(throws: BootstrapError.self) { try await container.bootstrap() }
    let failures = Dictionary(uniqueKeysWithValues: error.failures.map { ($0.name, $0) })
    #expect(
      failures["needs ghost"]?.error.map { String(describing: $0) }?.hasPrefix(
        "start-up task \"needs ghost\" waits for start-up task \"ghost\", which this container"
          + " does not have") == true)
    #expect(failures["after failure"]?.skippedBecause == ["fails"])
    #expect(failures["fails"]?.error is DiskFull)
  }

  @Test func tasksThatWaitForEachOtherAreACycleNotAHang() async throws {
    let container = Container()
    container.addStartupTask("a", after: ["b"]) { _ in }
    container.addStartupTask("b", after: ["a"]) { _ in }
    let error = try await #require(throws: BootstrapError.self) { try await container.bootstrap() }
    #expect(error.failures.map(\.name) == ["a", "b"])
  }
}
