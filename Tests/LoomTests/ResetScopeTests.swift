import Testing

@testable import Loom

extension Container {
  fileprivate var declaredDatabase: Dependency<Database> {
    Dependency(.singleton) { _ in Database(label: "declared") }
  }
}

@Suite(.serialized) struct ResetScopeTests {
  @Test func resettingOneLifetimeDropsOnlyItsInstances() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .singleton) { _ in Clock() }
    container.register(Metrics.self, lifetime: .eagerSingleton) { _ in Metrics() }
    container.register(Database.self, lifetime: .testSession) { _ in Database() }
    let (clock, metrics, database) = try (
      container.tryResolve(Clock.self), container.tryResolve(Metrics.self),
      container.tryResolve(Database.self)
    )

    container.reset(.lifetime(.singleton))
    #expect(try container.tryResolve(Clock.self) !== clock)
    #expect(try container.tryResolve(Metrics.self) !== metrics)  // eager singletons are singletons
    #expect(try container.tryResolve(Database.self) === database)

    container.reset(.lifetime(.testSession))
    #expect(try container.tryResolve(Database.self) !== database)
  }

  @Test func resettingTheOnceLifetimeMakesANewOnceInstance() throws {
    // NB: `.once` instances of its own: resetting the process's would drop other suites' (they
    // run beside this one, in this process), and theirs would make `first` new here.
    let container = Container(
      parent: Container(), overridePolicy: .replace, isolatesInstances: false,
      onceInstances: OnceInstances())
    container.register(Clock.self, lifetime: .once) { _ in Clock() }
    let first = try container.tryResolve(Clock.self)
    container.reset()
    #expect(try container.tryResolve(Clock.self) === first)  // `.once` outlives a reset
    container.reset(.lifetime(.once))
    #expect(try container.tryResolve(Clock.self) !== first)
  }

  @Test func resettingRegistrationsGoesBackToTheDeclarationsAndKeepsTheRest() throws {
    let parent = Container()
    parent.register(Config.self, instance: Config(label: "parent"))
    let container = parent.makeChild()
    let defaultDatabase = try container.tryResolve(\.declaredDatabase)  // installed in the root
    container.register(Config.self, instance: Config(label: "child"))
    container.register(\.declaredDatabase) { _ in Database(label: "override") }
    container.addStartupTask("warm up") { _ in }
    #expect(try container.tryResolve(\.declaredDatabase).label == "override")

    container.reset(.registrations)
    #expect(try container.tryResolve(Config.self).label == "parent")
    #expect(try container.tryResolve(\.declaredDatabase) === defaultDatabase)

    let root = Container()
    let declared = try root.tryResolve(\.declaredDatabase)
    root.register(Clock.self) { _ in Clock() }
    root.reset(.registrations)
    #expect(try root.tryResolve(\.declaredDatabase) === declared)  // a declared default stays
    #expect(throws: ResolutionError.self) { try root.tryResolve(Clock.self) }
  }

  @Test func aDefaultLifetimeAppliesToRegistrationsThatNameNone() throws {
    let container = Container()
    container.defaultLifetime = .singleton
    container.register(Clock.self) { _ in Clock() }
    container.register(Logger.init)
    container.register(Metrics.self, lifetime: .transient) { _ in Metrics() }
    #expect(try container.tryResolve(Clock.self) === container.tryResolve(Clock.self))
    #expect(try container.tryResolve(Logger.self) === container.tryResolve(Logger.self))
    #expect(try container.tryResolve(Metrics.self) !== container.tryResolve(Metrics.self))
    #expect(container.makeChild().defaultLifetime == .singleton)
  }

  @Test func aRootsDefaultLifetimeAppliesToKeyPathsDeclaredWithoutOne() throws {
    let container = Container()
    container.defaultLifetime = .singleton
    #expect(
      try container.tryResolve(\.undeclaredLifetime) === container.tryResolve(\.undeclaredLifetime))
    let plain = Container()
    #expect(try plain.tryResolve(\.undeclaredLifetime) !== plain.tryResolve(\.undeclaredLifetime))
  }
}

extension Container {
  fileprivate var undeclaredLifetime: Dependency<Clock> { Dependency { _ in Clock() } }
}
