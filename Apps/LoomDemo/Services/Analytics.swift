import Loom
import Synchronization

/// Records product events. Starting it is "expensive", so ``UserService`` holds it as a `Lazy`.
final class Analytics: Sendable {
  private let log: Logger
  private let recorded = Mutex<[String]>([])

  init(log: Logger) {
    self.log = log
  }

  /// The events tracked so far, oldest first.
  var events: [String] { recorded.withLock { $0 } }

  /// Records one event.
  func track(_ event: String) {
    recorded.withLock { $0.append(event) }
    log.write("track \(event)")
  }
}
