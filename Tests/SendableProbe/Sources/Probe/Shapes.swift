import Foundation
import Loom

// The shapes that real apps' types have, written as apps write them: none of them is changed to
// suit Loom. Each comment says why Swift 6 does not consider the type `Sendable`.

/// A session object, as `URLSession` is to an app: a class with mutable state, not `Sendable`.
final class NetworkSession {
  private(set) var requestCount = 0

  func send(_ path: String) -> String {
    requestCount += 1
    return "GET \(path) #\(requestCount)"
  }
}

/// A non-final class holding a non-`Sendable` reference (shape 1).
class APIClient {
  let session: NetworkSession
  let baseURL: String

  init(session: NetworkSession, baseURL: String = "https://api.example.com") {
    self.session = session
    self.baseURL = baseURL
  }

  func get(_ path: String) -> String { session.send(baseURL + path) }
}

/// A protocol that does not refine `Sendable` (shape 2), and its implementation.
protocol UserRepository: AnyObject {
  func userName(id: Int) -> String
}

final class RemoteUserRepository: UserRepository {
  let client: APIClient

  init(client: APIClient) { self.client = client }

  func userName(id: Int) -> String { "user \(id) via \(client.get("/users/\(id)"))" }
}

/// A struct holding `[String: Any]` (shape 3).
struct AnalyticsEvent {
  var name: String
  var properties: [String: Any]
}

/// A `@MainActor` protocol and the class implementing it (shape 4): the class is `Sendable` (it is
/// isolated to the main actor), its protocol's existential is not.
@MainActor protocol ProfileModeling: AnyObject {
  var displayName: String { get }
  func rename(to name: String)
}

@MainActor final class ProfileModel: ProfileModeling {
  private(set) var displayName: String
  let repository: any UserRepository

  init(repository: any UserRepository) {
    self.repository = repository
    self.displayName = repository.userName(id: 1)
  }

  func rename(to name: String) { displayName = name }
}

/// A custom global actor and a class isolated to it (shape 5).
@globalActor actor DatabaseActor {
  static let shared = DatabaseActor()
}

@DatabaseActor final class RecordStore {
  private var records: [String] = []

  init() {}

  func insert(_ record: String) -> Int {
    records.append(record)
    return records.count
  }
}

/// An actor (shape 6).
actor DownloadQueue {
  private var pending: [String] = []

  func enqueue(_ url: String) -> Int {
    pending.append(url)
    return pending.count
  }
}

/// A `Sendable` service, shared as a singleton.
final class AppConfig: Sendable {
  let environment = "production"
}

/// A class holding `@Injected` properties (shape 7): not `Sendable` (the wrappers hold state).
final class SettingsScreen {
  @Injected var config: AppConfig
  @Injected var client: APIClient
  @Injected(\.tracker) var tracker: EventTracker

  func title() -> String { "Settings (\(config.environment), \(client.baseURL))" }
}

/// A tracker that keeps its own events: not `Sendable`.
final class EventTracker {
  private(set) var events: [AnalyticsEvent] = []

  func track(_ event: AnalyticsEvent) { events.append(event) }
}

/// A legacy cache that guards its own state with a lock: not `Sendable` to Swift, shared on the
/// app's word.
final class LegacyImageCache {
  private let lock = NSLock()
  private var images: [String: Int] = [:]

  func store(_ key: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    images[key, default: 0] += 1
    return images.count
  }
}

extension Container {
  /// A key-path dependency of a value that is not `Sendable`, declared with its default.
  var tracker: Dependency<EventTracker> { Dependency { _ in EventTracker() } }

  /// A key-path dependency of a `@MainActor` protocol, made and shared on the main actor.
  var profile: Dependency<any ProfileModeling> {
    Dependency(.mainActor(.singleton)) { @MainActor r in
      ProfileModel(repository: try r.tryResolve())
    }
  }
}
