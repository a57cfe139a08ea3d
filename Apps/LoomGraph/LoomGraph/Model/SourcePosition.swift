/// A place in a scanned file, as an editor jumps to it: `path:line:column`.
struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The file's path as loom-graph prints it (under the package root it was given).
  let file: String
  /// The line, from 1.
  let line: Int
  /// The column, from 1.
  let column: Int

  var description: String { "\(file):\(line):\(column)" }

  static func < (left: Self, right: Self) -> Bool {
    (left.file, left.line, left.column) < (right.file, right.line, right.column)
  }
}

/// The lines a declaration spans in one file, for `// loom-graph:ignore`.
struct SourceRange: Hashable, Sendable {
  let file: String
  let lines: ClosedRange<Int>

  func contains(_ position: SourcePosition) -> Bool {
    position.file == file && lines.contains(position.line)
  }
}
