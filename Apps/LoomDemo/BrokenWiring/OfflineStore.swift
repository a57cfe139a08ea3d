/// Local storage for synced users; deliberately left unregistered.
protocol OfflineStore: Sendable {
  /// Saves a user for offline use.
  func save(_ user: User)
}
