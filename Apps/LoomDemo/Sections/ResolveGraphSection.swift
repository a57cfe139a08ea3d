import Loom

/// Resolves the app's main service twice: the first resolve builds the graph, the second reuses it.
enum ResolveGraphSection {
  static func run(in container: Container, console: Console) {
    console.heading(1, "Resolving the graph")
    console.line(
      "  The observer prints each key as it is ready: dependencies first, indented by depth.")
    console.call("container.resolve(\\.userService)")
    let service = container.resolve(\.userService)
    console.line("    (UserRepository is a binding, transient itself: each resolve looks up the")
    console.line("     RemoteUserRepository singleton behind it.)")
    console.call("container.resolve(\\.userService)")
    let again = container.resolve(\.userService)
    console.row("same instance:", "\(service === again)")
    console.row("analytics started:", "\(service.analyticsStarted) (a Lazy, built on first use)")
  }
}
