/// The signed-in user: one per session, read from ``SignIn`` when the session starts.
///
/// It has no teardown hook: ``UserSession`` reports the end of the session for both.
final class CurrentUser: Sendable {
  let name: String

  init(name: String) {
    self.name = name
  }
}
