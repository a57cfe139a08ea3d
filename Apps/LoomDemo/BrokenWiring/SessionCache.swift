/// A long-lived cache that, by mistake, keeps the request it was first built for.
final class SessionCache: Sendable {
  let request: RequestContext

  init(request: RequestContext) {
    self.request = request
  }
}
