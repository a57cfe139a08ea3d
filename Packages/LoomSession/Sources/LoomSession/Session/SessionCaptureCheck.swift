import Synchronization

/// The switch of the debug-build trap that stopped the program when a session instance was built
/// into a longer-lived one: replaced by the core's captive check, a catchable error in every build.
///
/// A singleton that resolves a `.session` dependency in its factory now fails to resolve with
/// `ResolutionError.Code.captiveDependency`, naming both and the chain between them (so does a
/// singleton holding a `.flow`, `.weak` or `.graph` instance, and a session instance holding a
/// flow's). Turn that check off on the container where holding such an instance is intended:
///
/// ```swift
/// container.checksCaptiveDependencies = false
/// ```
@available(
  *, deprecated,
  message: "the capture check is the core's now: set container.checksCaptiveDependencies"
)
public enum SessionCaptureCheck {
  private static let enabled = Atomic(true)

  /// Kept so that code setting it still builds; it no longer changes anything. Use
  /// `Container.checksCaptiveDependencies`.
  ///
  /// ```swift
  /// container.checksCaptiveDependencies = false
  /// ```
  public static var isEnabled: Bool {
    get { enabled.load(ordering: .relaxed) }
    set { enabled.store(newValue, ordering: .relaxed) }
  }
}
