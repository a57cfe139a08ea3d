package import Loom

/// What `--format` of `loom-demo graph` and `loom-graph` accepts: Loom's text exports, or a
/// picture drawn from the DOT export by Graphviz.
package enum GraphOutputFormat: String, CaseIterable, Sendable {
  case text
  case mermaid
  case dot
  case svg
  case png

  /// The export this format is made from: itself for the text formats, DOT for a picture.
  package var export: GraphFormat {
    switch self {
    case .text: .text
    case .mermaid: .mermaid
    case .dot, .svg, .png: .dot
    }
  }

  /// Whether Graphviz draws it into a file (`svg`, `png`) rather than the tool printing it.
  package var isPicture: Bool { self == .svg || self == .png }
}
