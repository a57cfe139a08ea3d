// The thread helpers of the test targets that race plain threads (LoomTests, LoomStressTests):
// one copy, in a support target both depend on.

package import Dispatch
import Foundation

/// Runs `body` on `count` new threads, released together once all exist, and waits at most
/// `timeout` for all of them to finish.
///
/// These are real threads (Foundation's `Thread`), not Swift concurrency tasks: a test that blocks
/// them on semaphores must not block the small cooperative pool the test runner itself runs on.
/// For the same reason a test calls ``onThreads(count:timeout:_:)``, which waits without blocking;
/// this blocking wait is for code that already runs on a thread of its own.
///
/// - Returns: Whether every thread finished in time. A thread that did not is left running.
package func runOnThreads(
  count: Int, timeout: DispatchTimeInterval = .seconds(20),
  _ body: @escaping @Sendable (_ index: Int) -> Void
) -> Bool {
  let started = DispatchGroup()
  let finished = DispatchGroup()
  let go = DispatchSemaphore(value: 0)
  for index in 0..<count {
    started.enter()
    finished.enter()
    let thread = Thread {
      started.leave()
      _ = go.wait(timeout: .now() + timeout)
      body(index)
      finished.leave()
    }
    thread.start()
  }
  _ = started.wait(timeout: .now() + timeout)
  for _ in 0..<count { go.signal() }
  return finished.wait(timeout: .now() + timeout) == .success
}

/// Runs `body` on `count` new threads like ``runOnThreads(count:timeout:_:)``, and suspends (never
/// blocks) the calling task until they finish: the waiting happens on a thread of its own, so the
/// cooperative pool stays free for the tasks the threads race with.
///
/// - Returns: Whether every thread finished in time.
package func onThreads(
  count: Int, timeout: DispatchTimeInterval = .seconds(20),
  _ body: @escaping @Sendable (_ index: Int) -> Void
) async -> Bool {
  await withCheckedContinuation { continuation in
    Thread {
      continuation.resume(returning: runOnThreads(count: count, timeout: timeout, body))
    }.start()
  }
}

/// Waits for `semaphore` on a thread of its own, suspending (never blocking) the calling task.
package func waitOnAThread(for semaphore: DispatchSemaphore) async {
  await withCheckedContinuation { continuation in
    Thread {
      semaphore.wait()
      continuation.resume()
    }.start()
  }
}

/// Blocks the calling thread for a moment, to widen a race window (never to assert on time).
package func pause(milliseconds: Int) {
  Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
}
