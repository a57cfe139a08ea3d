import LoomMacros
import Testing

@Suite struct ComponentChildTests {
  @Test func aChildsInputsAreWiredFromTheParent() {
    let app = AppComponent(config: AppConfig(), authToken: "secret", log: StepLog())
    #expect(app.session.api === app.api)
    #expect(app.session.token == "secret")  // bindings: ["token": \Self.authToken]
    #expect(app.session.session === app.session.session)
    #expect(app.session.session.api === app.api)
  }
}
