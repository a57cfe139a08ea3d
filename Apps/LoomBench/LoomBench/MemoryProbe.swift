import BenchFixtures
import Loom

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Bench {
  /// Re-registers one singleton key `count` times in one container, resolving it after each
  /// registration (so every replaced registration had made an instance), and prints the growth of
  /// resident memory per re-registration as a JSON line. A registry that keeps what it replaced
  /// grows by a kilobyte or so per re-registration; one that releases it stays flat.
  static func memoryProbe(_ count: Int) {
    let container = BenchWiring.makeContainer()
    // Warm up: the first registrations grow the table and the allocator's pools.
    for round in 0..<1_000 { reregister(container, round) }
    let before = residentBytes()
    for round in 0..<count { reregister(container, round) }
    let after = residentBytes()
    let perRegistration = Double(after - before) / Double(count)
    print(
      "{\"memory.reregister\":{\"registrations\":\(count),\"rssBefore\":\(before),"
        + "\"rssAfter\":\(after),\"bytesPerRegistration\":\(formatted(perRegistration, digits: 2))}}"
    )
    let containers = max(1, count / ThousandKeys.count)
    print(
      "{\"memory.registration\":{\"registrations\":\(containers * ThousandKeys.count),"
        + "\"bytesPerNewRegistration\":"
        + "\(formatted(registrationMemory(containers: containers), digits: 1))}}")
  }

  /// The resident memory one registration keeps: `containers` containers, each with the 1,000
  /// singleton registrations of `ThousandKeys` (none resolved), kept alive; the growth divided by
  /// the registrations (each container's own memory is spread over its 1,000).
  private static func registrationMemory(containers: Int) -> Double {
    // Warm up: the allocator's pools and the code, on one container dropped at once.
    ThousandKeys.registerAll(in: Container())
    var kept: [Container] = []
    kept.reserveCapacity(containers)
    let before = residentBytes()
    for _ in 0..<containers {
      let container = Container()
      ThousandKeys.registerAll(in: container)
      kept.append(container)
    }
    let after = residentBytes()
    benchSink(UInt(kept.count))
    return Double(after - before) / Double(containers * ThousandKeys.count)
  }

  /// One re-registration of the probe's key, whose factory captures a payload, and a resolve.
  private static func reregister(_ container: Container, _ round: Int) {
    let payload = [UInt8](repeating: UInt8(truncatingIfNeeded: round), count: 64)
    container.register(MemoryProbeValue.self, lifetime: .singleton) { _ in
      MemoryProbeValue(payload: payload)
    }
    benchSink(UInt(container.resolve(MemoryProbeValue.self).payload.count))
  }

  /// The resident set size of this process, in bytes.
  static func residentBytes() -> Int {
    #if os(Linux)
      // `/proc/self/statm`: total and resident pages, then more fields.
      guard let file = fopen("/proc/self/statm", "r") else { return 0 }
      defer { fclose(file) }
      var line = [CChar](repeating: 0, count: 256)
      guard fgets(&line, CInt(line.count), file) != nil else { return 0 }
      let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      let fields = text.split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      var usage = rusage()
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)
    #endif
  }
}

/// The value the memory probe registers over and over.
final class MemoryProbeValue: Sendable {
  let payload: [UInt8]

  init(payload: [UInt8]) {
    self.payload = payload
  }
}
