import CommandLineSupport
import Foundation
import GraphDrawing
@_spi(LoomInternals) import Loom

/// `loom-graph`: reads the package, builds the app's graph, validates and draws it.
enum GraphTool {
  /// What a run printed and its exit status.
  struct Run: Equatable, Sendable {
    var status: Int32 = 0
    var output = ""
    var errors = ""
  }

  /// The environment variable that turns the build plugin's validation off.
  static let switchVariable = "LOOM_GRAPH_VALIDATION"

  /// Runs loom-graph with `arguments` (without the program name), on a thread with a large stack
  /// (see ``LargeStack``).
  static func run(_ arguments: [String], environment: [String: String]) -> Run {
    LargeStack.run { runHere(arguments, environment: environment) }
  }

  /// ``run(_:environment:)`` on the calling thread.
  private static func runHere(_ arguments: [String], environment: [String: String]) -> Run {
    var run = Run()
    if ArgumentReader.asksForHelp(arguments) {
      run.output = GraphToolOptions.help + "\n"
      return run
    }
    do throws(ToolError) {
      let options: GraphToolOptions
      do throws(UsageError) {
        options = try GraphToolOptions.parse(arguments)
      } catch {
        throw .usage(error)
      }
      try execute(options, environment: environment, into: &run)
    } catch {
      switch error {
      case .usage(let usage):
        run.errors += usage.report(program: "loom-graph") + "\n"
        run.status = UsageError.exitStatus
      case .failure(let message):
        run.errors += "loom-graph: \(message)\n"
        run.status = 1
      case .graphviz(let failure):
        run.errors += "\(failure)\n"
        run.status = 1
      }
    }
    return run
  }

  private static func execute(
    _ options: GraphToolOptions, environment: [String: String], into run: inout Run
  ) throws(ToolError) {
    if options.stamp != nil, let value = environment[switchVariable],
      ["off", "0", "false", "no"].contains(value.lowercased())
    {
      try writeStamp(options, note: "validation is off (\(switchVariable)=\(value))")
      return
    }
    // Look for Graphviz before any work, so that its absence is the only thing reported.
    var graphviz: Graphviz?
    if let format = options.format, format.isPicture {
      guard let found = Graphviz.find(inPath: environment["PATH"]) else {
        throw .graphviz(
          .notInstalled(
            format: format, program: "loom-graph", dotCommand: "loom-graph --format dot"))
      }
      graphviz = found
    }
    let layout =
      try options.modules.isEmpty
      ? PackageLayout.read(root: options.root, searchPath: environment["PATH"])
        .selecting(options.targets)
      : PackageLayout.parse(moduleArguments: options.modules).selecting(options.targets)
    // Everything the arguments name is checked before the work, so that a mistake in them is
    // reported at once.
    if !options.modules.isEmpty { try layout.checkPathsExist() }
    var reportedModule: PackageLayout.Module?
    if let name = options.reportModule {
      guard let module = layout.modules.first(where: { $0.name == name }) else {
        throw .usage(UsageError("--report-module names '\(name)', which is not a --module"))
      }
      reportedModule = module
    }
    for (option, file) in [("--output", options.output), ("--stamp", options.stamp)] {
      if let file { try checkFolder(of: file, option: option) }
    }
    let app = AppGraph(scan: PackageScanner.scan(layout))

    // A graph printed on standard output keeps it to itself; the report goes to errors then.
    let drawsGraph = options.format != nil || !options.validate
    let reportGoesToErrors = drawsGraph && options.output == nil
    var errorCount = 0
    if options.validate {
      var findings = GraphChecker(app: app).findings()
      var unseen = app.unseen
      if let module = reportedModule {
        findings = findings.filter { PackageScanner.contains(module, file: $0.position.file) }
        unseen = unseen.filter { PackageScanner.contains(module, file: $0.position.file) }
      }
      var report = findings.flatMap(\.lines)
      report += unseen.map { "\($0.position): note: not seen: \($0.text)" }
      errorCount = findings.count { $0.severity == .error }
      if options.reportModule == nil {
        report.append(summary(app, findings: findings))
      }
      let text = report.isEmpty ? "" : report.joined(separator: "\n") + "\n"
      if reportGoesToErrors { run.errors += text } else { run.output += text }
    }
    if drawsGraph {
      try draw(app, options: options, graphviz: graphviz, into: &run)
    }
    if errorCount > 0 {
      run.status = 1
    } else if options.stamp != nil {
      try writeStamp(options, note: "no problems")
    }
  }

