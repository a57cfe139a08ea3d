import LoomMacros

/// Loads users from the user API through ``HTTPClient``.
///
/// `@Injectable` (LoomMacros) lets ``UserAssembly`` register it by type alone,
/// `container.register(RemoteUserRepository.self, lifetime: .singleton)`: the macro wrote the
/// factory from the initializer and declared `HTTPClient` as its dependency.
@Injectable
final class RemoteUserRepository: UserRepository {
  /// The API answered with a body that is not a user record.
  struct MalformedRecord: Error {
    let body: String
  }

  private let http: HTTPClient

  init(http: HTTPClient) {
    self.http = http
  }

  func user(id: User.ID) throws -> User {
    let body = try http.get("/users/\(id)")
    guard let user = User(record: body) else { throw MalformedRecord(body: body) }
    return user
  }
}
