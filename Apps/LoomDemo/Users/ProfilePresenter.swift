import Loom
import LoomMacros

/// Turns one user's profile into text for the screen.
///
/// Made per user with a runtime argument (`container.resolve(ProfilePresenter.self, arguments:
/// 42)`); its services come from `@Inject` properties (LoomMacros). Like `@Injected`, they capture
/// the container that makes the presenter and resolve on first use; unlike it, they leave no
/// mutable stored property behind, so the presenter can be a `Sendable` class.
final class ProfilePresenter: Sendable {
  let userID: User.ID
  @Inject(\.userService) private var users: UserService
  @Inject(name: "ui") private var log: Logger

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
