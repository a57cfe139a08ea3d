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
}
