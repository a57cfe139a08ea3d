// Loom 0.1.0's throwing resolves on a factory's resolver, which 0.2 keeps compiling with a
// deprecation warning (Scripts/deprecations-check.sh): `tryResolve` is the throwing spelling on
// every receiver, as `resolve` is the trapping one.
import Loom

struct Config: Sendable {}
struct Report: Sendable {
  init(config: Config) {}
}

extension Container {
  var config: Dependency<Config> { Dependency(.singleton) { _ in Config() } }
}

func resolvesOf010(_ container: Container) {
  container.register(Report.self) { r in
    Report(config: try r.resolve(Config.self))  // expect: deprecated
  }
  container.register(Report.self, name: "named") { r in
    Report(config: try r.resolve(Config.self, name: "primary"))  // expect: deprecated
  }
  container.register(Report.self, name: "inferred") { r in
    Report(config: try r.resolve())  // expect: deprecated
  }
  container.register(Report.self, name: "keyPath") { r in
    Report(config: try r.resolve(\.config))  // expect: deprecated
  }
  container.register(Report.self, name: "arguments") { r in
    Report(config: try r.resolve(Config.self, arguments: 42))  // expect: deprecated
  }
  container.register(Report.self, name: "async") { r async throws in
    Report(config: try await r.resolveAsync(Config.self))  // expect: deprecated
  }
  container.register(Report.self, name: "asyncKeyPath") { r async throws in
    Report(config: try await r.resolveAsync(\.config))  // expect: deprecated
  }
}
