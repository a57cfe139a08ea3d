import Testing

@testable import Loom

@Suite struct OverrideTests {
  @Test func reRegisteringAKeyReplacesItLastWins() throws {
    let container = Container()
    container.register(Config.self, lifetime: .transient) { _ in Config(label: "first") }
    container.register(Config.self, lifetime: .transient) { _ in Config(label: "second") }
    container.register(Config.self, lifetime: .transient) { _ in Config(label: "third") }

    #expect(try container.tryResolve(Config.self) == Config(label: "third"))
  }

  @Test func reRegisteringASingletonAfterItWasMadeServesTheNewRegistration() throws {
    let container = Container()
    container.register(Database.self, lifetime: .singleton) { _ in Database(label: "old") }
    let old = try container.tryResolve(Database.self)

    container.register(Database.self, lifetime: .singleton) { _ in Database(label: "new") }
    let new = try container.tryResolve(Database.self)

    #expect(old.label == "old")
    #expect(new.label == "new")
    #expect(try container.tryResolve(Database.self) === new)
  }

  @Test func reRegisteringCanChangeTheLifetime() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .singleton) { _ in Clock() }
    container.register(Clock.self, lifetime: .transient) { _ in Clock() }

    #expect(try container.tryResolve(Clock.self) !== container.tryResolve(Clock.self))
  }

  @Test func replacingOneNameLeavesTheOthers() throws {
    let container = Container()
    container.register(Config.self, name: "a", lifetime: .transient) { _ in Config(label: "a1") }
    container.register(Config.self, name: "b", lifetime: .transient) { _ in Config(label: "b1") }
    container.register(Config.self, name: "a", lifetime: .transient) { _ in Config(label: "a2") }

    #expect(try container.tryResolve(Config.self, name: "a") == Config(label: "a2"))
    #expect(try container.tryResolve(Config.self, name: "b") == Config(label: "b1"))
  }

  @Test func dumpShowsWhichRegistrationWasReplaced() {
    let container = Container()
    let line = #line
    container.register(Config.self, lifetime: .transient) { _ in Config(label: "first") }
    container.register(Config.self, lifetime: .transient) { _ in Config(label: "second") }

    let dump = container.dump()

    #expect(dump.contains("Container: 1 registration\n"))
    #expect(
      dump.contains(
        "LoomTests/OverrideTests.swift:\(line + 2)  replaces LoomTests/OverrideTests.swift:\(line + 1)"
      ))
  }

  // MARK: overridePolicy: .forbid

  // NB: registering a key twice in a `.forbid` container traps, and a trap cannot be tested in
  // process. These tests pin the trap's message through the error it is built from (which
  // `tryRegistering` throws), and check everything a `.forbid` container does allow.

  @Test func forbiddenOverrideMessageNamesBothPlaces() {
    let error = ResolutionError.overrideForbidden(
      DependencyKey(Database.self), existing: CodeLocation(fileID: "App/Wiring.swift", line: 12),
      new: CodeLocation(fileID: "App/Mocks.swift", line: 40))

    #expect(error.code == .duplicateRegistration)
    #expect(error.key == DependencyKey(Database.self))
    #expect(
      error.description == """
        ResolutionError: Database is registered twice in a container that forbids overrides
        ├─ Registered first at: App/Wiring.swift:12
        ├─ Registered again at: App/Mocks.swift:40
        └─ To fix: remove one of the registrations, make the second inside `container.replacing { }`, or make the container with overridePolicy: .replace.
        """)
  }

  @Test func tryRegisteringThrowsTheCollisionAndKeepsTheFirstRegistration() throws {
    let container = Container(overridePolicy: .forbid)
    container.register(Config.self, instance: Config(label: "first"))
    let error = try #require(throws: ResolutionError.self) {
      try container.tryRegistering { c in
        c.register(Config.self, instance: Config(label: "second"))
        c.register(Clock.self) { _ in Clock() }
      }
    }
    #expect(error.code == .duplicateRegistration)
    #expect(error.key == DependencyKey(Config.self))
    #expect(error.description.contains("├─ Registered first at: LoomTests/OverrideTests.swift:"))
    #expect(try container.tryResolve(Config.self) == Config(label: "first"))
    #expect(throws: Never.self) { try container.tryResolve(Clock.self) }  // the others are made
  }

  @Test func tryRegisteringWithoutCollisionsDoesNotThrow() throws {
    let container = Container(overridePolicy: .forbid)
    try container.tryRegistering { c in
      c.register(Config.self, instance: Config(label: "only"))
    }
    #expect(try container.tryResolve(Config.self) == Config(label: "only"))
  }

  @Test func replacingAllowsOneOverrideInAForbiddingContainer() throws {
    let container = Container(overridePolicy: .forbid)
    container.register(Config.self, instance: Config(label: "first"))
    container.replacing { c in c.register(Config.self, instance: Config(label: "replaced")) }
    #expect(try container.tryResolve(Config.self) == Config(label: "replaced"))
    // Outside the call the policy holds again.
    #expect(throws: ResolutionError.self) {
      try container.tryRegistering { c in c.register(Config.self, instance: Config(label: "no")) }
    }
  }

  @Test func forbiddingContainerAcceptsDistinctKeys() throws {
    let container = Container(overridePolicy: .forbid)
    container.register(Config.self, instance: Config(label: "main"))
    container.register(Config.self, name: "other", instance: Config(label: "other"))
    container.register(\.primaryLabel) { _ in Label(text: "overridden once") }

    #expect(container.overridePolicy == .forbid)
    #expect(try container.tryResolve(Config.self) == Config(label: "main"))
    #expect(try container.tryResolve(Config.self, name: "other") == Config(label: "other"))
    #expect(try container.tryResolve(\.primaryLabel) == Label(text: "overridden once"))
  }

  @Test func childOfAForbiddingContainerMayOverrideTheParentsKeys() throws {
    let parent = Container(overridePolicy: .forbid)
    parent.register(Config.self, instance: Config(label: "parent"))
    let child = parent.makeChild(overridePolicy: .forbid)

    child.register(Config.self, instance: Config(label: "child"))

    #expect(child.overridePolicy == .forbid)
    #expect(try child.tryResolve(Config.self) == Config(label: "child"))
    #expect(try parent.tryResolve(Config.self) == Config(label: "parent"))
  }

  @Test func replaceIsTheDefaultPolicy() {
    #expect(Container().overridePolicy == .replace)
    #expect(Container().makeChild().overridePolicy == .replace)
  }
}
