@_spi(LoomInternals) import Loom
import Testing

@Suite struct StartupTaskTests {
  @Test func hooksRunOneAfterAnotherByOrderThenByDeclaration() async throws {
    let log = Lock<[String]>([])
    let hooks = [
      StartupTask(_startup: "last", order: 2) { log.append("last") },
      StartupTask(_startup: "second", order: 1, line: 20) {
        log.append(log.value == ["first"] ? "second, after first" : "second, too early")
      },
      StartupTask(_startup: "first", order: 1, line: 10) {
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
    let database = StartupTask(
      _startup: "Open the database", order: 1, fileID: "App/Setup.swift", line: 3
    ) {
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      if attempt == 1 { throw DiskFull() }
    }
    let cache = StartupTask(
      _startup: "Warm the cache", order: 2, fileID: "App/Setup.swift", line: 9
    ) {
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
        (start-up tasks not made with runsOncePerProcess run again).
        """)
    #expect(log.value.isEmpty)
    #expect(!database.hasRun)

    // A failed hook is not marked: the next bootstrap tries it again, then runs the rest.
    try await container.bootstrap()
    #expect(attempts.value == 2)
    #expect(log.value == ["warm"])
    #expect(database.hasRun && cache.hasRun)
  }

  @Test func aHookRunsOncePerProcessWhateverContainersInstallIt() async throws {
    let runs = Lock(0)
    let hook = StartupTask("Start crash reporting", runsOncePerProcess: true) { _ in
      runs.withLock { $0 += 1 }
    }
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
    #expect(hook.hasRun)
  }

  @Test func aHookIsAStartUpTaskThatOthersMayWaitFor() async throws {
    let log = Lock<[String]>([])
    let hook = StartupTask("Configure analytics") { r in
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
    let first = StartupTask(_startup: "App.setUp", fileID: "App/A.swift", line: 1) {
      throw DiskFull()
    }
    let second = StartupTask(_startup: "App.setUp", fileID: "App/B.swift", line: 1) {}
    container.install([second, first])

    let error = try await #require(throws: BootstrapError.self) {
      try await container.bootstrap()
    }

    #expect(error.failures.map(\.name) == ["App.setUp", "App.setUp (App/B.swift:1)"])
  }

  @Test func aHookDescribesItselfAndTheDiscoveredOnesAreInRunningOrder() {
    let hook = StartupTask(
      _startup:
        "Analytics.configure", order: 10, fileID: "Analytics/Setup.swift", line: 3
    ) { _ in }

    let task = StartupTask("Warm the cache", fileID: "App/Setup.swift", line: 12) { _ in }

    #expect(hook.description == "Analytics.configure (order 10) at Analytics/Setup.swift:3")
    #expect(task.description == "Warm the cache at App/Setup.swift:12")
    // The test binary links LoomMacrosTests' @Startup functions: each says its order.
    let discovered = Container.discoveredStartupTasks
    let orders = discovered.compactMap { task in
      task.description.split(separator: "(order ").last?.split(separator: ")").first
        .flatMap { Int($0) }
    }
    #expect(orders.count == discovered.count)
    #expect(orders == orders.sorted(), "discovered tasks are listed in the order they run")
  }
}
