import CommandLineSupport
import Foundation

/// The modules loom-graph reads and where their sources are: read from a package's manifest
/// (`swift package dump-package`), or given by a plugin (`--module NAME=DIR`).
struct PackageLayout: Equatable, Sendable {
  struct Module: Equatable, Sendable {
    let name: String
    /// The folders of its sources (or its source files), as paths loom-graph prints.
    let directories: [String]
    /// The targets of the same package it depends on.
    var dependencies: [String] = []
  }

  /// Loom's own libraries: an app's graph is made of what the app writes, not of them.
  static let loomLibraries: Set<String> = [
    "Loom", "LoomAssembly", "LoomSession", "LoomTesting", "LoomMacros",
    "LoomMacrosImplementation",
  ]

  var modules: [Module]

  /// The modules `targets` name and those they depend on within the package (every module
  /// when `targets` is empty), without Loom's own libraries.
  func selecting(_ targets: [String]) throws(ToolError) -> PackageLayout {
    let byName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    guard !targets.isEmpty else {
      return PackageLayout(modules: modules.filter { !Self.loomLibraries.contains($0.name) })
    }
    var chosen: [String] = []
    var pending = Array(targets.reversed())
    while let name = pending.popLast() {
      guard !chosen.contains(name), !Self.loomLibraries.contains(name) else { continue }
      guard let module = byName[name] else {
        let names = modules.map(\.name).sorted().joined(separator: ", ")
        throw .usage(
          UsageError(
            "no target '\(name)' with Swift sources in the package (its targets: \(names))"))
      }
      chosen.append(name)
      pending += module.dependencies.reversed()
    }
    return PackageLayout(modules: modules.filter { chosen.contains($0.name) })
  }

  /// Fails with a usage error when a `--module` folder or file does not exist (a path mistyped
  /// would otherwise be read as a module without sources).
  func checkPathsExist() throws(ToolError) {
    for module in modules {
      for path in module.directories where !FileManager.default.fileExists(atPath: path) {
        throw .usage(UsageError("--module \(module.name)=\(path): no such file or folder"))
      }
    }
  }

  /// `NAME=PATH` arguments, several for one name allowed; a path is a folder or a Swift file.
  static func parse(moduleArguments: [String]) throws(ToolError) -> PackageLayout {
    var modules: [Module] = []
    for argument in moduleArguments {
      guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
        throw .usage(
          UsageError("--module needs NAME=PATH (a folder or a Swift file), not '\(argument)'"))
      }
      let name = String(argument[..<equals])
      let directory = String(argument[argument.index(after: equals)...])
      if let existing = modules.firstIndex(where: { $0.name == name }) {
        modules[existing] = Module(
          name: name, directories: modules[existing].directories + [directory])
      } else {
        modules.append(Module(name: name, directories: [directory]))
      }
    }
    return PackageLayout(modules: modules)
  }

  /// The layout of the package at `root`, from its manifest: every target with Swift sources
  /// (regular and executable; not tests, macros, plugins, nor a target of C sources only).
  static func read(root: String, searchPath: String?) throws(ToolError) -> PackageLayout {
    let manifest = root == "." ? "Package.swift" : "\(root)/Package.swift"
    guard FileManager.default.fileExists(atPath: manifest) else {
      throw .failure("no Package.swift in '\(root)'; pass the package's folder with --root")
    }
    let json = try dumpPackage(root: root, searchPath: searchPath)
    return try layout(fromDump: json, root: root)
  }

  /// Reads `swift package dump-package` output.
  static func layout(fromDump json: Data, root: String) throws(ToolError) -> PackageLayout {
    guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      let targets = object["targets"] as? [[String: Any]]
    else { throw .failure("cannot read the manifest of '\(root)' (swift package dump-package)") }
    var modules: [Module] = []
    for target in targets {
      guard let name = target["name"] as? String,
        ["regular", "executable"].contains(target["type"] as? String ?? "")
      else { continue }
      let relative = target["path"] as? String ?? defaultPath(of: name, root: root)
      let directory = root == "." ? relative : "\(root)/\(relative)"
      guard !PackageScanner.swiftFiles(under: directory).isEmpty else { continue }
      var dependencies: [String] = []
      for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        let reference = dependency["byName"] ?? dependency["target"]
        if let name = (reference as? [Any])?.first as? String { dependencies.append(name) }
      }
      modules.append(Module(name: name, directories: [directory], dependencies: dependencies))
    }
    return PackageLayout(modules: modules)
  }

  /// Where SwiftPM looks for a target that names no path.
  private static func defaultPath(of name: String, root: String) -> String {
    for folder in ["Sources", "Source", "src", "srcs"] {
      var isDirectory: ObjCBool = false
      let path = "\(root)/\(folder)/\(name)"
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return "\(folder)/\(name)"
      }
    }
    return "Sources/\(name)"
  }

  private static func dumpPackage(root: String, searchPath: String?) throws(ToolError) -> Data {
    guard
      let swift = (searchPath ?? "").split(separator: ":").lazy.map({ "\($0)/swift" })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      throw .failure(
        "reading the package's targets needs the `swift` command, which is not on PATH")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swift)
    process.arguments = ["package", "dump-package", "--package-path", root]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw .failure("cannot run \(swift): \(error)")
    }
    // NB: the manifest dump is small, but read both pipes before waiting so neither can fill.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: message, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      throw .failure("cannot read the manifest of '\(root)': \(text)")
    }
    return data
  }
}
