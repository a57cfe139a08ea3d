import Loom

/// The sign-in screen: remembers who signs in, for the next session's ``CurrentUser``.
///
/// A singleton that depends on nothing session-scoped: it outlives every session, and each new
/// session reads the name from it once.
final class SignIn: Sendable {
  private let name = Locked("guest")

  /// Who signs in next (`guest` until someone does).
  var userName: String { name.withLock { $0 } }

  /// Records who signs in; the next session made after this is theirs.
  func logIn(as userName: String) {
    name.withLock { $0 = userName }
  }
}
