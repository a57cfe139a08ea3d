import Loom
import LoomMacros

/// Shape 8: a compile-time component whose transient member's type is not `Sendable`
/// (`APIClient`, shape 1), built from a `Sendable` input. Each read makes a new client and hands
/// it over; its override is a factory, so an overridden read is new too.
@Component
struct NetworkComponent {
  @Provide(.input) var baseURL: String
  @Provide(
    .transient,
    factory: { (baseURL: String) in
      APIClient(session: NetworkSession(), baseURL: baseURL)
    })
  var client: APIClient
}

/// Shape 9: a main-actor component (a UI root) whose shared members are not `Sendable`: a
/// session (`NetworkSession`, shape 1's reference) and the existential of a protocol that does
/// not refine `Sendable` (`UserRepository`, shape 2). The component makes, keeps and reads them
/// on the main actor only; installed, they are served on the main actor only.
@Component(mainActor: true)
struct ScreenComponent {
  @Provide(.shared, factory: { NetworkSession() }) var session: NetworkSession
  @Provide(
    .shared,
    factory: { (session: NetworkSession) -> any UserRepository in
      RemoteUserRepository(client: APIClient(session: session))
    })
  var users: any UserRepository
}
