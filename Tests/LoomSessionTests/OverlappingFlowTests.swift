import Foundation
import LoomSession
import Testing

@_spi(LoomInternals) @testable import Loom

/// Flows begun with `beginScope` on one container from several threads at once: a sharp edge
/// (such a flow is current for the whole container), which debug builds warn about and whose
/// failures say which flow they met.
@Suite struct OverlappingFlowTests {
  @Test func beginningAFlowWhileAnotherThreadsFlowIsOpenWarns() {
    let container = Container()
    // A thread of its own (two tasks may well run on one thread of the cooperative pool).
    let first = Lock<FlowScope?>(nil)
    let begun = DispatchSemaphore(value: 0)
    Thread {
      first.withLock { $0 = container.beginScope("upload") }
      begun.signal()
    }.start()
    begun.wait()
    let warnings = Lock<[String]>([])
    let sink: @Sendable (String) -> Void = { text in warnings.withLock { $0.append(text) } }
    let second = RegistrationWarnings.$sink.withValue(sink) { container.beginScope("download") }
    second.end()
    first.value?.end()
    #if DEBUG
      let text = warnings.value.first
      #expect(warnings.value.count == 1)
      #expect(
        text?.contains(
          "the flow \"download\" was begun on this container while the flow \"upload\", begun on"
            + " another thread, is open") == true)
      #expect(text?.contains("use `container.withScope(\"download\") { flow in ... }`") == true)
    #else
      #expect(warnings.value.isEmpty)
    #endif
  }

  @Test func nestedFlowsBegunOnOneThreadDoNotWarn() {
    let container = Container()
    let warnings = Lock<[String]>([])
    let sink: @Sendable (String) -> Void = { text in warnings.withLock { $0.append(text) } }
    RegistrationWarnings.$sink.withValue(sink) {
      let outer = container.beginScope("checkout")
      let inner = container.beginScope("payment")
      inner.end()
      outer.end()
    }
    #expect(warnings.value.isEmpty)
  }

  /// Threads that begin and end flows on one container while another resolves in them: every
  /// failure is `scopeRequired`, and one that met another thread's flow ending says so.
  @Test(.timeLimit(.minutes(1)))
  func aResolveThatMeetsAnotherThreadsFlowEndingSaysSo() {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let stop = Lock(false)
    let unexpected = Lock<[String]>([])
    let done = DispatchGroup()
    done.enter()
    Thread {
      for _ in 0..<2_000 { container.beginScope("job").end() }
      stop.withLock { $0 = true }
      done.leave()
    }.start()
    while !stop.value {
      do throws(ResolutionError) {
        _ = try container.tryResolve(Tracked.self)
      } catch {
        let known =
          error.summary == "Tracked has the flow lifetime, but no flow scope is current"
          || error.summary
            == "Tracked has the flow lifetime, and the flow \"job\" current for its container,"
            + " begun on another thread, ended while it was resolved"
        if error.code != .scopeRequired || !known {
          unexpected.withLock { $0.append(error.description) }
        }
      }
    }
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(unexpected.value == [])
  }
}
