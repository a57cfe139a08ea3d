import Loom
import LoomMacros

/// Registers the audit log: AuditLog needs AuditStore, whose initializer (in another file)
/// needs AuditLog.
enum AuditWiring {
  static func install(in container: Container) {
    container.register(AuditLog.self, lifetime: .singleton) { r in
      AuditLog(store: try r.tryResolve(AuditStore.self))
    }
    container.register(AuditStore.self)
  }
}
