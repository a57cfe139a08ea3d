@_spi(LoomInternals) import Loom

@testable import LoomDemo

/// A transport that answers from a list of responses, in order (repeating the last), and
/// remembers every request it was sent.
final class StubTransport: HTTPTransport {
  /// One request: its URL and headers.
  struct Request: Equatable {
    let url: String
    let headers: [String: String]
  }

  private let responses: [(status: Int, body: String)]
  private let sent = Lock<[Request]>([])

  init(_ responses: (status: Int, body: String)...) {
    precondition(!responses.isEmpty, "a stub needs at least one response")
    self.responses = responses
  }

  /// The requests sent so far, oldest first.
  var requests: [Request] { sent.withLock { $0 } }

  func get(url: String, headers: [String: String]) -> (status: Int, body: String) {
    let count = sent.withLock { sent in
      sent.append(Request(url: url, headers: headers))
      return sent.count
    }
    return responses[min(count, responses.count) - 1]
  }
}
