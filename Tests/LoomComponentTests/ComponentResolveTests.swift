import LoomMacros
import Testing

@Suite struct ComponentResolveTests {
  @Test func resolveBuildsEveryCachedMemberRunsTheStepsAndReturnsTheAggregate() async throws {
    let log = StepLog()
    let app = AppComponent(config: AppConfig(), authToken: "t", log: log)
    let resolved = try await app.resolve()
    #expect(resolved.users === (try await app.users))
    #expect(resolved.database.url == "sqlite://app")
    #expect(resolved.session.token == "t")
    #expect(resolved.session.session === app.session.session)
    #expect(log.values == ["migrate", "warmUp"])
  }

  @Test func aLazyMemberIsBuiltOnFirstReadNotByResolve() async throws {
    let counter = BuildCounter()
    let component = ReportingComponent(counter: counter)
    let resolved = try await component.resolve()
    #expect(counter.value == 0)
    let report = component.report
    #expect(component.report === report)
    #expect(counter.value == 1)
    // A shared member that takes a lazy one builds it, and both keep the one value.
    #expect(resolved.search.index === component.index)
  }

  @Test func aLazyMemberCanBeOverridden() {
    let counter = BuildCounter()
    let stub = Heavy()
    let component = ReportingComponent(counter: counter) { $0.report = stub }
    #expect(component.report === stub)
    #expect(counter.value == 0)
  }

  @Test func aFailingAsyncMemberIsReportedWithItsDependentsSkipped() async throws {
    let log = StepLog()
    let app = AppComponent(
      config: AppConfig(failsToOpenDatabase: true), authToken: "t", log: log)
    let error = try #require(await #expect(throws: ComponentError.self) { try await app.resolve() })
    #expect(error.code == .resolveFailed)
    #expect(error.failures.map(\.name) == ["database", "users", "migrate", "warmUp"])
    #expect(error.failures[0].error is DatabaseUnreachable)
    #expect(error.failures[1].skippedBecause == ["database"])
    #expect(error.failures[2].skippedBecause == ["database"])
    // warmUp waits for users and migrate, both skipped: its skip goes back to database.
    #expect(error.failures[3].skippedBecause == ["database"])
    #expect(error.failures[3].skippedThrough == ["users", "migrate"])
    #expect(log.values == [])
    #expect(
      error.description == """
        ComponentError: AppComponent.resolve(): database failed, 3 skipped
        ├─ database: failed
        │     DatabaseUnreachable
        ├─ users: skipped because database failed
        ├─ migrate: skipped because database failed
        ├─ warmUp: skipped because database failed (through users, migrate)
        └─ To fix: fix the failures above; resolve() again retries what failed and what was skipped.
        """)
  }

  @Test func aFailureIsNotKept() async throws {
    let app = AppComponent(
      config: AppConfig(failsToOpenDatabase: true), authToken: "t", log: StepLog())
    await #expect(throws: DatabaseUnreachable.self) { try await app.database }
    let fixed = app.overriding { $0.database = Database(url: "memory") }
    #expect(try await fixed.users.database.url == "memory")
  }
}
