/// A fake transport that answers from a fixed table of paths: deterministic and offline.
struct InMemoryTransport: HTTPTransport {
  /// The body returned for each path; any other path answers 404.
  let routes: [String: String]

  func get(url: String, headers: [String: String]) -> (status: Int, body: String) {
    guard headers["Authorization"] != nil else { return (401, "") }
    guard let body = routes[Self.path(of: url)] else { return (404, "") }
    return (200, body)
  }

  /// The path of an absolute URL: `/users/42` for `https://api.example.com/users/42`.
  private static func path(of url: String) -> String {
    let afterScheme = url.split(separator: "://", maxSplits: 1).last ?? Substring(url)
    guard let slash = afterScheme.firstIndex(of: "/") else { return "/" }
    return String(afterScheme[slash...])
  }

  /// A transport that knows one user.
  static let sample = InMemoryTransport(routes: [
    "/users/42": "id=42;name=Ada Lovelace;email=ada@example.com"
  ])
}
