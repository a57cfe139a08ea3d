import Loom
import Testing

@Suite struct ChildContainerTests {
  @Test func childSeesTheParentsRegistrations() throws {
    let parent = Container()
    parent.register(Config.self, instance: Config(label: "parent"))
    let child = parent.makeChild()

    #expect(child.parent === parent)
    #expect(try child.tryResolve(Config.self) == Config(label: "parent"))
  }

  @Test func childOverrideIsLocalToTheChild() throws {
    let parent = Container()
    parent.register(Config.self, instance: Config(label: "parent"))
    let child = parent.makeChild()
    let sibling = parent.makeChild()

    child.register(Config.self, instance: Config(label: "child"))

    #expect(try child.tryResolve(Config.self) == Config(label: "child"))
    #expect(try parent.tryResolve(Config.self) == Config(label: "parent"))
    #expect(try sibling.tryResolve(Config.self) == Config(label: "parent"))
  }

  @Test func childKeyPathOverrideIsLocalToTheChild() throws {
    let parent = Container()
    let child = parent.makeChild()

    child.register(\.primaryLabel) { _ in Label(text: "child") }

    #expect(try child.tryResolve(\.primaryLabel) == Label(text: "child"))
    #expect(try parent.tryResolve(\.primaryLabel) == Label(text: "primary"))
  }

  @Test func keyPathSingletonDefaultIsSharedByParentAndChild() throws {
    let parent = Container()
    let child = parent.makeChild()

    let fromChild = try child.tryResolve(\.api)
    let fromParent = try parent.tryResolve(\.api)

    #expect(fromChild as AnyObject === fromParent as AnyObject)
  }

  @Test func singletonRegisteredInTheParentIsSharedWithTheChild() throws {
    let parent = Container()
    let made = Counter()
    parent.register(Database.self, lifetime: .singleton) { _ in
      made.increment()
      return Database()
    }
    let child = parent.makeChild()

    let fromChild = try child.tryResolve(Database.self)
    let fromParent = try parent.tryResolve(Database.self)

    #expect(fromChild === fromParent)
    #expect(made.value == 1)
  }

  @Test func singletonRegisteredInTheChildLivesInTheChild() throws {
    let parent = Container()
    let first = parent.makeChild()
    let second = parent.makeChild()
    for child in [first, second] {
      child.register(lifetime: .singleton, Clock.init)
    }

    let a = try first.tryResolve(Clock.self)

    #expect(try first.tryResolve(Clock.self) === a)
    #expect(try second.tryResolve(Clock.self) !== a)
    #expect(throws: ResolutionError.self) { try parent.tryResolve(Clock.self) }
  }

  @Test func parentSingletonResolvesItsDependenciesInTheParent() throws {
    let parent = Container()
    parent.register(Config.self, instance: Config(label: "parent"))
    parent.register(lifetime: .singleton, ConfiguredService.init)
    let child = parent.makeChild()
    child.register(Config.self, instance: Config(label: "child"))

    let service = try child.tryResolve(ConfiguredService.self)

    #expect(service.config == Config(label: "parent"))
    #expect(try parent.tryResolve(ConfiguredService.self) === service)
  }

  @Test func parentTransientResolvedFromTheChildUsesTheChildsOverrides() throws {
    let parent = Container()
    parent.register(Config.self, instance: Config(label: "parent"))
    parent.register(ConfiguredService.init)
    let child = parent.makeChild()
    child.register(Config.self, instance: Config(label: "child"))

    #expect(try child.tryResolve(ConfiguredService.self).config == Config(label: "child"))
    #expect(try parent.tryResolve(ConfiguredService.self).config == Config(label: "parent"))
  }

  @Test func grandchildSeesEveryAncestor() throws {
    let root = Container()
    root.register(Config.self, instance: Config(label: "root"))
    let middle = root.makeChild()
    middle.register(Database.self, instance: Database(label: "middle"))
    let leaf = middle.makeChild()

    #expect(try leaf.tryResolve(Config.self) == Config(label: "root"))
    #expect(try leaf.tryResolve(Database.self).label == "middle")
  }

  @Test func parentDoesNotSeeTheChildsRegistrations() throws {
    let parent = Container()
    let child = parent.makeChild()
    child.register(Database.self, lifetime: .transient) { _ in Database() }

    #expect(try parent.resolveIfRegistered(Database.self) == nil)
  }
}
