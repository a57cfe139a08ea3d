public import LoomMacros

/// The profile feature. Onboarding declares a component of the same name, with other inputs.
@Component
public struct FeatureComponent {
  /// The signed-in user.
  @Provide(.input) public var user: String
  /// The user's greeting.
  @Provide(.shared, with: [\Self.user]) public var greeting: Greeting
}

/// Greets a user.
public final class Greeting: Sendable {
  let user: String

  init(user: String) {
    self.user = user
  }
}
