import Loom

/// The app's use cases around users.
///
/// Declared as a key-path dependency (`\.userService`, see `Container+Dependencies.swift`) and
/// registered by ``UserAssembly``. Analytics is a `Lazy`: it is only built when the first event is
/// tracked.
final class UserService: Sendable {
  private let repository: any UserRepository
  private let analytics: Lazy<Analytics>

  init(repository: any UserRepository, analytics: Lazy<Analytics>) {
    self.repository = repository
    self.analytics = analytics
  }

  /// Whether analytics has been built yet.
  var analyticsStarted: Bool { analytics.isResolved }

  /// Loads the user whose profile is being opened, and records the view.
  func openProfile(id: User.ID) throws -> User {
    let user = try repository.user(id: id)
    analytics.value.track("profile.opened id=\(id)")
    return user
  }
}
