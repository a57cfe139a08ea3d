import Loom
import LoomAssembly

/// `loom-demo graph [--format mermaid|dot|text] [--features]`: prints the app's dependency graph;
/// with `--features`, the app container and its feature containers, joined by ownership edges.
///
/// Every factory's dependencies are known without running it (auto-wired initializers, and
/// closures that declare `dependencies:`), so the graph is complete as soon as the app is
/// installed.
enum GraphCommand {
  static func run(arguments: [String], environment: AppEnvironment) -> Int32 {
    var format = GraphFormat.text
    if let index = arguments.firstIndex(of: "--format") {
      guard index + 1 < arguments.count, let chosen = GraphFormat(rawValue: arguments[index + 1])
      else {
        print("loom-demo graph: --format takes one of: mermaid, dot, text")
        return 2
      }
      format = chosen
    }
    let container = Wiring.makeContainer(environment)
    let text =
      arguments.contains("--features")
      ? container.exportFeatureGraph(format) : container.graph.export(format)
    // Both exports end with a newline already.
    print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    return 0
  }
}
