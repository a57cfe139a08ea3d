import Loom
import LoomAssembly
import LoomMacros

/// The users module: the repository and its protocol binding, the user service and the profile
/// presenter; it owns the Settings feature.
///
/// It requires ``ServicesAssembly`` (the user service tracks analytics, the presenter logs) and
/// expects the app to provide `HTTPClient`, and the `Console` its requirement expects, so
/// `UserAssembly().validate()` checks it alone.
struct UserAssembly: Assembly {
  var requirements: [any Assembly] {
    ServicesAssembly()
  }

  var expectedKeys: [DependencyKey] {
    [DependencyKey(HTTPClient.self), DependencyKey(Console.self)]
  }

  var registrations: Registrations {
    // The key-path dependency declared in `Container+Dependencies.swift`, registered here so that
    // it is attributed to this assembly.
    Singleton(\.userService, UserService.init)
  }

  func assemble(into container: Container) {
    registrations.register(into: container)
    // What the DSL does not cover is registered with the core API, still attributed to this
    // assembly. An `@Injectable` type, registered by type alone (its factory and edges come from
    // the macro), and a protocol bound to it: `any UserRepository` is that singleton, seen
    // through the protocol.
    container.register(RemoteUserRepository.self, lifetime: .singleton)
    container.bind((any UserRepository).self, to: RemoteUserRepository.self)
    // A runtime argument: a new presenter for each user ID.
    container.register(ProfilePresenter.self) { (_, userID: User.ID) in
      ProfilePresenter(userID: userID)
    }
    // A feature child container: `container.makeFeature("Settings")` makes it on demand.
    container.install {
      Feature(SettingsAssembly.feature) { SettingsAssembly() }
    }
  }
}
