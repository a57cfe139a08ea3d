@_spi(LoomInternals) import Loom

/// A clock that moves only when a test advances it: expiry is tested without waiting.
final class ManualClock: _Concurrency.Clock, Sendable {
  struct Instant: InstantProtocol {
    let offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let current = Lock(Instant(offset: .zero))

  var now: Instant { current.withLock { $0 } }
  var minimumResolution: Duration { .zero }

  /// Moves the clock forward by `duration`.
  func advance(by duration: Duration) {
    current.withLock { $0 = $0.advanced(by: duration) }
  }

  /// Returns at once: nothing in these tests sleeps on this clock.
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
