/// The settings screen's model; it needs ``SyncEngine``, which needs an ``OfflineStore``.
struct SettingsModel: Sendable {
  let sync: SyncEngine

  /// Makes `ids` available offline; returns one line for the screen.
  func makeAvailableOffline(_ ids: [User.ID]) -> String {
    let synced = sync.sync(ids)
    let names = synced.map(\.name).joined(separator: ", ")
    return "\(synced.count) of \(ids.count) users available offline: \(names)"
  }
}
