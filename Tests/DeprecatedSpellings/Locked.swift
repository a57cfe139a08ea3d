// Loom 0.1.0's public lock, which 0.2 keeps compiling with a deprecation warning
// (Scripts/deprecations-check.sh).
import Loom

final class VisitCounter: Sendable {
  private let count = Locked(0)  // expect: deprecated

  func visit() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }

  var visits: Int { count.value }
}
