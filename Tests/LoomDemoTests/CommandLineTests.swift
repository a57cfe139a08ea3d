import GraphDrawing
import Testing

@testable import LoomDemo

@Suite struct CommandLineTests {
  // MARK: - Help

  @Test(arguments: [
    ["--help"], ["-h"], ["help"], ["--debug", "help"], ["graph", "--help"],
    ["validate", "--borken", "-h"], ["nonsense", "--help"],
  ])
  func helpGoesToStandardOutputAndExitsZero(arguments: [String]) {
    let run = runDemo(arguments)

    #expect(run.status == 0)
    #expect(run.output == Self.help)
    #expect(run.errors == "")
  }

  @Test func helpFitsEightyColumns() {
    for line in Help.text.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  // MARK: - Usage errors

  @Test(arguments: [
    (["grpah"], "unknown command 'grpah' (the commands are graph, validate, help)"),
    (["--bogus"], "unknown option '--bogus'"),
    (["--broken"], "unknown option '--broken'"),
    (["--format", "dot"], "unknown option '--format'"),
    (["validate", "--borken"], "unknown option '--borken' for validate"),
    (["validate", "--debug", "--broken", "extra"], "unexpected argument 'extra' for validate"),
    (["validate", "--broken=yes"], "option '--broken' takes no value"),
    (["graph", "--borked"], "unknown option '--borked' for graph"),
    (["graph", "--broken"], "unknown option '--broken' for graph"),
    (["graph", "mermaid"], "unexpected argument 'mermaid' for graph"),
    (["graph", "--format"], "option '--format' needs a value: text, mermaid, dot, svg or png"),
    (
      ["graph", "--format", "--features"],
      "option '--format' needs a value: text, mermaid, dot, svg or png"
    ),
    (
      ["graph", "--format=", "dot"],
      "option '--format' needs a value: text, mermaid, dot, svg or png"
    ),
    (
      ["graph", "--format", "bmp"],
      "unknown format 'bmp' for --format (use text, mermaid, dot, svg or png)"
    ),
    (
      ["graph", "--format=Dot"],
      "unknown format 'Dot' for --format (use text, mermaid, dot, svg or png)"
    ),
    (["graph", "--format", "svg"], "--format svg needs --output FILE: a picture goes to a file"),
    (
      ["graph", "--format=png", "--features"],
      "--format png needs --output FILE: a picture goes to a file"
    ),
    (["graph", "--output"], "option '--output' needs a file name"),
    (["graph", "--output", "--features"], "option '--output' needs a file name"),
    (["graph", "--features=all"], "option '--features' takes no value"),
    (
      ["graph", "--features", "--component"],
      "--features and --component draw different graphs: pick one"
    ),
    (["graph", "--component=onboarding"], "option '--component' takes no value"),
    (["help", "graph"], "unexpected argument 'graph' for help"),
    (["help", "--verbose"], "unknown option '--verbose' for help"),
    (["graph", "--debug=yes"], "option '--debug' takes no value"),
    (["graph", "--bogus=1"], "unknown option '--bogus' for graph"),
  ])
  func usageErrorNamesTheArgumentOnStandardErrorAndExitsTwo(arguments: [String], message: String) {
    let run = runDemo(arguments)

    #expect(run.status == 2)
    #expect(run.errors == usageErrorText(message))
    #expect(run.output == "")
  }

  // MARK: - Parsing

  @Test func noCommandTellsTheStory() throws {
    #expect(try CommandLineParser.parse([]) == Invocation(command: .story))
    #expect(try CommandLineParser.parse(["--debug"]) == Invocation(command: .story, debug: true))
  }

  @Test func graphOptionsInEitherSpellingAndDebugAnywhere() throws {
    #expect(try CommandLineParser.parse(["graph"]) == Invocation(command: .graph(GraphOptions())))
    #expect(
      try CommandLineParser.parse(["graph", "--features", "--format", "dot", "--debug"])
        == Invocation(command: .graph(GraphOptions(format: .dot, features: true)), debug: true))
    #expect(
      try CommandLineParser.parse(["--debug", "graph", "--format=svg", "--output=app graph.svg"])
        == Invocation(
          command: .graph(GraphOptions(format: .svg, output: "app graph.svg")), debug: true))
    #expect(
      try CommandLineParser.parse(["graph", "--format", "text", "--format", "mermaid"])
        == Invocation(command: .graph(GraphOptions(format: .mermaid))))
    #expect(
      try CommandLineParser.parse(["graph", "--component", "--format", "dot"])
        == Invocation(command: .graph(GraphOptions(format: .dot, component: true))))
  }

  @Test func validateTakesBroken() throws {
    #expect(
      try CommandLineParser.parse(["validate"]) == Invocation(command: .validate(broken: false)))
    #expect(
      try CommandLineParser.parse(["validate", "--broken"])
        == Invocation(command: .validate(broken: true)))
  }

  /// The whole of `loom-demo --help`, pinned.
  static let help = """
    loom-demo: a small app wired with Loom. It uses the app, then shows what the
    container built and what broken wiring reports.

    usage: loom-demo [--debug]
           loom-demo [--debug] graph [--format FORMAT] [--output FILE]
                                     [--features | --component]
           loom-demo [--debug] validate [--broken]
           loom-demo help | --help | -h

    Commands:
      (none)       Tell the app's story: resolve its graph, use it, run a user
                   session and a checkout flow, open a feature container, build a
                   compile-time component, dump the registrations and show the
                   errors of broken wiring.
      graph        Print the app's dependency graph, or draw it with Graphviz.
      validate     Validate the app's graph and its feature containers.
      help         Print this help.

    Options for every command:
      --debug      Install the debug wiring: DebugAssembly logs every HTTP request.
      -h, --help   Print this help and exit, whatever else is on the command line.

    Options for graph:
      --format FORMAT   text (the default), mermaid or dot are printed as text;
                        svg or png are drawn by Graphviz's `dot` into --output FILE.
      --output FILE     Write the graph to FILE instead of standard output
                        (required for svg and png).
      --features        Add the feature containers, joined to the app by ownership
                        edges.
      --component       Print the graph of OnboardingComponent, the compile-time
                        component, instead of the container's.

    Options for validate:
      --broken     Also install BrokenWiringAssembly: a missing dependency, a cycle
                   and a captive lifetime, all reported at once.

    Environment:
      LOOM_DEMO_DEBUG   1, true or yes: the same as --debug.
      PATH              Where graph looks for Graphviz's `dot` (for svg and png).

    Exit status:
      0   Success; for validate, no problems.
      1   validate found problems, or graph could not draw or write the graph
          (for example, Graphviz is not installed).
      2   Usage error: an unknown command, option or value, or a missing value.
    Errors go to standard error, everything else to standard output.

    Examples:
      loom-demo --debug
      loom-demo graph --features --format mermaid
      loom-demo graph --component --format mermaid
      loom-demo graph --features --format svg --output loom-demo.svg
      loom-demo validate --broken

    """
}
