import LoomMacros
import Testing

@Suite struct ComponentOverridesTests {
  let app = AppComponent(config: AppConfig(), authToken: "t", log: StepLog())

  @Test func theInitializersOverridesReplaceMembers() async throws {
    let stubbed = AppComponent(config: AppConfig(), authToken: "t", log: StepLog()) {
      $0.api = StubAPIClient()
    }
    #expect(stubbed.api.name == "stub")
    #expect(try await stubbed.users.api.name == "stub")
  }

  @Test func withOverridesSyncLeavesTheComponentAsItWas() {
    let inside = app.withOverrides {
      $0.api = StubAPIClient()
    } operation: {
      $0.api.name
    }
    #expect(inside == "stub")
    #expect(app.api.name == "live")
  }

  @Test func withOverridesThrowingLeavesTheComponentAsItWas() throws {
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try app.withOverrides {
        $0.api = StubAPIClient()
      } operation: { copy in
        #expect(copy.api.name == "stub")
        throw Stop()
      }
    }
    let name = try app.withOverrides {
      $0.api = StubAPIClient(name: "other")
    } operation: {
      copy throws in
      copy.api.name
    }
    #expect(name == "other")
    #expect(app.api.name == "live")
  }

  @Test func withOverridesAsyncLeavesTheComponentAsItWas() async {
    let inside = await app.withOverrides {
      $0.api = StubAPIClient()
    } operation: { copy in
      await Task.yield()
      return copy.api.name
    }
    #expect(inside == "stub")
    #expect(app.api.name == "live")
  }

  @Test func withOverridesAsyncThrowingLeavesTheComponentAsItWas() async throws {
    let database = try await app.database
    let inside = try await app.withOverrides {
      $0.api = StubAPIClient()
    } operation: { copy in
      // Unaffected by the override: shared with the component, not built again.
      #expect(try await copy.database === database)
      return try await copy.users.api.name
    }
    #expect(inside == "stub")
    #expect(try await app.users.api.name == "live")
  }

  @Test func overridesInsideAChildAndReplacingIt() {
    let inside = AppComponent(config: AppConfig(), authToken: "t", log: StepLog()) {
      $0.session.session = Session(api: StubAPIClient(), token: "inside")
    }
    #expect(inside.session.session.token == "inside")
    #expect(inside.session.token == "t")
    let replaced = AppComponent(config: AppConfig(), authToken: "t", log: StepLog()) {
      $0.session.replace(with: SessionComponent(api: StubAPIClient(), token: "replaced"))
    }
    #expect(replaced.session.token == "replaced")
  }

  @Test func overridesAccumulateInCopies() {
    let first = app.overriding { $0.api = StubAPIClient(name: "first") }
    let second = first.overriding { $0.session.session = Session(api: StubAPIClient(), token: "s") }
    #expect(second.api.name == "first")
    #expect(second.session.session.token == "s")
    #expect(first.session.session.token == "t")
  }
}
