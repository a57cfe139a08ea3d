import LoomMacros

/// An audit log whose store needs the log.
final class AuditLog: Sendable {
  init(store: AuditStore) {}
}

/// Where the audit log writes; registered by type alone.
@Injectable
final class AuditStore: Sendable {
  init(log: AuditLog) {}
}
