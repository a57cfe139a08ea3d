@_spi(LoomInternals) import Loom
import Testing

@Suite struct StartupHookTests {
  @Test func hooksRunOneAfterAnotherByOrderThenByDeclaration() async throws {
    let log = Lock<[String]>([])
    let hooks = [
      StartupHook("last", order: 2) { log.append("last") },
      StartupHook("second", order: 1, line: 20) {
        log.append(log.value == ["first"] ? "second, after first" : "second, too early")
      },
      StartupHook("first", order: 1, line: 10) {
        await Task.yield()
        log.append("first")
      },
    ]
    let container = Container()
    container.install(hooks)

    try await container.bootstrap()

    #expect(log.value == ["first", "second, after first", "last"])
  }

  @Test func aFailingHookIsReportedAndTheHooksAfterItAreSkipped() async throws {
    let attempts = Lock(0)
    let log = Lock<[String]>([])
    let database = StartupHook("Open the database", order: 1, fileID: "App/Setup.swift", line: 3) {
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      if attempt == 1 { throw DiskFull() }
    }
    let cache = StartupHook("Warm the cache", order: 2, fileID: "App/Setup.swift", line: 9) {
      log.append("warm")
    }
    let container = Container()
    container.install([database, cache])

    let error = try await #require(throws: BootstrapError.self) {
      try await container.bootstrap()
    }

    #expect(error.failures.map(\.name) == ["Open the database", "Warm the cache"])
    #expect(error.failures.first?.error is DiskFull)
    #expect(
      error.description == """
        BootstrapError: 2 start-up items failed
        ├─ Open the database: failed
        │     disk is full
        ├─ Warm the cache: skipped because Open the database failed
        └─ To fix: fix the failures above; bootstrap() again builds what is still missing \
        (start-up tasks without a StartupOnce run again).
        """)
    #expect(log.value.isEmpty)
    #expect(!database.once.hasRun)

    // A failed hook is not marked: the next bootstrap tries it again, then runs the rest.
    try await container.bootstrap()
    #expect(attempts.value == 2)
    #expect(log.value == ["warm"])
    #expect(database.once.hasRun && cache.once.hasRun)
  }

  @Test func aHookRunsOncePerProcessWhateverContainersInstallIt() async throws {
    let runs = Lock(0)
    let hook = StartupHook("Start crash reporting") { runs.withLock { $0 += 1 } }
    let first = Container()
    let second = Container()
    first.install([hook])
    second.install([hook])
    second.install([hook])  // installed once per container

    async let one: Void = first.bootstrap()
    async let two: Void = second.bootstrap()
    _ = try await (one, two)
    try await first.bootstrap()

    #expect(runs.value == 1)
    #expect(hook.once.hasRun)
  }

  @Test func aHookIsAStartUpTaskThatOthersMayWaitFor() async throws {
    let log = Lock<[String]>([])
    let hook = StartupHook("Configure analytics") { r in
      log.append("configured with \(try r.tryResolve(Config.self).label)")
    }
    let container = Container()
    container.register(Config.self, instance: Config(label: "prod"))
    container.install([hook])
    container.addStartupTask("Send the launch event", after: ["Configure analytics"]) { _ in
      log.append("launch event")
    }

    try await container.bootstrap()

    #expect(log.value == ["configured with prod", "launch event"])
  }

  @Test func hooksThatShareANameAreToldApartByWhereTheyAreDeclared() async throws {
    let container = Container()
    let first = StartupHook("App.setUp", fileID: "App/A.swift", line: 1) {
      throw DiskFull()
    }
    let second = StartupHook("App.setUp", fileID: "App/B.swift", line: 1) {}
    container.install([second, first])

    let error = try await #require(throws: BootstrapError.self) {
      try await container.bootstrap()
    }

    #expect(error.failures.map(\.name) == ["App.setUp", "App.setUp (App/B.swift:1)"])
  }

  @Test func aHookDescribesItselfAndTheDiscoveredOnesAreInRunningOrder() {
    let hook = StartupHook(
      "Analytics.configure", order: 10, fileID: "Analytics/Setup.swift", line: 3
    ) { _ in }

    #expect(hook.description == "Analytics.configure (order 10) at Analytics/Setup.swift:3")
    let discovered = Container.discoveredStartupHooks
    #expect(
      discovered.map(\.order) == discovered.map(\.order).sorted(),
      "discovered hooks are listed in the order they run")
  }
}
