import BenchFixtures
import Loom
import LoomSession

// The LoomSession cases: `session.cached` and `flow.cached` (a session / flow instance resolved
// again, by type, ratio to the closure baseline; goal: at most 2x the `singleton.type` ratio) and
// `endSession.1000` (ending a session that holds 1,000 live instances, ns per instance).

enum SessionBench {
  static func runners() -> [any Runner] {
    let sessions = Container()
    sessions.register(Service.self, lifetime: .session) { _ in Service() }
    _ = sessions.resolve(Service.self)
    let flows = Container()
    flows.register(Service.self, lifetime: .flow) { _ in Service() }
    let scope = flows.makeScope("bench")
    return [
      LoopRunner("session.cached") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(sessions.resolve(Service.self)) }
        return bits
      },
      LoopRunner("flow.cached") { n in
        scope.run {
          var bits: UInt = 0
          for _ in 0..<n { bits &+= identityBits(flows.resolve(Service.self)) }
          return bits
        }
      },
      EndSessionRunner(),
    ]
  }
}

/// A name of this type per session instance of `endSession.1000`.
final class SessionEntry: Sendable {
  init() {}
}

/// One `endSession()` per sample, of a fresh container (made, and its 1,000 session instances
/// resolved, before timing). Yields ns per instance.
struct EndSessionRunner: Runner {
  static let count = 1_000
  static let names = (0..<count).map { "s\($0)" }

  var cases: [String] { ["endSession.1000"] }

  func makeContainer() -> Container {
    let container = Container()
    for name in Self.names {
      container.register(SessionEntry.self, name: name, lifetime: .session) { _ in SessionEntry() }
    }
    for name in Self.names { _ = container.resolve(SessionEntry.self, name: name) }
    return container
  }

  mutating func calibrate(toward nanoseconds: Double) {
    _ = sample()
  }

  func sample() -> [Sample] {
    let container = makeContainer()
    let elapsed = timed { container.endSession() }
    return [Sample(name: "endSession.1000", nanosecondsPerOperation: elapsed / Double(Self.count))]
  }

  func profile(iterations: Int) {
    for _ in 0..<iterations { makeContainer().endSession() }
  }
}
