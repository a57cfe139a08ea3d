import GraphDrawing

/// The options of `loom-demo graph`.
struct GraphOptions: Equatable, Sendable {
  /// `--format`: `text` unless given.
  var format = GraphOutputFormat.text
  /// `--output FILE`: where to write the graph instead of standard output; required for a picture.
  var output: String?
  /// `--features`: include the feature containers.
  var features = false
  /// `--component`: the graph of `OnboardingComponent`, the compile-time component, instead.
  var component = false
}
