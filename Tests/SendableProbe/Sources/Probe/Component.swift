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
