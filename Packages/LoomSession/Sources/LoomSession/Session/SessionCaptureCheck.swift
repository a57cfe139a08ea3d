import Synchronization

/// The debug-build check that traps when a session instance is built into a longer-lived one.
///
/// A singleton that resolves a `.session` dependency in its factory keeps that instance after the
/// session ends: the next user would see the previous user's state. In debug builds, resolving a
/// session dependency while a singleton (or another cached lifetime that outlives the session) is
/// being built stops the program with a message that names both and the path between them.
/// `container.validate()` reports the same mistake without running anything. Release builds never
/// trap.
///
/// Turn the check off where holding a session instance is intended (and you end it yourself):
///
/// ```swift
/// SessionCaptureCheck.isEnabled = false
/// ```
public enum SessionCaptureCheck {
  private static let enabled = Atomic(true)

  /// Whether debug builds trap when a session instance is built into a longer-lived one; true
  /// unless turned off.
  ///
  /// ```swift
  /// SessionCaptureCheck.isEnabled = false  // e.g. in a test that builds such a graph on purpose
  /// ```
  public static var isEnabled: Bool {
    get { enabled.load(ordering: .relaxed) }
    set { enabled.store(newValue, ordering: .relaxed) }
  }
}
