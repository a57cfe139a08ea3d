import Loom

// Wiring as a 0.1.0 app in Swift 5 language mode writes it: Swift 5 does not check `Sendable`, so
// a class that is not `Sendable` was registered with any lifetime. It keeps compiling.

final class LegacySession {
  var token = ""
}

final class LegacyService {
  let session: LegacySession
  init(session: LegacySession) { self.session = session }
}

/// Registers the legacy wiring in `container` and resolves it once.
///
/// ```swift
/// wireLegacy(Container())
/// ```
///
/// - Parameter container: The container to register into.
public func wireLegacy(_ container: Container) {
  container.register(LegacySession.self, lifetime: .singleton) { _ in LegacySession() }
  container.register(lifetime: .singleton, LegacyService.init)
  container.register(LegacySession.self, name: "each") { _ in LegacySession() }
  container.register(LegacySession.self, name: "ready", instance: LegacySession())
  container.registerMainActor(LegacyService.self, name: "main") { r in
    LegacyService(session: try r.resolve())
  }
  _ = container.resolve(LegacyService.self)
}
