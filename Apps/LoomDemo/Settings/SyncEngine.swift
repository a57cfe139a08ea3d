/// Syncs users into an offline store.
///
/// The Settings feature registers it with ``InMemoryOfflineStore``; the broken wiring
/// (``BrokenWiringAssembly``) registers it without any store.
final class SyncEngine: Sendable {
  let users: any UserRepository
  let store: any OfflineStore

  init(users: any UserRepository, store: any OfflineStore) {
    self.users = users
    self.store = store
  }

  /// Loads each user and saves it offline; returns the users saved, skipping those that failed.
  func sync(_ ids: [User.ID]) -> [User] {
    var synced: [User] = []
    for id in ids {
      guard let user = try? users.user(id: id) else { continue }
      store.save(user)
      synced.append(user)
    }
    return synced
  }
}
