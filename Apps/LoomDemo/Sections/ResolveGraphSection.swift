import Loom

/// Resolves the app's main service twice: the first resolve builds the graph, the second reuses it.
enum ResolveGraphSection {
  static func run(in container: Container) {
    Console.heading(1, "Resolving the graph")
    print("  The observer prints each key as it is ready: dependencies first, indented by depth.")
    Console.call("container.resolve(\\.userService)")
    let service = container.resolve(\.userService)
    print("    (UserRepository is a binding, transient itself: each resolve looks up the")
    print("     RemoteUserRepository singleton behind it.)")
    Console.call("container.resolve(\\.userService)")
    let again = container.resolve(\.userService)
    Console.row("same instance:", "\(service === again)")
    Console.row("analytics started:", "\(service.analyticsStarted) (a Lazy, built on first use)")
  }
}
