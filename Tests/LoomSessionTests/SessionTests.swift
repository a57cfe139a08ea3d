@_spi(LoomInternals) import Loom
import LoomSession
import Testing

@Suite struct SessionTests {
  @Test func sessionInstanceIsSharedUntilTheSessionEnds() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked() }

    let first = try container.tryResolve(Tracked.self)
    let again = try container.tryResolve(Tracked.self)
    container.endSession()
    let next = try container.tryResolve(Tracked.self)

    #expect(first === again)
    #expect(first !== next)
  }

  @Test func endSessionTellsEachDroppedInstanceOnceAndKeepsRegistrations() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked() }
    container.register(Plain.self, lifetime: .session) { _ in Plain() }
    let tracked = try container.tryResolve(Tracked.self)
    _ = try container.tryResolve(Plain.self)

    container.endSession()
    #expect(tracked.timesEnded == 1)
    container.endSession()

    #expect(tracked.timesEnded == 1)
    let next = try container.tryResolve(Tracked.self)
    #expect(next.timesEnded == 0)
    #expect(container.instanceCache(for: "loom.session").count == 1)
  }

  @Test func oneObjectUnderTwoSessionKeysIsToldOnce() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked() }
    container.register((any Account).self, lifetime: .session) { r in try r.tryResolve(Tracked.self)
    }
    let account = try container.tryResolve((any Account).self)
    let tracked = try container.tryResolve(Tracked.self)
    #expect((account as? Tracked) === tracked)

    container.endSession()

    #expect(tracked.timesEnded == 1)
  }

  @Test func endSessionTellsExactlyTheInstancesWhoseDynamicTypeAdoptsTheHook() throws {
    // Whether a type adopts the hook is looked up once per type: instances of a type that does
    // not adopt it, before and after ones that do, and a subclass that adopts it while its base
    // class does not, must each still be sorted right.
    let container = Container()
    for index in 0..<20 {
      container.register(Plain.self, name: "plain-\(index)", lifetime: .session) { _ in Plain() }
      container.register(Base.self, name: "base-\(index)", lifetime: .session) { _ in Base() }
      container.register(Base.self, name: "told-\(index)", lifetime: .session) { _ in Told() }
    }
    let told = try (0..<20).map { index in
      try #require(try container.tryResolve(Base.self, name: "told-\(index)") as? Told)
    }
    for index in 0..<20 {
      _ = try container.tryResolve(Plain.self, name: "plain-\(index)")
      _ = try container.tryResolve(Base.self, name: "base-\(index)")
    }

    container.endSession()

    #expect(told.allSatisfy { $0.timesEnded == 1 })
    #expect(Told.timesAnyEnded.value == 20)
  }

  @Test func asyncEndSessionAwaitsAsyncTeardown() async throws {
    let container = Container()
    container.register(AsyncTracked.self, lifetime: .session) { _ in AsyncTracked() }
    container.register(Tracked.self, lifetime: .session) { _ in Tracked() }
    let asyncTracked = try container.tryResolve(AsyncTracked.self)
    let tracked = try container.tryResolve(Tracked.self)

    await container.endSession()

    #expect(asyncTracked.timesEnded == 1)
    #expect(tracked.timesEnded == 1)
  }

  @Test func childContainerHasItsOwnSession() throws {
    let parent = Container()
    parent.register(Tracked.self, lifetime: .session) { _ in Tracked() }
    let child = parent.makeChild()

    let inParent = try parent.tryResolve(Tracked.self)
    let inChild = try child.tryResolve(Tracked.self)
    child.endSession()

    #expect(inParent !== inChild)
    #expect(inChild.timesEnded == 1)
    #expect(inParent.timesEnded == 0)
    #expect(try parent.tryResolve(Tracked.self) === inParent)
    #expect(try child.tryResolve(Tracked.self) !== inChild)
  }

  @Test func injectedPropertyFollowsEndSession() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked() }
    let holder = Holder(container: container)

    let first = holder.tracked
    #expect(holder.tracked === first)
    container.endSession()
    let second = holder.tracked

    #expect(first !== second)
    #expect(second === (try container.tryResolve(Tracked.self)))
  }

  @Test func sessionLifetimeRanksBetweenWeakAndSingleton() {
    #expect(Lifetime.session.rank > Lifetime.weak.rank)
    #expect(Lifetime.session.rank < Lifetime.singleton.rank)
    #expect(Lifetime.session.description == "session")
    #expect(Lifetime.session == .session)
  }

  @Test func validateReportsASingletonThatHoldsASessionInstanceCaptive() {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked() }
    container.register(lifetime: .singleton, Preferences.init)

    let report = container.validate()

    #expect(report.problems.map(\.code) == [.captive])
    #expect(report.problems.first?.key == DependencyKey(Preferences.self))
    #expect(
      report.problems.first?.summary == "Preferences (singleton) holds Tracked (session) captive")
  }
}

