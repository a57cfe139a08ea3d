/// Keeps the session token; it asks ``AuthService`` to refresh it. Taking `Lazy<AuthService>`
/// instead of `AuthService` would break the cycle.
final class TokenStore: Sendable {
  let auth: AuthService

  init(auth: AuthService) {
    self.auth = auth
  }
}
