import Foundation
import Loom
import Synchronization

/// Runs work on a thread of its own with a large stack, and waits for it.
///
/// Reading Swift recurses with the nesting of the source (swift-syntax's parser and visitors),
/// and so do the walks over a deep graph; the main thread's 8 MiB (512 KiB on a secondary thread
/// of Darwin) is not enough for the deepest input loom-graph accepts (``NestingDepth/limit``).
/// Only the pages the work touches are ever committed.
enum LargeStack {
  /// The stack of loom-graph's work: every shape of nesting at ``NestingDepth/limit`` (each
  /// input of `BadInputTests` just under the limits) reads with a 16 MiB stack in a debug build,
  /// and 4 MiB is not enough for some; 256 MiB leaves room for a depth the estimate misses.
  static let size = 256 << 20

  /// Runs `body` on a new thread with a stack of `size` bytes and returns its result.
  static func run<Result: Sendable>(
    size: Int = LargeStack.size, _ body: @escaping @Sendable () -> Result
  )
    -> Result
  {
    let outcome = Outcome<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let result = body()
      outcome.value.withLock { $0 = result }
      done.signal()
    }
    thread.stackSize = size
    thread.start()
    done.wait()
    // NB: `signal()` follows the store, so the value is there once `wait()` returns.
    return outcome.value.withLock { $0! }
  }

  /// What the thread of ``run(size:_:)`` hands back to the caller.
  private final class Outcome<Result: Sendable>: Sendable {
    let value = Mutex<Result?>(nil)
  }
}
