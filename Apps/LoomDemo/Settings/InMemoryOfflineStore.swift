import Loom
import Synchronization

/// An offline store that keeps users in memory: the demo writes nothing to disk.
final class InMemoryOfflineStore: OfflineStore {
  private let saved = Mutex<[User.ID: User]>([:])

  /// The IDs of the users saved so far, in ascending order.
  var userIDs: [User.ID] { saved.withLock { $0.keys.sorted() } }

  func save(_ user: User) {
    saved.withLock { $0[user.id] = user }
  }
}
