import Foundation
import GraphDrawing
import Loom
import LoomMacros
import Testing

@testable import LoomDemo

@Suite struct GraphCommandTests {
  /// The `PATH` the tests themselves run with, to find out whether Graphviz is installed.
  static let hostPath = ProcessInfo.processInfo.environment["PATH"]

  @Test(arguments: [GraphOutputFormat.svg, .png])
  func pictureWithoutGraphvizSaysHowToInstallItAndExitsOne(format: GraphOutputFormat) throws {
    try withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("graph.\(format.rawValue)").path
      // A PATH of one empty folder: no `dot` anywhere on it.
      let run = runDemo(
        ["graph", "--format", format.rawValue, "--output", file], variables: ["PATH": folder.path])

      #expect(run.status == 1)
      #expect(
        run.errors == """
          loom-demo: drawing the graph as \(format.rawValue) needs Graphviz's `dot` command, \
          which is not on PATH.
          Install Graphviz, then run the command again:
            Debian or Ubuntu: sudo apt-get install graphviz
            macOS (Homebrew): brew install graphviz
          Or print the graph's DOT source with `loom-demo graph --format dot` and draw it elsewhere.

          """)
      #expect(run.output == "")
      #expect(!FileManager.default.fileExists(atPath: file))
    }
  }

  @Test func componentPrintsTheComponentsGraph() {
    let run = runDemo(["graph", "--component", "--format", "mermaid"])

    #expect(run.status == 0)
    #expect(run.errors == "")
    let mermaid = OnboardingComponent.graph.export(.mermaid)
    #expect(run.output == mermaid + (mermaid.hasSuffix("\n") ? "" : "\n"))
    #expect(run.output.contains("guide"))
  }

  @Test func noPathMeansNoGraphviz() {
    #expect(Graphviz.find(inPath: nil) == nil)
    #expect(Graphviz.find(inPath: "") == nil)
  }

  @Test(
    .enabled(
      if: Graphviz.find(inPath: hostPath) != nil,
      "needs Graphviz's dot on PATH; the missing-dot path is tested without it"))
  func svgIsDrawnByGraphvizIntoTheFile() throws {
    try withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("app.svg")
      let run = runDemo(
        ["graph", "--features", "--format", "svg", "--output", file.path],
        variables: ["PATH": Self.hostPath ?? ""])

      #expect(run.status == 0)
      #expect(run.output == "")
      #expect(run.errors == "")
      let svg = try String(contentsOf: file, encoding: .utf8)
      #expect(svg.contains("<svg"))
      #expect(svg.contains("SettingsModel"))
    }
  }

  @Test func textFormatsGoToTheOutputFileAsTheyWouldBePrinted() throws {
    try withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("app.mmd")
      let printed = runDemo(["graph", "--format", "mermaid"])
      let written = runDemo(["graph", "--format=mermaid", "--output", file.path])

      #expect(written.status == 0)
      #expect(written.output == "")
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(text == printed.output)
      #expect(printed.output.hasPrefix("flowchart TD\n"))
    }
  }

  @Test func anOutputFileInAMissingFolderFailsWithExitOne() throws {
    try withTemporaryFolder { folder in
      let missing = folder.appendingPathComponent("missing")
      let file = missing.appendingPathComponent("app.dot").path
      let run = runDemo(["graph", "--format", "dot", "--output", file])

      #expect(run.status == 1)
      #expect(
        run.errors
          == "loom-demo: cannot write the graph to '\(file)': the folder '\(missing.path)' does"
          + " not exist\n")
      #expect(run.output == "")
    }
  }
}
