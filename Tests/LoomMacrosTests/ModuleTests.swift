import LoomMacros
import Testing

@Module
struct NetworkModule {
  let url: String

  @Provides(lifetime: .singleton)
  func config() -> Config { Config(url: url) }

  @Provides(name: "primary", lifetime: .singleton)
  func api(config: Config, retries: Int = 1) -> any APIClient {
    StubAPIClient(label: "\(config.url) x\(retries)")
  }

  @Provides(name: "slow")
  static func slowAPI(@Named("primary") api: any APIClient) async throws -> any APIClient {
    try await Task.sleep(for: .milliseconds(1))
    return StubAPIClient(label: "slow \(api.label)")
  }

  @MainActor @Provides
  func screen(@Named("primary") api: any APIClient) -> Screen { Screen() }
}

@Suite struct ModuleTests {
  @Test func eachProvidesMethodIsARegistration() {
    let container = Container().install { NetworkModule(url: "https://module.test") }

    let api = container.resolve((any APIClient).self, name: "primary")

    #expect(api.label == "https://module.test x1")
    #expect(container.resolve(Config.self).url == "https://module.test")
    #expect(
      container.resolve((any APIClient).self, name: "primary") as AnyObject === api as AnyObject)
  }

  @Test func theEdgesAndTheModuleAreInTheGraph() {
    let container = Container().install { NetworkModule(url: "https://module.test") }

    let graph = container.graph
    let primary = DependencyKey((any APIClient).self, name: "primary")
    #expect(graph.edges(from: primary).map(\.to) == [DependencyKey(Config.self)])
    #expect(
      graph.edges(from: DependencyKey((any APIClient).self, name: "slow")).map(\.to) == [primary])
    #expect(graph.edges(from: DependencyKey(Screen.self)).map(\.to) == [primary])
    #expect(graph.node(for: primary)?.origin == "NetworkModule")
    #expect(container.validate().isValid)
  }

  @Test func anAsyncMethodRegistersAnAsyncFactory() async throws {
    let container = Container().install { NetworkModule(url: "https://module.test") }

    let slow = try await container.tryResolveAsync((any APIClient).self, name: "slow")

    #expect(slow.label == "slow https://module.test x1")
  }

  @MainActor
  @Test func aMainActorMethodRegistersAMainActorFactory() {
    let container = Container().install { NetworkModule(url: "https://module.test") }

    let first = container.resolve(Screen.self)

    #expect(container.resolve(Screen.self) !== first)
  }
}
