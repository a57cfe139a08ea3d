import Loom

/// The composition root: every registration of the demo app, in one place.
///
/// It mixes the registration styles a real app uses; `\.userService` is declared apart, as a
/// key-path dependency, in `Container+Dependencies.swift`.
enum Wiring {
  /// Registers the app's dependencies in `container`.
  static func register(in container: Container) {
    // A ready instance: the configuration exists before the container does.
    container.register(AppConfig.self, instance: .demo)

    // A protocol registered with a factory closure: the one place to swap the fake transport.
    container.register((any HTTPTransport).self, lifetime: .singleton) { _ in
      InMemoryTransport.sample
    }

    // Auto-wired initializers: every parameter is resolved by type, and `dump()` lists them.
    container.register(lifetime: .singleton, HTTPClient.init)
    container.register(lifetime: .singleton, RemoteUserRepository.init)

    // A protocol bound to an implementation: `any UserRepository` is the RemoteUserRepository
    // singleton above, seen through the protocol.
    container.bind((any UserRepository).self, to: RemoteUserRepository.self)

    // Named registrations: two loggers of the same type, told apart by name.
    container.register(Logger.self, name: "ui", lifetime: .singleton) { _ in
      Logger(category: "ui")
    }
    container.register(Logger.self, name: "analytics", lifetime: .singleton) { _ in
      Logger(category: "analytics")
    }

    // A factory closure that picks a named dependency.
    container.register(Analytics.self, lifetime: .singleton) { r in
      Analytics(log: r.resolve(name: "analytics"))
    }

    // A runtime argument: a new presenter for each user ID.
    container.register(ProfilePresenter.self) { (_, userID: User.ID) in
      ProfilePresenter(userID: userID)
    }
  }
}
