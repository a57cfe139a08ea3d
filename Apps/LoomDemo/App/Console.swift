/// Section headings and labelled lines, so the demo's output reads as a short report.
enum Console {
  /// Prints a numbered section heading.
  static func heading(_ number: Int, _ title: String) {
    let text = "\(number). \(title)"
    print("\n\(text)\n\(String(repeating: "=", count: text.count))")
  }

  /// Prints the call being made, as the reader would write it.
  static func call(_ code: String) {
    print("  > \(code)")
  }

  /// Prints `label` padded to a column, then `value`.
  static func row(_ label: String, _ value: String) {
    let padding = String(repeating: " ", count: max(1, 18 - label.count))
    print("  \(label)\(padding)\(value)")
  }
}
