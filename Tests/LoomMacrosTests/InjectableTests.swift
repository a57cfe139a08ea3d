import LoomMacros
import Testing

@Injectable
final class UserService: Sendable {
  let api: any APIClient
  let database: Database
  let clock: Clock
  let retries: Int

  init(
    api: any APIClient, @Named("users") database: Database, @Named(\.clock) clock: Clock,
    retries: Int = 3
  ) {
    self.api = api
    self.database = database
    self.clock = clock
    self.retries = retries
  }
}

/// Two initializers: the marked one is the one the container calls.
@Injectable
final class Report: Sendable {
  let source: String

  @InjectableInit init(database: Database) { source = database.label }
  init(text: String) { source = text }
}

/// Refers to its child lazily, and the child refers back: a cycle that `Lazy` breaks.
@Injectable
final class Parent: Sendable {
  let child: Lazy<Child>
  init(child: Lazy<Child>) { self.child = child }
}

@Injectable
final class Child: Sendable {
  let parent: Parent
  init(parent: Parent) { self.parent = parent }
}

@Injectable
final class Downloader: Sendable {
  let makeRequest: Provider<Request>
  init(makeRequest: Provider<Request>) { self.makeRequest = makeRequest }
}

@Injectable
final class Request: Sendable {}

struct ConnectionFailed: Error {}

@Injectable
actor Connection {
  let config: Config
  init(config: Config, fail: Bool = false) async throws {
    if fail { throw ConnectionFailed() }
    try await Task.sleep(for: .milliseconds(1))
    self.config = config
  }
}

@MainActor
@Injectable
final class ProfileModel {
  let users: UserService
  init(users: UserService) { self.users = users }
}

/// A struct made with its memberwise initializer: `retries` has a default, so it is left out.
@Injectable
struct Settings: Sendable {
  let config: Config
  var retries = 2
}

@Suite struct InjectableTests {
  /// A container with everything `UserService` needs.
  private func wired() -> Container {
    let container = Container()
    container.register((any APIClient).self) { _ in StubAPIClient(label: "api") }
    container.register(Database.self, instance: Database(label: "primary"))
    container.register(Database.self, name: "users", instance: Database(label: "users"))
    return container
  }

  @Test func registerByTypeCallsTheInitializerWithResolvedParameters() {
    let container = wired()
    let clock = Clock()
    container.register(\.clock) { _ in clock }
    container.register(UserService.self, lifetime: .singleton)

    let service = container.resolve(UserService.self)

    #expect(service.api.label == "api")
    #expect(service.database.label == "users")
    #expect(service.clock === clock)
    #expect(service.retries == 3)
    #expect(container.resolve(UserService.self) === service)
  }

  @Test func theEdgesAreDeclaredBeforeAnythingIsResolved() {
    let container = Container()
    container.register(UserService.self, lifetime: .singleton)

    let edges = container.graph.edges(from: DependencyKey(UserService.self)).map(\.to)

    #expect(
      edges == [
        DependencyKey((any APIClient).self), DependencyKey(Database.self, name: "users"),
        DependencyKey(\Container.clock),
      ])
    let missing = container.validate().problems.filter { $0.code == .missing }.map(\.key)
    #expect(
      Set(missing) == [
        DependencyKey((any APIClient).self), DependencyKey(Database.self, name: "users"),
      ])
  }

  @Test func theMarkedInitializerIsTheOneCalled() {
    let container = wired()
    container.register(Report.self)

    #expect(container.resolve(Report.self).source == "primary")
  }

  @Test func lazyParametersAreDeferredSoACycleThroughThemResolves() {
    let container = Container()
    container.register(Parent.self, lifetime: .singleton)
    container.register(Child.self, lifetime: .singleton)

    let parent = container.resolve(Parent.self)

    #expect(parent.child.value.parent === parent)
    #expect(container.validate().isValid)
    let edge = container.graph.edges(from: DependencyKey(Parent.self)).first
    #expect(edge?.isDeferred == true)
  }

  @Test func providerParametersResolveOnEveryCall() {
    let container = Container()
    container.register(Request.self)
    container.register(Downloader.self)

    let downloader = container.resolve(Downloader.self)

    #expect(downloader.makeRequest() !== downloader.makeRequest())
  }

  @Test func anAsyncInitializerRegistersAnAsyncFactory() async throws {
    let container = Container()
    container.register(Config.self, instance: Config(url: "https://loom.test"))
    container.register(Connection.self, lifetime: .singleton)

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Connection.self)
    }
    #expect(error.code == .asyncRequired)

    let connection = try await container.tryResolveAsync(Connection.self)
    #expect(connection.config.url == "https://loom.test")
    #expect(container.graph.node(for: DependencyKey(Connection.self))?.isAsync == true)
  }

  @MainActor
  @Test func aMainActorTypeRegistersAMainActorFactoryWithItsEdges() async {
    let container = wired()
    container.register(UserService.self, lifetime: .singleton)
    container.register(ProfileModel.self)

    let model = container.resolve(ProfileModel.self)
    #expect(model.users.database.label == "users")
    #expect(
      container.graph.edges(from: DependencyKey(ProfileModel.self)).map(\.to) == [
        DependencyKey(UserService.self)
      ])

    let elsewhere = await Task.detached { await container.resolveAsync(ProfileModel.self) }.value
    #expect(elsewhere !== model)
  }

  @Test func aMainActorTypeResolvedSynchronouslyOffTheMainActorFails() async throws {
    let container = wired()
    container.register(UserService.self)
    container.register(ProfileModel.self)

    let error = try await Task.detached {
      try #require(throws: ResolutionError.self) { try container.tryResolve(ProfileModel.self) }
    }.value

    #expect(error.code == .asyncRequired)
  }

  @Test func aStructIsMadeWithItsMemberwiseInitializer() {
    let container = Container()
    container.register(Config.self, instance: Config(url: "https://memberwise.test"))
    container.register(Settings.self, name: "app")

    let settings = container.resolve(Settings.self, name: "app")

    #expect(settings.config.url == "https://memberwise.test")
    #expect(settings.retries == 2)
  }

  @Test func aLaterRegistrationReplacesAnEarlierOneAsWithRegister() {
    let container = Container()
    container.register(Request.self)
    container.register(Request.self, lifetime: .singleton)

    #expect(container.resolve(Request.self) === container.resolve(Request.self))
  }
}
