import Synchronization

/// A tiny HTTP client: prefixes the base URL, adds the auth header, and checks the status.
///
/// Registered with an auto-wired initializer (`Singleton(HTTPClient.self, HTTPClient.init)` in
/// ``NetworkAssembly``): its two parameters are its dependencies, and `container.dump()` lists them.
final class HTTPClient: Sendable {
  /// A response other than 200.
  struct StatusError: Error, CustomStringConvertible {
    let status: Int
    let url: String
    var description: String { "HTTP \(status) for \(url)" }
  }

  let config: AppConfig
  private let transport: any HTTPTransport
  private let sent = Atomic<Int>(0)

  init(config: AppConfig, transport: any HTTPTransport) {
    self.config = config
    self.transport = transport
  }

  /// How many requests this client has sent.
  var requestCount: Int { sent.load(ordering: .relaxed) }

  /// Sends `GET baseURL + path` and returns the body of a 200 response.
  func get(_ path: String) throws -> String {
    let url = config.baseURL + path
    sent.add(1, ordering: .relaxed)
    let response = transport.get(url: url, headers: ["Authorization": "Bearer \(config.apiToken)"])
    guard response.status == 200 else { throw StatusError(status: response.status, url: url) }
    return response.body
  }
}
