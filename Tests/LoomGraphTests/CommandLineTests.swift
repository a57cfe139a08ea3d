import Foundation
import GraphDrawing
import Testing

@testable import LoomGraph

/// loom-graph's arguments: what it accepts, and the message and status of what it does not.
@Suite struct CommandLineTests {
  @Test func argumentsAreReadInBothSpellings() throws {
    let options = try GraphToolOptions.parse([
      "--root", "Shop/", "--target=App", "--validate-dag", "--format", "svg", "--output=g.svg",
      "--root-pruning", "AppComponent", "--root-pruning", "Mailer",
    ])
    #expect(options.root == "Shop")
    #expect(options.targets == ["App"])
    #expect(options.validate)
    #expect(options.format == .svg)
    #expect(options.output == "g.svg")
    #expect(options.rootPruning == ["AppComponent", "Mailer"])
  }

  @Test(arguments: [
    (
      ["--format", "pdf"], "unknown format 'pdf' for --format (use text, mermaid, dot, svg or png)"
    ),
    (["--format", "png"], "--format png draws a picture, which needs --output FILE"),
    (["--output"], "option '--output' needs a file name"),
    (["--root", "--validate"], "option '--root' needs a folder"),
    (["--verbose"], "unknown option '--verbose'"),
    (["--verbose=yes"], "unknown option '--verbose'"),
    (["Shop"], "unexpected argument 'Shop'"),
    (["--validate=yes"], "option '--validate' takes no value"),
    (["--module", "App"], "--module needs NAME=PATH (a folder or a Swift file), not 'App'"),
  ])
  func aWrongArgumentIsNamedWithStatusTwo(arguments: [String], message: String) {
    let run = GraphTool.run(arguments, environment: [:])
    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors == "loom-graph: \(message)\nRun 'loom-graph --help' for usage.\n")
  }

  @Test func anUnknownRootSuggestsTheClosestComponent() {
    let run = Fixture.run(["--root", Fixture.shop, "--root-pruning", "CheckoutComponnt"])
    #expect(run.status == 2)
    #expect(
      run.errors == """
        loom-graph: --root-pruning: no component or key 'CheckoutComponnt' in the graph; did you mean 'CheckoutComponent'?
        Run 'loom-graph --help' for usage.

        """)
  }

  @Test func anUnknownTargetListsThePackagesTargets() {
    let run = Fixture.run(["--root", Fixture.shop, "--target", "Shop"])
    #expect(run.status == 2)
    #expect(
      run.errors.hasPrefix(
        "loom-graph: no target 'Shop' with Swift sources in the package (its targets: Account,"
          + " App, Broken, Checkout, Legacy, Miswired, Onboarding, Profile, ShopKit)"))
  }

  @Test func aFolderWithoutAManifestFailsWithStatusOne() throws {
    try Fixture.withTemporaryFolder { folder in
      let run = GraphTool.run(["--root", folder.path], environment: [:])
      #expect(run.status == 1)
      #expect(
        run.errors
          == "loom-graph: no Package.swift in '\(folder.path)'; pass the package's folder with --root\n"
      )
    }
  }

  @Test func aPictureWithoutGraphvizSaysHowToInstallItAndExitsOne() throws {
    try Fixture.withTemporaryFolder { folder in
      let run = GraphTool.run(
        ["--root", Fixture.shop, "--format", "svg", "--output", "\(folder.path)/shop.svg"],
        environment: ["PATH": folder.path])
      #expect(run.status == 1)
      #expect(
        run.errors == """
          loom-graph: drawing the graph as svg needs Graphviz's `dot` command, which is not on PATH.
          Install Graphviz, then run the command again:
            Debian or Ubuntu: sudo apt-get install graphviz
            macOS (Homebrew): brew install graphviz
          Or print the graph's DOT source with `loom-graph --format dot` and draw it elsewhere.

          """)
    }
  }

  @Test func helpListsEveryOption() {
    let run = GraphTool.run(["--help"], environment: [:])
    #expect(run.status == 0)
    for option in ["--root", "--target", "--validate", "--format", "--output", "--root-pruning"] {
      #expect(run.output.contains(option))
    }
  }

  @Test(arguments: [["-h"], ["--verbose", "--help"], ["--format", "pdf", "-h"]])
  func helpWinsWhateverElseIsOnTheCommandLine(arguments: [String]) {
    let run = GraphTool.run(arguments, environment: [:])
    #expect(run.status == 0)
    #expect(run.output == GraphToolOptions.help + "\n")
    #expect(run.errors == "")
  }
}
