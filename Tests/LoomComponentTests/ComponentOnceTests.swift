import Loom
import LoomMacros
import Testing

@Suite(.serialized) struct ComponentOnceTests {
  @Test func aOnceMemberIsSharedByEveryInstance() {
    let first = ClockComponent(name: "a")
    let second = ClockComponent(name: "b")
    #expect(first.clock === second.clock)
    #expect(first.heavy !== second.heavy)
  }

  @Test func resetOnceMembersGivesLaterInstancesANewValue() {
    let before = ClockComponent(name: "a")
    let clock = before.clock
    ClockComponent.resetOnceMembers()
    let after = ClockComponent(name: "b")
    #expect(after.clock !== clock)
    #expect(before.clock === clock)
  }

  @Test func anOverriddenOnceMemberIsTheInstancesOwn() {
    let shared = ClockComponent(name: "a").clock
    let own = Clock()
    let overridden = ClockComponent(name: "b") { $0.clock = own }
    #expect(overridden.clock === own)
    #expect(ClockComponent(name: "c").clock === shared)
  }

  // A `.once` member is the core's `Lifetime.once`: a container's `.once` registration may
  // depend on it (a custom lifetime ranked just above singletons made that captive).
  @Test func aOnceRegistrationMayDependOnAOnceMember() throws {
    let container = Container()
    ClockComponent(name: "a").install(into: container)
    container.register(Ticker.self, lifetime: .once, dependencies: [DependencyKey(Clock.self)]) {
      r in Ticker(clock: try r.tryResolve(Clock.self))
    }
    #expect(ClockComponent.graph.nodes.contains { $0.lifetime == .once })
    let report = container.validate()
    #expect(report.problems.isEmpty, "\(report)")
    #expect(try container.tryResolve(Ticker.self).clock === ClockComponent(name: "b").clock)
  }
}

/// A process-wide service built from the component's `.once` clock.
final class Ticker: Sendable {
  let clock: Clock
  init(clock: Clock) { self.clock = clock }
}
