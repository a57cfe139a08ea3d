import Foundation
import GraphDrawing
import Loom
import LoomAssembly
import LoomMacros

/// `loom-demo graph [--format FORMAT] [--output FILE] [--features | --component]`: prints the
/// app's dependency graph as text, Mermaid or DOT, or draws it as SVG or PNG with Graphviz; with
/// `--features`, the app container and its feature containers, joined by ownership edges; with
/// `--component`, the graph of `OnboardingComponent`, the compile-time component.
///
/// Every factory's dependencies are known without running it (auto-wired initializers, and
/// closures that declare `dependencies:`), so the graph is complete as soon as the app is
/// installed.
enum GraphCommand {
  /// Runs the command.
  ///
  /// - Parameters:
  ///   - options: The command's options.
  ///   - environment: The wiring to graph.
  ///   - searchPath: The `PATH` to look for Graphviz's `dot` in.
  ///   - output: Where the graph is printed without `--output`.
  ///   - errors: Where failures are reported.
  /// - Returns: The exit status: 0, or 1 if the graph could not be drawn or written.
  static func run(
    _ options: GraphOptions, environment: AppEnvironment, searchPath: String?,
    output: Console, errors: Console
  ) -> Int32 {
    // Look for Graphviz before doing any work, so that its absence is the only thing reported.
    var graphviz: Graphviz?
    if options.format.isPicture {
      guard let found = Graphviz.find(inPath: searchPath) else {
        let failure = Graphviz.Failure.notInstalled(
          format: options.format, program: "loom-demo", dotCommand: "loom-demo graph --format dot")
        errors.line(failure.description)
        return DemoCommandLine.failure
      }
      graphviz = found
    }

    if let file = options.output, let problem = folderProblem(of: file) {
      errors.line("loom-demo: cannot write the graph to '\(file)': \(problem)")
      return DemoCommandLine.failure
    }

    let format = options.format.export
    var text: String
    if options.component {
      text = OnboardingComponent.graph.export(format)
    } else {
      let container = Wiring.makeContainer(environment, console: output)
      text =
        options.features ? container.exportFeatureGraph(format) : container.graph.export(format)
    }
    if !text.hasSuffix("\n") { text += "\n" }

    switch (graphviz, options.output) {
    case (let graphviz?, let file?):
      do throws(Graphviz.Failure) {
        try graphviz.render(text, as: options.format, to: file, program: "loom-demo")
      } catch {
        errors.line(error.description)
        return DemoCommandLine.failure
      }
    case (_, let file?):
      do {
        try text.write(toFile: file, atomically: true, encoding: .utf8)
      } catch {
        errors.line("loom-demo: cannot write the graph to '\(file)': \(error.localizedDescription)")
        return DemoCommandLine.failure
      }
    case (_, nil) where options.format == .text:
      output.block(String(text.dropLast()))
    case (_, nil):
      output.write(text)
    }
    return DemoCommandLine.success
  }

  /// Why a file cannot be written at `path` because of its folder, or nil if the folder exists.
  private static func folderProblem(of path: String) -> String? {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      return "the folder '\(folder)' does not exist"
    }
    return isDirectory.boolValue ? nil : "'\(folder)' is not a folder"
  }
}
