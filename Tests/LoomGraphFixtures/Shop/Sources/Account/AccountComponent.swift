import LoomMacros
import Profile

/// Mounts Profile's FeatureComponent (the one this file imports), correctly wired: Onboarding's
/// component of the same name has nothing to do with it.
@Component
struct AccountComponent {
  @Provide(.input) var user: String
  @Child(with: [\Self.user]) var profile: FeatureComponent
}
