import LoomMacros
import Testing

@Suite struct ComponentBasicsTests {
  let config = AppConfig()

  @Test func inputsAreTheInitializersParameters() {
    let log = StepLog()
    let app = AppComponent(config: config, authToken: "t", log: log)
    #expect(app.config == config)
    #expect(app.authToken == "t")
    #expect(app.log === log)
  }

  @Test func sharedMemberIsBuiltOnceAndTransientEveryTime() async throws {
    let app = AppComponent(config: config, authToken: "t", log: StepLog())
    #expect(app.api === app.api)
    let users = try await app.users
    #expect(try await app.users === users)
    #expect(users.api === app.api)
    #expect(try await app.profile !== (try await app.profile))
  }

  @Test func sixtyFourConcurrentFirstReadsRunTheFactoryOnce() async {
    let counter = BuildCounter()
    let component = CountingComponent(counter: counter)
    let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<64 {
        group.addTask { ObjectIdentifier(component.heavy) }
      }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(counter.value == 1)
    #expect(identities.count == 1)
  }

  @Test func sixtyFourConcurrentFirstAwaitsShareOneConstruction() async {
    let counter = BuildCounter()
    let component = CountingComponent(counter: counter)
    let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<64 {
        group.addTask { ObjectIdentifier(await component.asyncHeavy) }
      }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(counter.value == 1)
    #expect(identities.count == 1)
  }

  @Test func copiesShareTheirMembers() {
    let component = CountingComponent(counter: BuildCounter())
    let copy = component
    #expect(copy.heavy === component.heavy)
    #expect(copy.fresh !== component.fresh)
  }

  @Test func anInputCanBeOfAFunctionTypealias() {
    let component = FormattingComponent(format: { "#\($0)" }, count: 2)
    #expect(component.label == "#2")
  }

  @Test func inputsAreEvaluatedInTheOrderTheyAreWritten() {
    let log = StepLog()
    _ = FormattingComponent(
      format: {
        log.record("format")
        return { "\($0)" }
      }(),
      count: {
        log.record("count")
        return 1
      }())
    #expect(log.values == ["format", "count"])
  }
}
