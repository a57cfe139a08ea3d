import Loom
import LoomAssembly
import LoomSession
import Synchronization

/// The services' wiring, in a function with no actor: a closure takes the actor of the function
/// it is written in, so factories that need no actor are registered here and run on whatever
/// thread resolves them.
func wireServices(_ container: Container) {
  // Shape 1: a non-final class holding a non-Sendable reference, transient (the default).
  container.register(NetworkSession.self) { _ in NetworkSession() }
  container.register(APIClient.self) { r in APIClient(session: try r.tryResolve()) }

  // Shape 2: a protocol that is not Sendable: transient, by closure and auto-wired.
  container.register((any UserRepository).self) { r in
    RemoteUserRepository(client: try r.tryResolve())
  }
  container.register((any UserRepository).self, name: "auto", RemoteUserRepository.init)
  container.register(RemoteUserRepository.init)

  // Shape 3: a struct holding [String: Any], with runtime arguments.
  container.register(AnalyticsEvent.self) { (_, name: String) in
    AnalyticsEvent(name: name, properties: ["source": "probe", "count": 1])
  }

  // The opt-out: a legacy cache shared on the app's word, counted by dump() and the graph.
  container.register(LegacyImageCache.self, lifetime: .unchecked(.singleton)) { _ in
    LegacyImageCache()
  }
}

/// The app's wiring, written in a `@MainActor` function as a SwiftUI `App` or an app delegate
/// writes it: the factories written here are main-actor factories, with no annotation.
@MainActor
func wireApp(_ container: Container) {
  wireServices(container)

  // Shape 4: a @MainActor class and its @MainActor protocol's existential, singletons.
  container.register(ProfileModel.self, lifetime: .singleton) { r in
    ProfileModel(repository: try r.tryResolve())
  }
  container.register((any ProfileModeling).self, lifetime: .mainActor(.singleton)) { r in
    try r.tryResolve(ProfileModel.self)
  }

  // Shape 5: a class isolated to a custom global actor, made there.
  container.register(RecordStore.self, lifetime: .singleton) { @DatabaseActor _ in RecordStore() }

  // Shape 6: an actor.
  container.register(DownloadQueue.self, lifetime: .singleton) { _ in DownloadQueue() }

  // Shape 7: a class holding @Injected, and what it injects.
  container.register(AppConfig.self, lifetime: .singleton, AppConfig.init)
  container.register(SettingsScreen.init)

  // The same shapes through the assembly DSL, in a child container.
  Registrations {
    Register(NetworkSession.self, name: "dsl", lifetime: .transient) { _ in NetworkSession() }
    Singleton(AppConfig.self, name: "dsl") { _ in AppConfig() }
  }
  .register(into: container)
}

/// Registrations made where no actor runs: their factories run on whatever thread resolves them.
func wireBackground(_ container: Container) {
  container.register(NetworkSession.self, name: "background") { _ in NetworkSession() }
  container.register(APIClient.self, name: "background") { r in
    APIClient(session: try r.tryResolve(NetworkSession.self, name: "background"))
  }
  container.register(Metrics.self, lifetime: .singleton) { _ in Metrics() }
}

/// A `Sendable` singleton that counts what it sees, resolved from every thread.
final class Metrics: Sendable {
  private let count = Atomic(0)

  func record() -> Int {
    count.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
