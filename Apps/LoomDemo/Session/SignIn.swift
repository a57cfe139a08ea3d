import Loom
import LoomMacros
import Synchronization

/// The sign-in screen: remembers who signs in, for the next session's ``CurrentUser``.
///
/// A singleton that depends on nothing session-scoped: it outlives every session, and each new
/// session reads the name from it once. It registers itself with `@Bind` (LoomMacros), in the
/// file that declares it: a link-time record that `Container.default` installs by itself, and
/// that ``Wiring`` installs into the app's container (`dump()` shows it as `[@Bind]`).
@Bind(lifetime: .singleton)
final class SignIn: Sendable {
  private let name = Mutex("guest")

  /// Who signs in next (`guest` until someone does).
  var userName: String { name.withLock { $0 } }

  /// Records who signs in; the next session made after this is theirs.
  func logIn(as userName: String) {
    name.withLock { $0 = userName }
  }
}
