/// The texts `loom-demo` prints about itself: the usage lines shown with every usage error, and
/// the full help of `--help`.
enum Help {
  /// The synopsis, one line per form of the command.
  static let usage = """
    usage: loom-demo [--debug]
           loom-demo [--debug] graph [--format FORMAT] [--output FILE]
                                     [--features | --component]
           loom-demo [--debug] validate [--broken]
           loom-demo help | --help | -h
    """

  /// What `loom-demo --help` prints.
  static let text = """
    loom-demo: a small app wired with Loom. It uses the app, then shows what the
    container built and what broken wiring reports.

    \(usage)

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
