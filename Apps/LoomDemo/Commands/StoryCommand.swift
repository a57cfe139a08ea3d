import Loom

/// `loom-demo`: wires the app from its assemblies, uses it, tells a user session's story, opens a
/// feature, shows what the container built and what broken wiring reports.
enum StoryCommand {
  static func run(environment: AppEnvironment) {
    print("loom-demo: \(environment.rawValue) wiring", terminator: "")
    if environment == .production {
      print(" (pass \(AppEnvironment.flag) or set \(AppEnvironment.variable)=1 for the debug one)")
    } else {
      print(" (DebugAssembly logs every request under [http])")
    }
    let container = Wiring.makeContainer(environment)

    // Every resolve through this container (or a child of it) is reported to the observer.
    let observer = container.onResolve(ResolutionLog.record)

    // `@Injected` properties capture `Container.current` when their owner is made. Objects built
    // by a factory capture the container that builds them; the sections also make objects
    // themselves, so the app runs with this container current (an app using
    // `Container.default` needs no such call).
    container.withCurrent {
      ResolveGraphSection.run(in: container)
      UseAppSection.run(in: container)
      SessionSection.run(in: container)
      SettingsFeatureSection.run(in: container)
    }

    observer.cancel()
    InspectSection.run(in: container)
    BrokenWiringSection.run(in: container)
  }
}
