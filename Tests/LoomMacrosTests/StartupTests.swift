@_spi(LoomInternals) import Loom
import LoomMacros
import Testing

/// What the start-up hooks of this file did, in the order they did it.
enum HookLog {
  static let entries = Lock<[String]>([])

  static func record(_ entry: String) {
    entries.withLock { $0.append(entry) }
  }
}

@Startup(order: -100)
func firstTestHook() {
  HookLog.record("first")
}

@Startup("LoomMacrosTests: configure from the container", order: -99)
func configuringTestHook(_ r: Resolver) throws {
  HookLog.record("configured with \(try r.tryResolve(Config.self).url)")
}

enum TestHooks {
  @Startup(order: -98)
  static func asynchronous() async throws {
    await Task.yield()
    HookLog.record("async")
  }
}

@MainActor
@Startup(order: -98)
func mainActorTestHook() {
  MainActor.assertIsolated()
  HookLog.record("main actor")
}

/// The hooks declared in this file, in the order they run.
func testHooks() -> [StartupTask] {
  Container.discoveredStartupTasks.filter {
    $0.location.fileID.description == "LoomMacrosTests/StartupTests.swift"
  }
}

@Suite struct StartupTests {
  @Test func hooksDeclaredWithTheMacroAreDiscoveredInTheirOrder() {
    #expect(
      testHooks().map(\.description) == [
        "LoomMacrosTests.firstTestHook (order -100) at LoomMacrosTests/StartupTests.swift:14",
        "LoomMacrosTests: configure from the container (order -99) at"
          + " LoomMacrosTests/StartupTests.swift:19",
        "LoomMacrosTests.TestHooks.asynchronous (order -98) at LoomMacrosTests/StartupTests.swift:25",
        "LoomMacrosTests.mainActorTestHook (order -98) at LoomMacrosTests/StartupTests.swift:33",
      ])
  }

  @Test func bootstrapRunsTheHooksInOrderOncePerProcess() async throws {
    let first = Container()
    first.register(Config.self, instance: Config(url: "https://first.example.com"))
    first.install(testHooks())
    let second = Container()
    second.register(Config.self, instance: Config(url: "https://second.example.com"))
    second.install(testHooks())

    try await first.bootstrap()
    try await second.bootstrap()

    // Whichever container ran them first (another test's may have), each ran once, in order.
    let entries = HookLog.entries.value
    #expect(entries.count == 4)
    #expect(entries.first == "first")
    #expect(entries.dropFirst().first?.hasPrefix("configured with https://") == true)
    #expect(Array(entries.dropFirst(2)) == ["async", "main actor"])
    #expect(testHooks().allSatisfy { $0.hasRun })
  }
}
