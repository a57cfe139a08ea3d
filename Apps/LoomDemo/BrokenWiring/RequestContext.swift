/// State of one request; meant to live only while the request holds it (`.weak`).
final class RequestContext: Sendable {
  init() {}
}
