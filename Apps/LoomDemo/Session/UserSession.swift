import Loom
import LoomSession
import Synchronization

/// What the app keeps for the signed-in user until they log out: one per session.
///
/// It adopts `SessionScoped`, so `container.endSession()` tells it once, before it returns; it
/// reports that to the app's ``Console`` the way the demo's observer reports resolves.
final class UserSession: SessionScoped {
  let user: CurrentUser
  private let console: Console
  private let endings = Mutex(0)

  init(user: CurrentUser, console: Console) {
    self.user = user
    self.console = console
  }

  /// How many times the session has been told that it ended: 0 while it is live, then 1.
  var endCount: Int { endings.withLock { $0 } }

  func sessionDidEnd() {
    endings.withLock { $0 += 1 }
    ResolutionLog.dropped(
      DependencyKey(UserSession.self), .session, "\(user.name) logged out", to: console)
  }
}