/// A singleton that, by mistake, keeps the session's user.
final class GreetingBanner: Sendable {
  let user: Tracked

  init(user: Tracked) {
    self.user = user
  }
}

@Suite struct SessionCaptureTests {
  @Test func buildingASessionInstanceIntoASingletonThrowsWithTheWholeStory() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked(tag: 7) }
    let line = #line + 1
    container.register(lifetime: .singleton, GreetingBanner.init)

    let error = try #require(throws: ResolutionError.self) {
      try withoutWarnings { try container.tryResolve(GreetingBanner.self) }
    }
    #expect(error.code == .captiveDependency)
    #expect(error.chain == [DependencyKey(GreetingBanner.self), DependencyKey(Tracked.self)])
    #expect(
      error.summary == "GreetingBanner (singleton) would hold Tracked (session) captive")
    #expect(error.hint.hasSuffix("set `container.checksCaptiveDependencies = false`."))
    // validate() reports the same pair before anything runs.
    #expect(
      container.validate().problems.map(\.summary) == [
        "GreetingBanner (singleton) holds Tracked (session) captive"
      ])
    #expect(container.validate().problems.first?.description.contains(":\(line)") == true)
  }

  @Test func theCheckCanBeTurnedOffWhereHoldingTheInstanceIsIntended() throws {
    let container = Container()
    container.checksCaptiveDependencies = false
    container.register(Tracked.self, lifetime: .session) { _ in Tracked(tag: 7) }
    container.register(lifetime: .singleton, GreetingBanner.init)

    #expect(try container.tryResolve(GreetingBanner.self).user.tag == 7)
    #expect(container.makeChild().checksCaptiveDependencies == false)
  }

  @Test func aSessionInstanceHoldingAFlowInstanceThrows() throws {
    let container = Container()
    container.register(FlowStep.self, lifetime: .flow) { _ in FlowStep() }
    container.register(SessionHolder.self, lifetime: .session) { r in
      SessionHolder(step: try r.tryResolve(FlowStep.self))
    }
    let flow = container.makeScope("onboarding")
    defer { flow.end() }
    let error = try #require(throws: ResolutionError.self) {
      try flow.tryResolve(SessionHolder.self)
    }
    #expect(error.code == .captiveDependency)
    #expect(error.summary == "SessionHolder (session) would hold FlowStep (flow) captive")
  }

  @Test func aSingletonReadsASessionPropertyWhileItIsBuiltAndFollowsTheSession() throws {
    let container = Container()
    let sessions = Lock(0)
    container.register(Tracked.self, lifetime: .session) { _ in
      Tracked(
        tag: sessions.withLock {
          $0 += 1
          return $0
        })
    }
    container.register(Welcome.self, lifetime: .singleton) { _ in Welcome() }

    let welcome = try container.tryResolve(Welcome.self)
    #expect(welcome.tagWhenBuilt == 1)
    #expect(welcome.user.tag == 1)

    container.endSession()
    #expect(welcome.user.tag == 2)  // the property resolves the new session's instance
    #expect(try container.tryResolve(Welcome.self).tagWhenBuilt == 1)  // the singleton is kept
    // A resolve that keeps the instance is still refused, and validate() agrees with both.
    container.register(lifetime: .singleton, GreetingBanner.init)
    let refused = try #require(throws: ResolutionError.self) {
      try container.tryResolve(GreetingBanner.self)
    }
    #expect(refused.code == .captiveDependency)
    #expect(
      container.validate().problems.map(\.summary) == [
        "GreetingBanner (singleton) holds Tracked (session) captive"
      ])
  }

  @Test func theThrowingAndDynamicReadsWorkWhileASingletonIsBuilt() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked(tag: 7) }
    container.register(StrictWelcome.self, lifetime: .singleton) { _ in try StrictWelcome() }

    let welcome = try container.tryResolve(StrictWelcome.self)

    #expect(welcome.tagWhenBuilt == 7)
    #expect(welcome.dynamicTagWhenBuilt == 7)
  }

  @Test func aSessionReadInASingletonThatFailsThrowsThroughTheThrowingForm() throws {
    let container = Container()
    container.register(StrictWelcome.self, lifetime: .singleton) { _ in try StrictWelcome() }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(StrictWelcome.self)
    }

    #expect(error.code == .notRegistered)
    #expect(error.path == "StrictWelcome → Tracked")
  }

  @Test func aSessionInstanceResolvedOnItsOwnOrThroughAProviderIsFine() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked(tag: 7) }
    container.register(lifetime: .singleton, BannerFactory.init)
    #expect(container.resolve(Tracked.self).tag == 7)
    #expect(try container.tryResolve(BannerFactory.self).current().tag == 7)
    #expect(container.validate().isValid)
  }
}

/// A singleton that reads the session's user while it is built, through `@Injected`.
struct Welcome: Sendable {
  @Injected var user: Tracked
  private(set) var tagWhenBuilt = 0

  init() {
    tagWhenBuilt = user.tag
  }
}

