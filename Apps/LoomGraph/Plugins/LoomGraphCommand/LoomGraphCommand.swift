import Foundation
import PackagePlugin

/// `swift package loom-graph [ARGUMENTS]`: runs `loom-graph` over this package, with the
/// arguments given (`--format mermaid`, `--validate`, `--root-pruning AppComponent`,
/// `--target App`...). Without `--format`, `--validate` or `--output`, it prints the text graph.
@main
struct LoomGraphCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    // NB: the tool learns the modules from `--module` arguments, which carry no dependencies, so
    // `--target` is applied here: the targets named and those they depend on, as the tool would.
    var extractor = ArgumentExtractor(arguments)
    let named = extractor.extractOption(named: "target")
    let sources = context.package.targets.compactMap { $0 as? SourceModuleTarget }
      .filter { $0.kind != .test }
    var chosen = sources
    if !named.isEmpty {
      var names: Set<String> = []
      for name in named {
        guard let target = sources.first(where: { $0.name == name }) else {
          let known = sources.map(\.name).sorted().joined(separator: ", ")
          Diagnostics.error(
            "loom-graph: no target '\(name)' with Swift sources (its targets: \(known))")
          return
        }
        names.insert(name)
        names.formUnion(target.recursiveTargetDependencies.map(\.name))
      }
      chosen = sources.filter { names.contains($0.name) }
    }
    var toolArguments: [String] = []
    for source in chosen {
      toolArguments += source.sourceFiles(withSuffix: "swift").flatMap {
        ["--module", "\(source.name)=\($0.url.path)"]
      }
    }
    let process = Process()
    process.executableURL = try context.tool(named: "LoomGraph").url
    process.arguments = toolArguments + extractor.remainingArguments
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("loom-graph exited with status \(process.terminationStatus)")
    }
  }
}
