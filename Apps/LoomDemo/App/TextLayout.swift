/// Wraps the lines of Loom's text output (error trees, `dump()` rows, reports) to a width,
/// keeping their shape: a tree line continues under its text with the tree's rail, a table row
/// moves its last columns to lines of their own under the second column, and other text wraps
/// at spaces under its own indentation.
enum TextLayout {
  /// `line` as one or more lines of at most `width` characters (a single word longer than the
  /// width stays whole).
  static func fit(_ line: String, width: Int) -> [String] {
    guard line.count > width else { return [line] }
    let indent = String(line.prefix(while: { $0 == " " }))
    let content = line.dropFirst(indent.count)

    // A tree line: `├─ `, `└─ ` or `│  `, possibly nested.
    let glyphs = content.prefix(while: { "│├└─ ".contains($0) })
    if glyphs.contains(where: { $0 != " " }) {
      let rail = String(glyphs.map { $0 == "│" || $0 == "├" ? "│" : " " })
      return wrap(
        String(content.dropFirst(glyphs.count)), width: width, first: indent + glyphs,
        rest: indent + rail)
    }

    // A table row: columns separated by two or more spaces.
    let columns = TextLayout.columns(of: String(content))
    if columns.count > 1 {
      var kept = 1
      while kept < columns.count,
        indent.count + columns[kept].offset + columns[kept].text.count <= width
      {
        kept += 1
      }
      let headEnd = columns[kept - 1].offset + columns[kept - 1].text.count
      let hanging = indent + String(repeating: " ", count: columns[1].offset)
      var lines = [indent + String(content.prefix(headEnd))]
      for column in columns[kept...] {
        for part in column.text.split(separator: "; ") {
          lines += wrap(String(part), width: width, first: hanging, rest: hanging + "  ")
        }
      }
      return lines
    }

    return wrap(String(content), width: width, first: indent, rest: indent + "  ")
  }

  /// The columns of a table row, with the offset at which each starts.
  private static func columns(of row: String) -> [(offset: Int, text: String)] {
    var columns: [(offset: Int, text: String)] = []
    var current = ""
    var start = 0
    var spaces = 0
    for (offset, character) in row.enumerated() {
      if character == " " {
        spaces += 1
        continue
      }
      if spaces >= 2 || current.isEmpty {
        if !current.isEmpty { columns.append((start, current)) }
        current = String(character)
        start = offset
      } else {
        current += String(repeating: " ", count: spaces) + String(character)
      }
      spaces = 0
    }
    if !current.isEmpty { columns.append((start, current)) }
    return columns
  }

  /// Greedy word wrap: the first line starts with `first`, the others with `rest`.
  private static func wrap(_ text: String, width: Int, first: String, rest: String) -> [String] {
    var lines: [String] = []
    var current = first
    var isEmpty = true
    for word in text.split(separator: " ") {
      if !isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = rest
        isEmpty = true
      }
      current += (isEmpty ? "" : " ") + word
      isEmpty = false
    }
    lines.append(current)
    return lines
  }
}
