/// Where users come from. Callers depend on this protocol; the wiring binds it to
/// ``RemoteUserRepository``.
protocol UserRepository: Sendable {
  /// The user with this ID.
  func user(id: User.ID) throws -> User
}
