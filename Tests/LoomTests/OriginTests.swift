import Loom
import Testing

@Suite struct OriginTests {
  @Test func dumpShowsWhichModuleRegisteredAndWhichOneWasReplaced() {
    let container = Container()
    let line = #line
    Container.withRegistrationOrigin("ReleaseAssembly") {
      container.register(Database.self, lifetime: .singleton) { _ in Database(label: "disk") }
    }
    Container.withRegistrationOrigin("DebugAssembly") {
      container.register(Database.self, lifetime: .singleton) { _ in Database(label: "memory") }
    }
    container.register(Config.self, instance: Config(label: "plain"))
    #expect(
      container.dump() == """
        Container: 2 registrations
          Database  singleton  LoomTests/OriginTests.swift:\(line + 5) [DebugAssembly]  \
        replaces LoomTests/OriginTests.swift:\(line + 2) (ReleaseAssembly)
          Config    singleton  LoomTests/OriginTests.swift:\(line + 7)
        """)
    #expect(container.resolve(Database.self).label == "memory")
  }
}
