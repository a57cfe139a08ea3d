import CommandLineSupport
import GraphDrawing

/// Why loom-graph stops before reporting: a wrong argument (exit status 2), or a failure to read
/// or write, or to draw with Graphviz (exit status 1).
enum ToolError: Error, Equatable {
  case usage(UsageError)
  case failure(String)
  case graphviz(Graphviz.Failure)
}
