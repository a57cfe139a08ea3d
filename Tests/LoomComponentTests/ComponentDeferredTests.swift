import LoomMacros
import Testing

@Suite struct ComponentDeferredTests {
  @Test func lazyAndProviderHandlesReadTheComponent() {
    let component = AnalyticsComponent()
    let analytics = component.analytics
    #expect(analytics.tracker.value === component.tracker)
    #expect(analytics.tracker.value.analytics === analytics)
    #expect(analytics.events() !== analytics.events())
  }

  @Test func aHandleOutlivingItsComponentThrows() throws {
    var analytics: Analytics?
    do {
      let component = AnalyticsComponent()
      analytics = component.analytics
    }
    let handle = try #require(analytics).events
    let error = try #require(#expect(throws: ResolutionError.self) { try handle.get() })
    let cause = try #require(error.underlying as? ComponentError)
    #expect(cause.code == .componentReleased)
    #expect(cause.member == "event")
    // One error, with one way to fix it (the cause does not repeat it).
    let description = String(describing: error)
    #expect(description.ranges(of: "To fix").count == 1)
    #expect(description.contains("keep AnalyticsComponent alive"))
  }
}
