public import Loom

extension Lifetime {
  /// One instance per session of the container resolved in, like a singleton until the session
  /// ends.
  ///
  /// `Container.endSession()` drops every session instance and keeps the registrations:
  /// the next resolve makes a new instance for the new session. Each container has its own
  /// session, a child too, even for registrations it inherits from its parent. The rank is 900,
  /// between `Lifetime.weak` and `Lifetime.singleton`, so `Container.validate()` reports a
  /// singleton that depends on a session instance as captive.
  ///
  /// ```swift
  /// container.register(UserProfile.self, lifetime: .session) { r in
  ///   UserProfile(api: try r.tryResolve())
  /// }
  /// let profile = container.resolve(UserProfile.self)  // the same until the session ends
  /// container.endSession()                             // log out
  /// ```
  public static let session = Lifetime.custom(SessionLifetime())
}
