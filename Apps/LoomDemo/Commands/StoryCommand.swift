import Loom

/// `loom-demo`: wires the app from its assemblies, uses it, tells a user session's story, opens a
/// feature, builds a compile-time component, shows what the container built and what broken
/// wiring reports.
enum StoryCommand {
  /// Tells the story on `console`, which the app's services write to as well.
  static func run(environment: AppEnvironment, console: Console) {
    if environment == .production {
      console.line(
        "loom-demo: production wiring (pass \(AppEnvironment.flag) or set"
          + " \(AppEnvironment.variable)=1 for the debug one)")
    } else {
      console.line("loom-demo: debug wiring (DebugAssembly logs every request under [http])")
    }
    let container = Wiring.makeContainer(environment, console: console)

    // Every resolve through this container (or a child of it) is reported to the observer.
    let observer = container.onResolve(ResolutionLog.observer(writingTo: console))

    // `@Injected` properties capture `Container.current` when their owner is made. Objects built
    // by a factory capture the container that builds them; the sections also make objects
    // themselves, so the app runs with this container current (an app using
    // `Container.default` needs no such call).
    container.withCurrent {
      ResolveGraphSection.run(in: container, console: console)
      UseAppSection.run(in: container, console: console)
      SessionSection.run(in: container, console: console)
      SettingsFeatureSection.run(in: container, console: console)
      ComponentSection.run(in: container, console: console)
    }

    observer.cancel()
    InspectSection.run(in: container, console: console)
    BrokenWiringSection.run(in: container, console: console)
  }
}