/// A singleton that reads the session's user while it is built, through the throwing forms.
struct StrictWelcome: Sendable {
  @Injected var user: Tracked
  @DynamicInjected var current: Tracked
  private(set) var tagWhenBuilt = 0
  private(set) var dynamicTagWhenBuilt = 0

  init() throws(ResolutionError) {
    tagWhenBuilt = try $user.get().tag
    dynamicTagWhenBuilt = try $current.get().tag
  }
}

/// A flow instance, for a session instance that holds it by mistake.
final class FlowStep: Sendable {}

/// A session instance that keeps a flow's instance.
final class SessionHolder: Sendable {
  let step: FlowStep
  init(step: FlowStep) { self.step = step }
}

/// A singleton that reads the session's user on each use, through a provider.
final class BannerFactory: Sendable {
  let current: Provider<Tracked>
  init(current: Provider<Tracked>) { self.current = current }
}

/// A session class that does not adopt `SessionScoped`; its subclass `Told` does.
// NB: `@unchecked Sendable` because a non-final class cannot be checked; it has no stored state.
private class Base: @unchecked Sendable {}

/// A subclass that adopts `SessionScoped` while its base class does not.
// NB: `@unchecked Sendable`: its only state is a `Lock` counter.
private final class Told: Base, SessionScoped, @unchecked Sendable {
  /// How many times any `Told` instance was told, across the test.
  static let timesAnyEnded = Lock(0)
  private let endings = Lock(0)

  var timesEnded: Int { endings.value }

  func sessionDidEnd() {
    endings.withLock { $0 += 1 }
    Self.timesAnyEnded.withLock { $0 += 1 }
  }
}

/// A session or flow instance already held is read without starting a resolution; these are the
/// cases where that shortcut must not apply.
@Suite struct CachedSessionReadTests {
  @Test func aHeldSessionInstanceResolvedThroughACapturedContainerInASingletonStillThrows() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .session) { _ in Tracked(tag: 1) }
    container.register(GreetingBanner.self, lifetime: .singleton) { _ in
      GreetingBanner(user: try container.tryResolve(Tracked.self))
    }
    _ = try container.tryResolve(Tracked.self)  // the session now holds it

    let error = try #require(throws: ResolutionError.self) {
      try withoutWarnings { try container.tryResolve(GreetingBanner.self) }
    }
    #expect(error.code == .captiveDependency)
    #expect(error.chain == [DependencyKey(GreetingBanner.self), DependencyKey(Tracked.self)])
  }

  @Test func aHeldSessionInstanceIsAnEdgeOfTheFactoryThatReadsItThroughACapturedContainer()
    throws
  {
    let container = Container()
    container.checksCaptiveDependencies = false
    container.register(Tracked.self, lifetime: .session) { _ in Tracked(tag: 1) }
    container.register(GreetingBanner.self) { _ in
      GreetingBanner(user: try container.tryResolve(Tracked.self))
    }
    let held = try container.tryResolve(Tracked.self)

    #expect(try withoutWarnings { try container.tryResolve(GreetingBanner.self) }.user === held)
    #expect(
      container.graph.edges(from: DependencyKey(GreetingBanner.self)).map(\.to)
        == [DependencyKey(Tracked.self)])
  }

  @Test func aHeldFlowInstanceResolvedThroughACapturedContainerInASessionFactoryStillThrows()
    throws
  {
    let container = Container()
    container.register(FlowStep.self, lifetime: .flow) { _ in FlowStep() }
    container.register(SessionHolder.self, lifetime: .session) { _ in
      SessionHolder(step: try container.tryResolve(FlowStep.self))
    }
    let flow = container.beginScope("onboarding")
    defer { flow.end() }
    _ = try container.tryResolve(FlowStep.self)  // the flow now holds it

    let error = try #require(throws: ResolutionError.self) {
      try withoutWarnings { try container.tryResolve(SessionHolder.self) }
    }
    #expect(error.code == .captiveDependency)
  }

  @Test func aFlowThatEndedIsNotReadFromTheShortcut() throws {
    let container = Container()
    container.register(FlowStep.self, lifetime: .flow) { _ in FlowStep() }
    let flow = container.beginScope("onboarding")
    _ = try container.tryResolve(FlowStep.self)
    flow.end()

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(FlowStep.self)
    }
    #expect(error.code == .scopeRequired)
  }

  @Test func eachContainerReadsOnlyTheInstanceItsOwnSessionHolds() throws {
    let parent = Container()
    parent.register(Tracked.self, lifetime: .session) { _ in Tracked() }
    let child = parent.makeChild()
    let inParent = try parent.tryResolve(Tracked.self)

    let inChild = try child.tryResolve(Tracked.self)
    #expect(inChild !== inParent)
    #expect(try child.tryResolve(Tracked.self) === inChild)
    parent.endSession()
    #expect(try child.tryResolve(Tracked.self) === inChild)
    #expect(try parent.tryResolve(Tracked.self) !== inParent)
  }
}
