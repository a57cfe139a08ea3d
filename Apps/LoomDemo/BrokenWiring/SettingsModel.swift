/// A settings screen's model; it needs ``SyncEngine``, whose own dependency is missing.
struct SettingsModel: Sendable {
  let sync: SyncEngine
}
