import Loom

/// A service the tests replace: the app registers a live one, tests register mocks.
protocol APIClient: Sendable {
  var name: String { get }
}

struct LiveAPIClient: APIClient {
  let name = "live"
}

struct MockAPIClient: APIClient {
  let name: String

  init(_ name: String = "mock") {
    self.name = name
  }
}

/// A singleton that depends on the API, to tell whether it was built with an override.
final class UserService: Sendable {
  let api: any APIClient

  init(api: any APIClient) {
    self.api = api
  }
}

/// A value each test registers differently, to tell whose override a resolve saw.
struct Marker: Sendable, Equatable {
  let value: Int
}

/// A class registered as a singleton, to compare instances by identity.
final class Session: Sendable {
  let label: String

  init(label: String = "session") {
    self.label = label
  }
}

/// What a failing factory or override throws.
struct Boom: Error, Equatable {}

extension Container {
  /// A key-path dependency with a default, for the key-path forms of the assertions.
  var testingGreeting: Dependency<String> { Dependency { _ in "hello" } }

  /// A key-path dependency whose default needs a `Session` named "missing", which nobody registers.
  var testingBrokenGreeting: Dependency<String> {
    Dependency { r in try r.tryResolve(Session.self, name: "missing").label }
  }
}

/// A container holding the app's wiring, never `Container.default`: tests share the process, so
/// none of them changes the default container.
enum AppWiring {
  static let base: Container = {
    let container = Container()
    container.register((any APIClient).self, lifetime: .singleton) { _ in LiveAPIClient() }
    container.register(UserService.self, lifetime: .singleton, UserService.init)
    return container
  }()
}

/// The process's own `Container.default`, as code that runs outside the test's task tree sees it.
func processDefault() async -> Container {
  await Task.detached { Container.default }.value
}
