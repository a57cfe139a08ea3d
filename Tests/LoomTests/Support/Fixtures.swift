import Loom

// Fixture types shared by the suites. Classes where a test compares identity (`===`), structs where
// it compares values. Every type is `Sendable`, as the container requires.

// MARK: - An application's services

/// A stand-in for a database connection.
final class Database: Sendable {
  let label: String

  init(label: String = "main") {
    self.label = label
  }
}

/// A service that needs a ``Database``.
final class UserService: Sendable {
  let database: Database

  init(database: Database) {
    self.database = database
  }
}

/// The top of the chain `AppCoordinator → UserService → Database`.
final class AppCoordinator: Sendable {
  let userService: UserService

  init(userService: UserService) {
    self.userService = userService
  }
}

/// A value-typed dependency.
struct Config: Sendable, Equatable {
  let label: String
}

/// A service with no dependencies.
final class Clock: Sendable {
  init() {}
}

/// A service with one dependency.
final class Logger: Sendable {
  let clock: Clock

  init(clock: Clock) {
    self.clock = clock
  }
}

/// Another service with no dependencies.
final class Metrics: Sendable {
  init() {}
}

/// A service with five dependencies, for auto-wiring through parameter packs.
final class Dashboard: Sendable {
  let clock: Clock
  let logger: Logger
  let config: Config
  let database: Database
  let metrics: Metrics

  init(clock: Clock, logger: Logger, config: Config, database: Database, metrics: Metrics) {
    self.clock = clock
    self.logger = logger
    self.config = config
    self.database = database
    self.metrics = metrics
  }
}

/// A service that depends on a ``Config`` (to see which container resolved it).
final class ConfiguredService: Sendable {
  let config: Config

  init(config: Config) {
    self.config = config
  }
}

/// A protocol bound to implementations.
protocol APIClient: Sendable {
  var label: String { get }
}

final class LiveAPIClient: APIClient {
  let label = "live"

  init() {}
}

final class StubAPIClient: APIClient {
  let label: String

  init(label: String) {
    self.label = label
  }
}

/// A class for `.weak` and `@WeakInjected` tests.
final class Widget: Sendable {
  init() {}
}

/// A struct, which a `.weak` registration cannot share.
struct ValueWidget: Sendable {}

/// A registration that takes runtime arguments.
final class User: Sendable {
  let id: String
  let database: Database?

  init(id: String, database: Database? = nil) {
    self.id = id
    self.database = database
  }
}

/// A registration that takes two runtime arguments.
struct Page: Sendable, Equatable {
  let title: String
  let number: Int
}

/// What a failing factory throws; its description is pinned in error messages.
struct DiskFull: Error, Equatable, CustomStringConvertible {
  var description: String { "disk is full" }
}

// MARK: - `.graph`: Root depends on Left and Right, which both depend on Shared

final class GraphShared: Sendable {
  init() {}
}

final class GraphLeft: Sendable {
  let shared: GraphShared

  init(shared: GraphShared) {
    self.shared = shared
  }
}

final class GraphRight: Sendable {
  let shared: GraphShared

  init(shared: GraphShared) {
    self.shared = shared
  }
}

final class GraphRoot: Sendable {
  let left: GraphLeft
  let right: GraphRight

  init(left: GraphLeft, right: GraphRight) {
    self.left = left
    self.right = right
  }
}

// MARK: - Cycles

final class CycleA: Sendable {
  init() {}
}

final class CycleB: Sendable {
  init() {}
}

final class CycleEntry: Sendable {
  init() {}
}

// MARK: - Two singletons that refer to each other through `Lazy`

final class LazyParent: Sendable {
  let child: Lazy<LazyChild>

  init(child: Lazy<LazyChild>) {
    self.child = child
  }
}

final class LazyChild: Sendable {
  let parent: LazyParent

  init(parent: LazyParent) {
    self.parent = parent
  }
}

// MARK: - Key-path dependencies

/// A class whose identity tells instances apart.
final class Token: Sendable {
  init() {}
}

/// A struct with a label, declared through two key paths of the same type.
struct Label: Sendable, Equatable {
  let text: String
}

extension Container {
  /// A singleton with a default factory.
  var api: Dependency<any APIClient> {
    Dependency(.singleton) { _ in LiveAPIClient() }
  }

  /// A transient with a default factory.
  var requestToken: Dependency<Token> {
    Dependency { _ in Token() }
  }

  /// Two dependencies of the same value type.
  var primaryLabel: Dependency<Label> {
    Dependency { _ in Label(text: "primary") }
  }

  var secondaryLabel: Dependency<Label> {
    Dependency { _ in Label(text: "secondary") }
  }

  /// An auto-wired key-path dependency.
  // NB: spelled with an explicit lifetime: `Dependency(UserService.init)`, the form the
  // `Dependency` documentation shows, does not compile (the unlabeled initializer is matched
  // against the unlabeled `lifetime` parameter first).
  var wiredUserService: Dependency<UserService> {
    Dependency(.transient, UserService.init)
  }

  /// A key-path dependency whose default factory throws.
  var brokenToken: Dependency<Token> {
    Dependency { _ in throw DiskFull() }
  }
}
