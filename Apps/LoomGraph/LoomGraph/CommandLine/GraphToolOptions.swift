import CommandLineSupport
import GraphDrawing

/// The options of `loom-graph`.
struct GraphToolOptions: Equatable, Sendable {
  /// `--root PATH`: the package to read (its manifest says where each target's sources are).
  var root = "."
  /// `--target NAME`, repeatable: read these targets and those they depend on.
  var targets: [String] = []
  /// `--validate`: report problems as `file:line:column: error:` lines; exit 1 on an error.
  var validate = false
  /// `--format FORMAT`: the graph's format; without it (and without `--validate`), text.
  var format: GraphOutputFormat?
  /// `--output FILE`: where to write the graph; required for a picture.
  var output: String?
  /// `--root-pruning NAME`, repeatable: draw only what these components or keys reach.
  var rootPruning: [String] = []
  /// `--module NAME=DIR`, repeatable (plugins): the modules to read instead of the manifest's.
  var modules: [String] = []
  /// `--report-module NAME` (build plugin): report only problems in this module's files.
  var reportModule: String?
  /// `--stamp FILE` (build plugin): the file the build command promises, written on success.
  var stamp: String?

  /// Reads the arguments (without the program name); `-h` and `--help` are looked for before.
  static func parse(_ arguments: [String]) throws(UsageError) -> GraphToolOptions {
    var options = GraphToolOptions()
    var reader = ArgumentReader(arguments)
    while let argument = try reader.next() {
      switch argument {
      case .option("--validate"), .option("--validate-dag"): options.validate = true
      case .option("--root"): options.root = try reader.value(needing: "a folder")
      case .option("--target"): options.targets.append(try reader.value(needing: "a target name"))
      case .option("--output"): options.output = try reader.value(needing: "a file name")
      case .option("--root-pruning"):
        options.rootPruning.append(try reader.value(needing: "a component or key name"))
      case .option("--module"): options.modules.append(try reader.value(needing: "NAME=PATH"))
      case .option("--report-module"):
        options.reportModule = try reader.value(needing: "a module name")
      case .option("--stamp"): options.stamp = try reader.value(needing: "a file name")
      case .option("--format"): options.format = try reader.choice(GraphOutputFormat.self)
      default: throw .unknown(argument)
      }
    }
    if options.format?.isPicture == true, options.output == nil {
      throw UsageError(
        "--format \(options.format?.rawValue ?? "") draws a picture, which needs --output FILE")
    }
    while options.root.count > 1, options.root.hasSuffix("/") { options.root.removeLast() }
    return options
  }

  /// `loom-graph --help`.
  static let help = """
    loom-graph: draw and validate an app's whole dependency graph from its Swift sources.

    Usage: loom-graph [--root PATH] [--target NAME]... [--validate]
                      [--format FORMAT] [--output FILE] [--root-pruning NAME]...

    It reads every component, child and member, @Injectable, @Bind, @Module and @Provides,
    key-path Dependency declaration and every registration whose key the call spells, across
    files and modules, without building the package. What it cannot read (a key computed at
    run time, a resolve whose type is inferred) is listed as "not seen".

    Options:
      --root PATH          The package to read (default: the current folder).
      --target NAME        Read this target and the targets it depends on (repeatable;
                           default: every target with Swift sources, tests aside).
      --validate           Report problems as `file:line:column: error:` lines, then a
                           summary; exit with status 1 if there is an error.
                           (--validate-dag is the same.)
      --format FORMAT      text (default), mermaid, dot, svg or png; svg and png are drawn by
                           Graphviz's `dot` into --output FILE.
      --output FILE        Write the graph to FILE instead of standard output.
      --root-pruning NAME  Draw only what a component or a key reaches (repeatable), such as
                           AppComponent or UserService.
      -h, --help           Show this help.

    Validation reports: a child whose parent does not wire one of its inputs, a hierarchy
    rule of @Component(parents:root:) broken, a component that mounts itself, two @Bind for
    one key, and, over the whole graph, cycles, captive lifetimes and async-from-sync
    dependencies (errors) and dependencies nothing registers (warnings).
    Each problem is reported once. `// loom-graph:ignore` on the line before a declaration
    silences every problem that involves it (reported inside it, or with a note there).
    A file that is not valid Swift, or that nests too deeply to read, is an error at its line.

    Exit status: 0 when there is no error, 1 when validation finds one or the graph cannot be
    written, 2 for a wrong argument. Arguments are checked before any file is read.
    """
}
