// swift-tools-version: 6.0
// Loom, as users depend on it: `.package(url: "https://github.com/loom-swift/loom.git", from:)`.
// It declares the library targets of Packages/* itself (by path), because SwiftPM refuses a
// remote package that depends on `.package(path:)`; it also owns the apps and the tests. The
// target lists must match the packages' own manifests: Scripts/check-manifests.sh checks it in CI.
import PackageDescription

let package = Package(
  name: "Loom",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    // One library per package under Packages/, so a user imports exactly what they pick.
    .library(name: "Loom", targets: ["Loom"]),
    .library(name: "LoomAssembly", targets: ["LoomAssembly"]),
    .library(name: "LoomSession", targets: ["LoomSession"]),
    .library(name: "LoomTesting", targets: ["LoomTesting"]),
    .executable(name: "loom-demo", targets: ["LoomDemo"]),
    .executable(name: "loom-bench", targets: ["LoomBench"]),
  ],
  targets: [
    // MARK: - Libraries (each also built alone by Packages/<Name>/Package.swift)

    .target(name: "Loom", path: "Packages/Loom/Sources/Loom"),
    .target(
      name: "LoomAssembly", dependencies: ["Loom"],
      path: "Packages/LoomAssembly/Sources/LoomAssembly"),
    .target(
      name: "LoomSession", dependencies: ["Loom"], path: "Packages/LoomSession/Sources/LoomSession"),
    .target(
      name: "LoomTesting", dependencies: ["Loom"], path: "Packages/LoomTesting/Sources/LoomTesting"),

    // MARK: - Apps

    .executableTarget(
      name: "LoomDemo",
      dependencies: ["Loom", "LoomAssembly", "LoomSession"],
      path: "Apps/LoomDemo"
    ),
    .target(
      name: "BenchFixtures",
      dependencies: ["Loom"],
      path: "Apps/LoomBench/BenchFixtures"
    ),
    .executableTarget(
      name: "LoomBench",
      dependencies: ["BenchFixtures", "Loom", "LoomSession"],
      path: "Apps/LoomBench/LoomBench"
    ),

    // MARK: - Tests

    .testTarget(
      name: "LoomTests",
      dependencies: ["Loom"],
      path: "Tests/LoomTests"
    ),
    .testTarget(
      name: "LoomAssemblyTests",
      dependencies: ["Loom", "LoomAssembly"],
      path: "Tests/LoomAssemblyTests"
    ),
    // NB: a test target may depend on an executable target: SwiftPM renames its entry point, so
    // the tests `@testable import LoomDemo` and check the demo's own wiring.
    .testTarget(
      name: "LoomDemoTests",
      dependencies: ["LoomDemo", "Loom", "LoomAssembly", "LoomSession", "LoomTesting"],
      path: "Tests/LoomDemoTests"
    ),
    .testTarget(
      name: "LoomSessionTests",
      dependencies: ["Loom", "LoomSession"],
      path: "Tests/LoomSessionTests"
    ),
    .testTarget(
      name: "LoomTestingTests",
      dependencies: ["Loom", "LoomTesting"],
      path: "Tests/LoomTestingTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      // Existentials are spelled `any P`, so their cost is visible at every use.
      .enableUpcomingFeature("ExistentialAny"),
      // An `import` does not leak into our public interface unless it says `public import`.
      .enableUpcomingFeature("InternalImportsByDefault"),
      // A member is only visible where its module is imported, not merely linked.
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
