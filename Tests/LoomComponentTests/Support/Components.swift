import LoomMacros

// The components the behaviour tests use, declared with the macros.

@Component
struct SessionComponent {
  @Provide(.input) var api: any APIClient
  @Provide(.input) var token: String
  @Provide(.shared, with: [\Self.api, \Self.token]) var session: Session
}

@Component
struct AppComponent {
  @Provide(.input) var config: AppConfig
  @Provide(.input) var authToken: String
  @Provide(.input) var log: StepLog
  @Provide(.shared, LiveAPIClient.self, with: [\Self.config]) var api: any APIClient
  @Provide(
    .shared, factory: { (config: AppConfig) async throws in try await Database.open(config) })
  var database: Database
  @Provide(.shared, UserService.init(api:database:), effects: [.async, .throwing])
  var users: UserService
  @Provide(.transient, ProfileModel.init(users:), effects: [.async, .throwing])
  var profile: ProfileModel
  @Child(with: [\Self.api], bindings: ["token": \Self.authToken]) var session: SessionComponent

  @Perform func migrate(database: Database) async throws {
    log.record("migrate")
  }

  @Perform(after: ["migrate"]) func warmUp(users: UserService) async throws {
    log.record("warmUp")
  }
}

@Component
struct CountingComponent {
  @Provide(.input) var counter: BuildCounter
  @Provide(
    .shared,
    factory: { (counter: BuildCounter) in
      counter.increment()
      return Heavy()
    })
  var heavy: Heavy
  @Provide(
    .shared,
    factory: { (counter: BuildCounter) async in
      counter.increment()
      try? await Task.sleep(for: .milliseconds(2))
      return Heavy()
    })
  var asyncHeavy: Heavy
  @Provide(.transient, with: []) var fresh: Heavy
}

/// A lazy member (`report`) that nothing `resolve()` builds takes, and one (`index`) that a
/// shared member takes.
@Component
struct ReportingComponent {
  @Provide(.input) var counter: BuildCounter
  @Provide(
    .lazy,
    factory: { (counter: BuildCounter) in
      counter.increment()
      return Heavy()
    })
  var report: Heavy
  @Provide(.lazy, with: []) var index: Clock
  @Provide(.shared, factory: { (index: Clock) in Indexed(index: index) }) var search: Indexed
}

@Component
struct ClockComponent {
  @Provide(.input) var name: String
  @Provide(.once, with: []) var clock: Clock
  @Provide(.shared, with: []) var heavy: Heavy
}

@Component
struct AnalyticsComponent {
  @Provide(
    .shared,
    factory: { (tracker: Lazy<Tracker>, event: Provider<Event>) in
      Analytics(tracker: tracker, events: event)
    })
  var analytics: Analytics
  @Provide(.shared, with: [\Self.analytics]) var tracker: Tracker
  @Provide(.transient, with: []) var event: Event
}

/// An input of a function typealias, which the initializer takes through an autoclosure (a plain
/// function-typed parameter could not be stored).
typealias Format = @Sendable (Int) -> String

@Component
struct FormattingComponent {
  @Provide(.input) var format: Format
  @Provide(.input) var count: Int
  @Provide(.shared, factory: { (format: Format, count: Int) in format(count) }) var label: String
}
