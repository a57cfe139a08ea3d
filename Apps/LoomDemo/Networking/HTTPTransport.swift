/// Sends one HTTP request: the seam between ``HTTPClient`` and the network.
///
/// ``NetworkAssembly`` registers ``InMemoryTransport``, so the demo never touches the network; the
/// environment layer wraps it in ``RetryingTransport`` (production) or ``LoggingTransport`` (debug).
protocol HTTPTransport: Sendable {
  /// Sends a GET request and returns the response's status code and body.
  func get(url: String, headers: [String: String]) -> (status: Int, body: String)
}
