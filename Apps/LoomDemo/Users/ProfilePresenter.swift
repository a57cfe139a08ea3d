import Loom

/// Turns one user's profile into text for the screen.
///
/// Made per user with a runtime argument (`container.resolve(ProfilePresenter.self, arguments:
/// 42)`); its services come from `@Injected` properties, which capture `Container.current` when
/// the presenter is made and resolve on first use.
struct ProfilePresenter: Sendable {
  let userID: User.ID
  @Injected(\.userService) private var users: UserService
  @Injected(name: "ui") private var log: Logger

  init(userID: User.ID) {
    self.userID = userID
  }

  /// The profile as one line, or why it could not be loaded.
  func render() -> String {
    log.write("rendering profile \(userID)")
    do {
      let user = try users.openProfile(id: userID)
      return "\(user.name) <\(user.email)> (user \(user.id))"
    } catch {
      return "profile \(userID) unavailable: \(error)"
    }
  }
}
