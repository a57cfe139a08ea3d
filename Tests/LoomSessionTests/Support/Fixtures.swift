@_spi(LoomInternals) import Loom
import LoomSession

/// A session- or flow-scoped object that counts the teardown calls it receives.
final class Tracked: SessionScoped, FlowScoped, Sendable {
  /// The session (or flow) number it was made in.
  let tag: Int
  private let endings = Lock(0)

  init(tag: Int = 0) {
    self.tag = tag
  }

  /// How many times a hook told it that its lifetime ended.
  var timesEnded: Int { endings.value }

  func sessionDidEnd() { endings.withLock { $0 += 1 } }

  func flowDidEnd() { endings.withLock { $0 += 1 } }
}

/// An object whose teardown is asynchronous and records that it finished.
final class AsyncTracked: AsyncSessionScoped, AsyncFlowScoped, Sendable {
  private let endings = Lock(0)

  /// How many times an async hook ran to its end.
  var timesEnded: Int { endings.value }

  func sessionDidEnd() async {
    await Task.yield()
    endings.withLock { $0 += 1 }
  }

  func flowDidEnd() async {
    await Task.yield()
    endings.withLock { $0 += 1 }
  }
}

/// A plain object with no teardown hook.
final class Plain: Sendable {}

/// Holds a dependency through `@Injected`.
struct Holder: Sendable {
  @Injected var tracked: Tracked

  init(container: Container) {
    _tracked = Injected(container: container)
  }
}

/// A singleton that takes a session instance in its initializer: a captive dependency.
final class Preferences: Sendable {
  let tracked: Tracked

  init(tracked: Tracked) {
    self.tracked = tracked
  }
}

/// A protocol registered with the session lifetime, forwarding to `Tracked`.
protocol Account: Sendable {}

extension Tracked: Account {}
