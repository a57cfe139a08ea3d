/// A transport that hands each request to another one and logs it with the response's status.
///
/// ``DebugAssembly`` puts it in front of the offline transport, so a `--debug` run shows the
/// traffic.
struct LoggingTransport: HTTPTransport {
  /// The transport that sends the requests.
  let base: any HTTPTransport
  /// Where each request is logged.
  let log: Logger

  func get(url: String, headers: [String: String]) -> (status: Int, body: String) {
    let response = base.get(url: url, headers: headers)
    log.write("GET \(url) → \(response.status)")
    return response
  }
}
