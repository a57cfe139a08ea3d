import Loom

/// Shows what the container built, then every registration as `dump()` lists it.
enum InspectSection {
  static func run(in container: Container) {
    Console.heading(5, "What the container built")
    let service = container.resolve(\.userService)
    let repository = container.resolve((any UserRepository).self)
    let http = container.resolve(HTTPClient.self)
    let analytics = container.resolve(Analytics.self)
    Console.row("UserService", "singleton, analytics started: \(service.analyticsStarted)")
    Console.row("UserRepository", "bound to \(type(of: repository))")
    Console.row("HTTPClient", "\(http.config.baseURL), \(http.requestCount) requests sent")
    Console.row("Analytics events", analytics.events.joined(separator: ", "))
    print()
    Console.call("print(container.dump())")
    print(container.dump())
  }
}
