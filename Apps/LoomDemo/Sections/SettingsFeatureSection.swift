import Loom
import LoomAssembly

/// Opens the Settings feature: a child container with registrations of its own, which sees the
/// app's dependencies while the app cannot see its.
enum SettingsFeatureSection {
  static func run(in container: Container) {
    Console.heading(4, "A feature container")
    print("  UserAssembly declares Feature(\"Settings\") { SettingsAssembly() }: a child container")
    print("  that reuses the app's singletons and keeps its own registrations to itself.")
    Console.call("let settings = container.makeFeature(\"Settings\")!")
    guard let settings = container.makeFeature(SettingsAssembly.feature) else {
      fatalError("UserAssembly declares the \(SettingsAssembly.feature) feature")
    }
    Console.call("settings.resolve(SettingsModel.self).makeAvailableOffline([42, 7])")
    let model = settings.resolve(SettingsModel.self)
    print("    → \(model.makeAvailableOffline([42, 7]))")
    Console.call("try container.tryResolve(SettingsModel.self)")
    do {
      _ = try container.tryResolve(SettingsModel.self)
      print("    → resolved: the app container should not see the feature's registrations")
    } catch {
      print("    → \(error.code): the app container cannot see the feature's registrations")
    }
  }
}
