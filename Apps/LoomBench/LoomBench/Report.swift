import BenchFixtures

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Bench {
  /// Prints the table, then the JSON line (always the last line of the output).
  static func report(_ results: [CaseResult], options: Options, seconds: Double) {
    let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.info.name, $0) })
    func ratio(_ result: CaseResult) -> Double? {
      guard let baseline = result.info.baseline else { return 1 }
      return byName[baseline].map { result.nanoseconds / $0.nanoseconds }
    }

    let sampleMilliseconds = formatted(options.sampleNanoseconds / 1e6, digits: 0)
    print(
      "loom-bench: \(options.repetitions) repetitions of ~\(sampleMilliseconds) ms samples, "
        + "round-robin over the cases; every figure is a median")
    var machine = "\(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs online"
    if let load = loadAverage() { machine += ", load average \(load) at the end" }
    print("machine: \(machine); run took \(formatted(seconds, digits: 1)) s\n")

    var rows: [[String]] = [["case", "ns/op", "min–max", "ratio", "vs", "scaling", "goal", ""]]
    var missed = 0
    for result in results {
      let resultRatio = ratio(result)
      var verdict = ""
      if let goal = result.info.goal {
        let met: Bool?
        switch goal {
        case .ratioAtMost(let limit): met = resultRatio.map { $0 <= limit }
        case .scalingAtLeast(let limit): met = result.scaling.map { $0 >= limit }
        case .ratioAtMostTimes(let factor, let reference):
          let limit = byName[reference].flatMap(ratio).map { factor * $0 }
          met = resultRatio.flatMap { value in limit.map { value <= $0 } }
        case .scalingAtLeastOf(let fraction, let reference):
          let limit = byName[reference]?.scaling.map { fraction * $0 }
          met = result.scaling.flatMap { value in limit.map { value >= $0 } }
        }
        verdict = met.map { $0 ? "met" : "MISSED" } ?? ""
        if met == false { missed += 1 }
      }
      rows.append([
        result.info.name,
        formatted(result.nanoseconds),
        "\(formatted(result.low))–\(formatted(result.high))",
        resultRatio.map { formatted($0) } ?? "-",
        result.info.baseline.map { $0.replacingOccurrences("baseline.", "") } ?? "-",
        result.scaling.map { formatted($0) } ?? "",
        result.info.goal?.description ?? "",
        verdict,
      ])
    }
    printTable(rows)
    // The value singleton shares no cache line that either thread writes, so two cores must run
    // it nearly twice as fast as one. When they do not, another process had the second core and
    // every two-thread figure of this run is meaningless.
    if let canary = byName["diag.value.2threads"]?.scaling, canary < 1.6 {
      print(
        "\nwarning: diag.value.2threads scaled only \(formatted(canary)) (expected ~2): another "
          + "process was using a core, so the two-thread figures of this run are not reliable.")
    }
    print("\ngoals missed: \(missed); diag.* rows are diagnostics, not in the JSON line.")
    // The sink is printed so that no result the loops computed is dead.
    print("checksum: \(benchSinkTotal() & 0xFFFF)")

    let fields = results.filter { !$0.info.diagnostic }.map { result -> String in
      let ratioText = ratio(result).map { formatted($0, digits: 3) } ?? "null"
      var value = "\"ns\":\(formatted(result.nanoseconds)),\"ratio\":\(ratioText)"
      if let scaling = result.scaling { value += ",\"scaling\":\(formatted(scaling, digits: 3))" }
      return "\"\(result.info.name)\":{\(value)}"
    }
    print("{\(fields.joined(separator: ","))}")
  }

  private static func printTable(_ rows: [[String]]) {
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for (index, row) in rows.enumerated() {
      var line = ""
      for (column, cell) in row.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        // Numbers right-aligned, words left-aligned.
        line += (1...3).contains(column) || column == 5 ? padding + cell : cell + padding
        line += "  "
      }
      while line.hasSuffix(" ") { line.removeLast() }
      print(line)
      if index == 0 { print(String(repeating: "-", count: line.count)) }
    }
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    guard hasPrefix(target) else { return self }
    return replacement + dropFirst(target.count)
  }
}
