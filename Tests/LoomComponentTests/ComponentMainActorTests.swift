import LoomMacros
import Testing

@MainActor final class RootModel {
  let api: any APIClient
  private(set) var started = false
  init(api: any APIClient) { self.api = api }
  func start() { started = true }
}

@MainActor final class DetailModel {
  let root: RootModel
  init(root: RootModel) { self.root = root }
}

@Component(mainActor: true)
struct RootComponent {
  @Provide(.input) var api: any APIClient
  @Provide(.shared, RootModel.init(api:)) var root: RootModel
  @Provide(.transient, DetailModel.init(root:)) var detail: DetailModel
  @Provide(.shared, factory: { () async throws in try await Database.open(AppConfig()) })
  var database: Database

  @Perform func start(root: RootModel) {
    root.start()
  }
}

@MainActor @Suite struct ComponentMainActorTests {
  @Test func aMainActorComponentBuildsMainActorMembers() async throws {
    let component = RootComponent(api: StubAPIClient())
    #expect(component.root === component.root)
    #expect(component.detail.root === component.root)
    let resolved = try await component.resolve()
    #expect(resolved.root.started)
    #expect(resolved.database.url == "sqlite://app")
  }

  @Test func aMainActorComponentInstallsMainActorRegistrations() async throws {
    let container = Container()
    let component = RootComponent(api: StubAPIClient())
    component.install(into: container)
    // The members' types are registered on the main actor too, so nothing resolves a
    // main-actor member from a synchronous, non-isolated factory.
    #expect(container.validate().problems.map(\.code) == [])
    #expect(container.resolve(RootModel.self) === component.root)
    #expect(container.resolve(DetailModel.self).root === component.root)
    let database = try await container.tryResolveAsync(Database.self)
    #expect(database === (try await component.database))
  }
}
