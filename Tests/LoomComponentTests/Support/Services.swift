@_spi(LoomInternals) import Loom
import LoomMacros
import Synchronization

// Services the test components wire. Each one that counts its constructions takes the counter
// it reports to, so parallel tests never share a count.

/// Counts constructions; given to a component as an input.
final class BuildCounter: Sendable {
  private let count = Atomic<Int>(0)
  var value: Int { count.load(ordering: .relaxed) }
  func increment() { count.add(1, ordering: .relaxed) }
}

struct AppConfig: Sendable, Equatable {
  var databaseURL = "sqlite://app"
  var failsToOpenDatabase = false
}

protocol APIClient: AnyObject, Sendable {
  var name: String { get }
}

final class LiveAPIClient: APIClient {
  let name = "live"
  let config: AppConfig
  init(config: AppConfig) { self.config = config }
}

final class StubAPIClient: APIClient {
  let name: String
  init(name: String = "stub") { self.name = name }
}

struct DatabaseUnreachable: Error, CustomStringConvertible {
  var description: String { "DatabaseUnreachable" }
}

final class Database: Sendable {
  let url: String
  init(url: String) { self.url = url }

  static func open(_ config: AppConfig) async throws -> Database {
    try await Task.sleep(for: .milliseconds(1))
    if config.failsToOpenDatabase { throw DatabaseUnreachable() }
    return Database(url: config.databaseURL)
  }
}

final class UserService: Sendable {
  let api: any APIClient
  let database: Database
  init(api: any APIClient, database: Database) {
    self.api = api
    self.database = database
  }
}

final class ProfileModel: Sendable {
  let users: UserService
  init(users: UserService) { self.users = users }
}

final class Heavy: Sendable {
  init() {}
}

final class Clock: Sendable {
  init() {}
}

final class Indexed: Sendable {
  let index: Clock
  init(index: Clock) { self.index = index }
}

final class Tracker: Sendable {
  let analytics: Analytics
  init(analytics: Analytics) { self.analytics = analytics }
}

final class Analytics: Sendable {
  let tracker: Lazy<Tracker>
  let events: Provider<Event>
  init(tracker: Lazy<Tracker>, events: Provider<Event>) {
    self.tracker = tracker
    self.events = events
  }
}

final class Event: Sendable {
  init() {}
}

final class Session: Sendable {
  let api: any APIClient
  let token: String
  init(api: any APIClient, token: String) {
    self.api = api
    self.token = token
  }
}

/// Records the order in which start-up steps ran.
final class StepLog: Sendable {
  private let entries = Lock<[String]>([])
  var values: [String] { entries.value }
  func record(_ entry: String) { entries.withLock { $0.append(entry) } }
}
