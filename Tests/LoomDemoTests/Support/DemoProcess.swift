import Foundation
import Testing

/// The `loom-demo` executable that SwiftPM built next to the test bundle, run as a subprocess.
enum DemoProcess {
  /// The folder holding the test bundle and the products built with it.
  static var productsFolder: URL {
    #if os(Linux)
      // The test runner is the bundle itself, in the build folder.
      let runner =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
      return URL(fileURLWithPath: runner).deletingLastPathComponent()
    #else
      // NB: not tested (Linux only here): on Apple platforms the bundle is loaded by a runner.
      let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? .main
      return bundle.bundleURL.deletingLastPathComponent()
    #endif
  }

  /// Runs `loom-demo` with `arguments` and the environment `variables` (nothing else is
  /// inherited), and returns its exit status and output.
  static func run(_ arguments: [String], variables: [String: String] = [:]) throws -> DemoRun {
    let executable = productsFolder.appendingPathComponent("loom-demo")
    try #require(
      FileManager.default.isExecutableFile(atPath: executable.path),
      "loom-demo is not built next to the tests in \(productsFolder.path)")
    // Output goes to files rather than pipes: nothing to drain while the demo runs.
    return try withTemporaryFolder { folder in
      let outputFile = folder.appendingPathComponent("stdout")
      let errorFile = folder.appendingPathComponent("stderr")
      _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
      _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)

      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.environment = variables
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = try FileHandle(forWritingTo: outputFile)
      process.standardError = try FileHandle(forWritingTo: errorFile)
      try process.run()
      process.waitUntilExit()
      return DemoRun(
        status: process.terminationStatus,
        output: try String(contentsOf: outputFile, encoding: .utf8),
        errors: try String(contentsOf: errorFile, encoding: .utf8))
    }
  }
}
