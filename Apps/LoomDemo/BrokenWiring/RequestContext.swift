/// State of one request; meant to be rebuilt for every top-level resolve (`.graph`).
final class RequestContext: Sendable {
  init() {}
}
