/// Signs the user in; it needs ``TokenStore``, which needs it back: a dependency cycle.
final class AuthService: Sendable {
  let tokens: TokenStore

  init(tokens: TokenStore) {
    self.tokens = tokens
  }
}
