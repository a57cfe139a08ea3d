import Loom
import LoomAssembly

/// Opens the Settings feature: a child container with registrations of its own, which sees the
/// app's dependencies while the app cannot see its.
enum SettingsFeatureSection {
  static func run(in container: Container, console: Console) {
    console.heading(4, "A feature container")
    console.line(
      "  UserAssembly declares Feature(\"Settings\") { SettingsAssembly() }: a child container")
    console.line("  that reuses the app's singletons and keeps its own registrations to itself.")
    console.call("let settings = container.makeFeature(\"Settings\")!")
    guard let settings = container.makeFeature(SettingsAssembly.feature) else {
      fatalError("UserAssembly declares the \(SettingsAssembly.feature) feature")
    }
    console.call("settings.resolve(SettingsModel.self).makeAvailableOffline([42, 7])")
    let model = settings.resolve(SettingsModel.self)
    console.line("    → \(model.makeAvailableOffline([42, 7]))")
    console.call("try container.tryResolve(SettingsModel.self)")
    do {
      _ = try container.tryResolve(SettingsModel.self)
      console.line("    → resolved: the app container should not see the feature's registrations")
    } catch {
      console.line("    → \(error.code): the app container cannot see the feature's registrations")
    }
  }
}
