/// A text format that ``DependencyGraph/export(_:)`` writes.
///
/// ```swift
/// print(container.graph.export(.mermaid))
/// let format = GraphFormat(rawValue: "dot")  // from a command-line flag
/// ```
public enum GraphFormat: String, Sendable, Hashable, CaseIterable {
  /// A Mermaid flowchart (`flowchart TD`), for Markdown that renders Mermaid (GitHub, DocC).
  ///
  /// ```swift
  /// let markdown = ["~~~mermaid", graph.export(.mermaid), "~~~"].joined(separator: "\n")
  /// ```
  case mermaid
  /// A Graphviz digraph, for `dot -Tsvg`.
  ///
  /// ```swift
  /// try graph.export(.dot).write(toFile: "graph.dot", atomically: true, encoding: .utf8)
  /// ```
  case dot
  /// An indented tree from the registrations nothing depends on, for a terminal.
  ///
  /// ```swift
  /// print(graph.export(.text))
  /// ```
  case text
}
