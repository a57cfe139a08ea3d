import Loom

/// Shows what the container built, then every registration as `dump()` lists it.
enum InspectSection {
  static func run(in container: Container, console: Console) {
    console.heading(6, "What the container built")
    let service = container.resolve(\.userService)
    let repository = container.resolve((any UserRepository).self)
    let http = container.resolve(HTTPClient.self)
    let analytics = container.resolve(Analytics.self)
    console.row("UserService", "singleton, analytics started: \(service.analyticsStarted)")
    console.row("UserRepository", "bound to \(type(of: repository))")
    console.row("HTTPClient", "\(http.config.baseURL), \(http.requestCount) requests sent")
    console.row("Analytics events", analytics.events.joined(separator: ", "))
    console.line()
    console.call("print(container.dump())")
    // NB: dump() writes one row per registration, as wide as its widest columns; the demo moves
    // what does not fit in its 100 columns (what a registration depends on, what it replaced) to
    // lines of their own under the lifetime column.
    console.block(container.dump(), indent: 2)
  }
}
