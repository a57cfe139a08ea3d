import Foundation
import PackagePlugin

/// Runs `loom-graph --validate` for a target before it compiles, and fails the build with the
/// tool's `file:line:column: error:` lines.
///
/// The tool reads every target of the package with Swift sources (tests aside, unless the plugin
/// runs for a test target), so a problem that spans modules is seen; it reports in this target's
/// build only the problems whose place is in this target's files, so each problem fails exactly
/// one target's build. A target without Swift sources (a C target) has nothing to check: the
/// plugin adds no command for it. Turn it off for one build with
/// `LOOM_GRAPH_VALIDATION=off swift build`, and for one declaration with a
/// `// loom-graph:ignore` comment on the line before it.
@main
struct LoomGraphValidation: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) async throws
    -> [Command]
  {
    guard let module = target as? SourceModuleTarget,
      module.sourceFiles(withSuffix: "swift").contains(where: { _ in true })
    else { return [] }
    if let value = ProcessInfo.processInfo.environment["LOOM_GRAPH_VALIDATION"],
      ["off", "0", "false", "no"].contains(value.lowercased())
    {
      return []
    }
    var arguments = ["--validate", "--report-module", module.name]
    var inputs: [URL] = []
    for other in context.package.targets {
      guard let source = other as? SourceModuleTarget,
        source.kind != .test || source.name == module.name
      else { continue }
      // NB: each file is named (a target's folder is `directoryURL` only from tools 6.1).
      let files = source.sourceFiles(withSuffix: "swift").map(\.url)
      arguments += files.flatMap { ["--module", "\(source.name)=\($0.path)"] }
      inputs += files
    }
    // NB: a build command must promise an output; a Swift file of one comment is compiled into
    // the target at no cost, and the tool leaves it untouched when nothing changed.
    let stamp = context.pluginWorkDirectoryURL.appending(path: "LoomGraphValidation.swift")
    arguments += ["--stamp", stamp.path]
    return [
      .buildCommand(
        displayName: "Validating the dependency graph for \(module.name) (loom-graph)",
        executable: try context.tool(named: "LoomGraph").url,
        arguments: arguments,
        environment: [:],
        inputFiles: inputs,
        outputFiles: [stamp])
    ]
  }
}
