#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nanoseconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`, which is also what
/// `ContinuousClock` reads on Linux), as a plain integer so that reading it costs one vDSO call.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Runs `body` and returns how long it took in nanoseconds.
@inline(__always)
func timed(_ body: () -> Void) -> Double {
  let start = monotonicNanoseconds()
  body()
  return Double(monotonicNanoseconds() &- start)
}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
  precondition(!values.isEmpty)
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// `value` with `digits` decimals, for the table and the JSON line (no Foundation needed).
func formatted(_ value: Double, digits: Int = 2) -> String {
  guard value.isFinite else { return "null" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  let whole = Int(scaled / scale)
  let fraction = Int(scaled - Double(whole) * scale)
  var text = "\(value < 0 ? "-" : "")\(whole)"
  if digits > 0 {
    let fractionText = String(fraction)
    text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
  }
  return text
}

/// The load average of the machine, to record beside the figures (`/proc/loadavg`), if readable.
func loadAverage() -> String? {
  guard let file = fopen("/proc/loadavg", "r") else { return nil }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 128)
  guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
  let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  let line = String(decoding: bytes, as: UTF8.self)
  return line.split(separator: " ").prefix(3).joined(separator: " ")
}
