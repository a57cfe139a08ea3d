/// Sends one HTTP request: the seam between ``HTTPClient`` and the network.
///
/// The demo binds it to ``InMemoryTransport``, so it never touches the network.
protocol HTTPTransport: Sendable {
  /// Sends a GET request and returns the response's status code and body.
  func get(url: String, headers: [String: String]) -> (status: Int, body: String)
}
