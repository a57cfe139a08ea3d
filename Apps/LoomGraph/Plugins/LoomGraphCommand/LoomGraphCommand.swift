import Foundation
import PackagePlugin

/// `swift package loom-graph [ARGUMENTS]`: runs `loom-graph` over this package, with the
/// arguments given (`--format mermaid`, `--validate`, `--root-pruning AppComponent`,
/// `--target App`...). Without `--format`, `--validate` or `--output`, it prints the text graph.
@main
struct LoomGraphCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var toolArguments: [String] = []
    for target in context.package.targets {
      guard let source = target as? SourceModuleTarget, source.kind != .test else { continue }
      toolArguments += source.sourceFiles(withSuffix: "swift").flatMap {
        ["--module", "\(source.name)=\($0.url.path)"]
      }
    }
    let process = Process()
    process.executableURL = try context.tool(named: "LoomGraph").url
    process.arguments = toolArguments + arguments
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("loom-graph exited with status \(process.terminationStatus)")
    }
  }
}
