/// A transport that sends a request again while the server fails (a status of 500 or more), up to
/// a number of attempts.
///
/// ``ProductionAssembly`` puts it in front of the transport; the offline one never fails, so the
/// demo's output is the same with or without it.
struct RetryingTransport: HTTPTransport {
  /// The transport that sends the requests.
  let base: any HTTPTransport
  /// How many times a request is sent at most; 1 sends it once.
  let attempts: Int

  func get(url: String, headers: [String: String]) -> (status: Int, body: String) {
    var response = base.get(url: url, headers: headers)
    var attempt = 1
    while response.status >= 500, attempt < attempts {
      attempt += 1
      response = base.get(url: url, headers: headers)
    }
    return response
  }
}
