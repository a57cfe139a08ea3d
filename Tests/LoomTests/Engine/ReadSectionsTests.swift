import Testing

@testable import Loom

@Suite(.serialized) struct ReadSectionsTests {
  @Test func resolvesLeaveNoSectionOpen() throws {
    let container = Container()
    container.register(lifetime: .singleton) { _ in Config(label: "a") }
    container.register(ConfiguredService.self) { r in ConfiguredService(config: r.resolve()) }
    _ = container.resolve(ConfiguredService.self)
    _ = container.resolve(Config.self)
    _ = try? container.tryResolve(Int.self)
    #expect(ReadSections.shared.openSections == 0)
    container.register(lifetime: .singleton) { _ in Config(label: "b") }
    #expect(ReadSections.shared.retiredCount == 0)
  }
}
