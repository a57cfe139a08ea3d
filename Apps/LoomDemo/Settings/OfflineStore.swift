/// Local storage for synced users; ``SettingsAssembly`` registers ``InMemoryOfflineStore``.
protocol OfflineStore: Sendable {
  /// Saves a user for offline use.
  func save(_ user: User)
}
