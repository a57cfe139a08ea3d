import Foundation

@testable import LoomGraph

/// The fixture package `Tests/LoomGraphFixtures/Shop`, and loom-graph run over it in process.
enum Fixture {
  /// The fixture's folder, found from this file's place.
  static let shop: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }  // Fixture.swift, Support, LoomGraphTests
    return url.appendingPathComponent("LoomGraphFixtures/Shop").path
  }()

  /// Every module of the fixture as `--module` arguments (what the plugins pass), so a test need
  /// not read the manifest.
  static let modules: [String] = [
    "Account", "App", "Broken", "Checkout", "Legacy", "Miswired", "Onboarding", "Profile",
    "ShopKit",
  ]
  .flatMap { ["--module", "\($0)=\(shop)/Sources/\($0)"] }

  /// The environment the tests run with (its `PATH` finds `swift`).
  static let environment = ProcessInfo.processInfo.environment

  /// Runs loom-graph with `arguments`; paths in what it prints are made relative to the
  /// fixture, so that the text can be pinned wherever the repository is.
  static func run(
    _ arguments: [String], environment: [String: String] = Fixture.environment
  ) -> GraphTool.Run {
    var run = GraphTool.run(arguments, environment: environment)
    run.output = run.output.replacing("\(shop)/", with: "")
    run.errors = run.errors.replacing("\(shop)/", with: "")
    return run
  }

  /// Runs `body` with a new empty folder, removed afterwards.
  static func withTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("loom-graph-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }
}
