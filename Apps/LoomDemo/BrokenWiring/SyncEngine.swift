/// Syncs users into an offline store; the demo never registers ``OfflineStore``.
final class SyncEngine: Sendable {
  let users: any UserRepository
  let store: any OfflineStore

  init(users: any UserRepository, store: any OfflineStore) {
    self.users = users
    self.store = store
  }
}
