import Loom
import LoomAssembly

/// The Settings feature's wiring, installed in the feature's own child container.
///
/// ``UserAssembly`` declares the feature; `container.makeFeature("Settings")` makes a child of
/// the app container with this assembly installed. The feature sees the app's dependencies (the
/// user repository); the app never sees the feature's.
struct SettingsAssembly: Assembly {
  /// The feature's name, as `makeFeature(_:)` and the feature graph show it.
  static let feature = "Settings"

  // Provided by the app container, one level up; declared so `validate()` checks this alone.
  var expectedKeys: [DependencyKey] {
    [DependencyKey((any UserRepository).self)]
  }

  var registrations: Registrations {
    // One store per feature container: it lives as long as the feature does.
    Singleton((any OfflineStore).self) { _ in InMemoryOfflineStore() }
    // Shared while a settings screen holds it, made again for the next one.
    Weak(SyncEngine.self, SyncEngine.init)
    Transient(SettingsModel.self, SettingsModel.init)
  }
}
