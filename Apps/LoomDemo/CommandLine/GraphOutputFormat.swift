import Loom

/// What `loom-demo graph --format` accepts: Loom's text exports, or a picture drawn from the DOT
/// export by Graphviz.
enum GraphOutputFormat: String, CaseIterable, Sendable {
  case text
  case mermaid
  case dot
  case svg
  case png

  /// The export this format is made from: itself for the text formats, DOT for a picture.
  var export: GraphFormat {
    switch self {
    case .text: .text
    case .mermaid: .mermaid
    case .dot, .svg, .png: .dot
    }
  }

  /// Whether Graphviz draws it into a file (`svg`, `png`) rather than Loom printing it.
  var isPicture: Bool { self == .svg || self == .png }

  /// The accepted names, for help and error messages: `text, mermaid, dot, svg or png`.
  static let names: String = {
    let names = allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
  }()
}
