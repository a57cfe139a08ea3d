import Loom

/// `loom-demo graph [--format mermaid|dot|text]`: prints the app's dependency graph.
enum GraphCommand {
  static func run(arguments: [String]) -> Int32 {
    var format = GraphFormat.text
    if let index = arguments.firstIndex(of: "--format") {
      guard index + 1 < arguments.count, let chosen = GraphFormat(rawValue: arguments[index + 1])
      else {
        print("loom-demo graph: --format takes one of: mermaid, dot, text")
        return 2
      }
      format = chosen
    }
    let container = AppGraph.wired()
    print(container.graph.export(format))
    return 0
  }
}

/// The demo app's container with its graph complete: closure factories reveal their edges the
/// first time they run, so the app's main objects are resolved once.
enum AppGraph {
  static func wired() -> Container {
    let container = Container()
    Wiring.register(in: container)
    container.withCurrent {
      _ = container.resolve(\.userService)
      _ = container.resolve(Analytics.self)
    }
    return container
  }
}