  /// `loom-graph: 2 modules, 7 files: 1 error, no warnings, 1 not seen.`
  private static func summary(_ app: AppGraph, findings: [Finding]) -> String {
    let errors = findings.count { $0.severity == .error }
    let warnings = findings.count { $0.severity == .warning }
    func count(_ number: Int, _ noun: String) -> String {
      number == 0 ? "no \(noun)s" : number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
    let modules = app.scan.modules.count
    return
      "loom-graph: \(modules) module\(modules == 1 ? "" : "s"), \(count(app.scan.fileCount, "file")):"
      + " \(count(errors, "error")), \(count(warnings, "warning")),"
      + " \(app.unseen.count) not seen."
  }

  // MARK: - Drawing

  private static func draw(
    _ app: AppGraph, options: GraphToolOptions, graphviz: Graphviz?, into run: inout Run
  ) throws(ToolError) {
    var kept: Set<DependencyKey>?
    if !options.rootPruning.isEmpty {
      let reached = app.graph.subgraph(reachableFrom: try roots(options.rootPruning, in: app))
      kept = Set(reached.nodes.map(\.key))
    }
    let format = options.format ?? .text
    var text = DependencyGraph.export(clusters: app.clusters(keeping: kept), as: format.export)
    if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
    text += notSeen(app.unseen, format: format.export)

    guard let file = options.output else {
      run.output += text
      return
    }
    if let graphviz {
      do throws(Graphviz.Failure) {
        try graphviz.render(text, as: format, to: file, program: "loom-graph")
      } catch {
        throw .graphviz(error)
      }
      return
    }
    do {
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    } catch {
      throw .failure("cannot write the graph to '\(file)': \(error.localizedDescription)")
    }
  }

  /// Fails unless the folder `file` would be written in exists.
  private static func checkFolder(of file: String, option: String) throws(ToolError) {
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      let what = option == "--output" ? "the graph" : "the stamp"
      throw .failure("cannot write \(what) to '\(file)': the folder '\(folder)' does not exist")
    }
  }

  /// What could not be seen, written into the graph's own text: a section of the text tree,
  /// comments in Mermaid and DOT.
  private static func notSeen(_ unseen: [UnseenFact], format: GraphFormat) -> String {
    guard !unseen.isEmpty else { return "" }
    switch format {
    case .text:
      return "\nNot seen (loom-graph cannot read these without running the app):\n"
        + unseen.map { "  \($0.position): \($0.text)\n" }.joined()
    case .mermaid:
      return unseen.map { "%% not seen: \($0.position): \($0.text)\n" }.joined()
    case .dot:
      return unseen.map { "// not seen: \($0.position): \($0.text)\n" }.joined()
    }
  }

  /// The keys `--root-pruning` names: a component's members (and its children's), or keys.
  private static func roots(_ names: [String], in app: AppGraph) throws(ToolError)
    -> [DependencyKey]
  {
    var roots: [DependencyKey] = []
    for name in names {
      if let component = app.components.component(named: name),
        let keys = app.componentKeys[component.id]
      {
        roots += keys
        continue
      }
      let matching = app.graph.nodes.map(\.key).filter {
        $0.description == name || $0.description.hasPrefix("\(name) (name: ")
      }
      guard !matching.isEmpty else {
        let candidates =
          app.components.components.map(app.components.displayName(of:)).sorted()
          + app.graph.nodes.map(\.key.description)
        var message = "--root-pruning: no component or key '\(name)' in the graph"
        if let close = Spelling.closest(to: name, in: candidates) {
          message += "; did you mean '\(close)'?"
        }
        throw .usage(UsageError(message))
      }
      roots += matching
    }
    return roots
  }

  // MARK: - The build plugin's stamp

  /// Writes the file the build command promises (unchanged when its text is the same, so the
  /// module is not compiled again for nothing).
  private static func writeStamp(_ options: GraphToolOptions, note: String) throws(ToolError) {
    guard let stamp = options.stamp else { return }
    let text = "// Checked by loom-graph (LoomGraphValidation): \(note).\n"
    if let existing = FileManager.default.contents(atPath: stamp),
      String(decoding: existing, as: UTF8.self) == text
    {
      return
    }
    do {
      try text.write(toFile: stamp, atomically: true, encoding: .utf8)
    } catch {
      throw .failure("cannot write '\(stamp)': \(error.localizedDescription)")
    }
  }
}
