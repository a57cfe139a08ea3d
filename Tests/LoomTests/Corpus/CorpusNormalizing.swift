import Foundation

/// `text` with every source line number (`File.swift:123`) written `File.swift:#`, so the pinned
/// texts of the corpus do not change when a line moves.
func normalizedLines(_ text: String) -> String {
  text.replacingOccurrences(
    of: #"\.swift:[0-9]+"#, with: ".swift:#", options: .regularExpression)
}
