import Loom
import Testing

// NB: the expected texts below contain the lines of the registrations, computed from `#line`; keep
// each registration on the line right after its `let line = #line` (plus the offset used).

@Suite struct DumpTests {
  @Test func dumpListsRegistrationsInOrderWithColumnsNotesAndParent() {
    let parent = Container()
    let parentLine = #line
    parent.register(Config.self, instance: Config(label: "parent"))
    let child = parent.makeChild()
    let line = #line
    child.register(lifetime: .singleton, Logger.init)
    child.register(Clock.self, lifetime: .transient) { _ in Clock() }
    child.register(User.self) { (_, id: String) in User(id: id) }
    child.register(Clock.self, lifetime: .singleton) { _ in Clock() }

    #expect(
      child.dump() == """
        Container: 3 registrations
          Logger                    singleton  LoomTests/DumpTests.swift:\(line + 1)  depends on Clock
          Clock                     singleton  LoomTests/DumpTests.swift:\(line + 4)  replaces LoomTests/DumpTests.swift:\(line + 2)
          User (arguments: String)  transient  LoomTests/DumpTests.swift:\(line + 3)
        Parent container (1 up): 1 registration
          Config  singleton  LoomTests/DumpTests.swift:\(parentLine + 1)
        """)
  }

  @Test func dumpShowsNamesKeyPathsBindingsAndEveryAncestor() {
    let root = Container()
    let rootLine = #line
    root.register(\.api) { _ in StubAPIClient(label: "root") }
    let child = root.makeChild().makeChild()
    let line = #line
    child.register(Database.self, name: "replica", instance: Database(label: "replica"))
    child.register(Dashboard.init)
    child.bind((any APIClient).self, to: LiveAPIClient.self)

    #expect(
      child.dump() == """
        Container: 3 registrations
          Database (name: "replica")  singleton  LoomTests/DumpTests.swift:\(line + 1)
          Dashboard                   transient  LoomTests/DumpTests.swift:\(line + 2)  depends on Clock, Logger, Config, Database, Metrics
          any APIClient               transient  LoomTests/DumpTests.swift:\(line + 3)  binds to LiveAPIClient
        Parent container (1 up): 0 registrations
        Parent container (2 up): 1 registration
          \\.api  singleton  LoomTests/DumpTests.swift:\(rootLine + 1)
        """)
  }

  @Test func factoryRegisteredWithoutALifetimeIsListedAsATransientWithoutArguments() {
    let container = Container()
    let line = #line
    container.register(Clock.self) { _ in Clock() }

    #expect(
      container.dump() == """
        Container: 1 registration
          Clock  transient  LoomTests/DumpTests.swift:\(line + 1)
        """)
  }

  @Test func dumpOfAnEmptyContainer() {
    #expect(Container().dump() == "Container: 0 registrations")
  }

  @Test func dumpShowsAnArgumentRegistrationsTypes() {
    let container = Container()
    let line = #line
    container.register(Page.self) { (_, title: String, number: Int) in
      Page(title: title, number: number)
    }

    #expect(
      container.dump() == """
        Container: 1 registration
          Page (arguments: String, Int)  transient  LoomTests/DumpTests.swift:\(line + 1)
        """)
  }

  @Test func dumpMarksAsyncAndMainActorRegistrations() {
    let container = Container()
    let line = #line
    container.register(Database.self, lifetime: .singleton) { _ async in Database() }
    container.registerMainActor(Clock.self) { _ in Clock() }
    container.register(\.api) { _ async in StubAPIClient(label: "async") }
    container.register(
      Logger.self, dependencies: [DependencyKey(Clock.self)]
    ) { r async throws in Logger(clock: try r.tryResolve(Clock.self)) }
    container.register(Metrics.self) { _ in Metrics() }

    #expect(
      container.dump() == """
        Container: 5 registrations
          Database  singleton  LoomTests/DumpTests.swift:\(line + 1)  async
          Clock     transient  LoomTests/DumpTests.swift:\(line + 2)  main actor
          \\.api     singleton  LoomTests/DumpTests.swift:\(line + 3)  async
          Logger    transient  LoomTests/DumpTests.swift:\(line + 4)  async; depends on Clock
          Metrics   transient  LoomTests/DumpTests.swift:\(line + 7)
        """)
  }
}
