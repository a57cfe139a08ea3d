public import LoomMacros

/// The onboarding feature: the same name as Profile's component, other inputs.
@Component
public struct FeatureComponent {
  /// The step the user is on.
  @Provide(.input) public var step: Int
}
