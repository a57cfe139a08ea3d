// swift-tools-version: 6.0
// The Loom monorepo: composes the local packages under Packages/ with the apps under Apps/ and the
// tests under Tests/. It depends only on those local packages (`.package(path:)`), never on a URL.
import PackageDescription

let package = Package(
  name: "LoomMonorepo",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .executable(name: "loom-demo", targets: ["LoomDemo"]),
    .executable(name: "loom-bench", targets: ["LoomBench"]),
  ],
  dependencies: [
    .package(path: "Packages/Loom"),
    .package(path: "Packages/LoomAssembly"),
    .package(path: "Packages/LoomSession"),
    .package(path: "Packages/LoomTesting"),
  ],
  targets: [
    .executableTarget(
      name: "LoomDemo",
      dependencies: [
        .product(name: "Loom", package: "Loom"),
        .product(name: "LoomAssembly", package: "LoomAssembly"),
        .product(name: "LoomSession", package: "LoomSession"),
      ],
      path: "Apps/LoomDemo"
    ),
    .target(
      name: "BenchFixtures",
      dependencies: [.product(name: "Loom", package: "Loom")],
      path: "Apps/LoomBench/BenchFixtures"
    ),
    .executableTarget(
      name: "LoomBench",
      dependencies: [
        "BenchFixtures", .product(name: "Loom", package: "Loom"),
        .product(name: "LoomSession", package: "LoomSession"),
      ],
      path: "Apps/LoomBench/LoomBench"
    ),
    .testTarget(
      name: "LoomTests",
      dependencies: [.product(name: "Loom", package: "Loom")],
      path: "Tests/LoomTests"
    ),
    .testTarget(
      name: "LoomAssemblyTests",
      dependencies: [
        .product(name: "Loom", package: "Loom"),
        .product(name: "LoomAssembly", package: "LoomAssembly"),
      ],
      path: "Tests/LoomAssemblyTests"
    ),
    // NB: a test target may depend on an executable target: SwiftPM renames its entry point, so
    // the tests `@testable import LoomDemo` and check the demo's own wiring.
    .testTarget(
      name: "LoomDemoTests",
      dependencies: [
        "LoomDemo",
        .product(name: "Loom", package: "Loom"),
        .product(name: "LoomAssembly", package: "LoomAssembly"),
        .product(name: "LoomSession", package: "LoomSession"),
        .product(name: "LoomTesting", package: "LoomTesting"),
      ],
      path: "Tests/LoomDemoTests"
    ),
    .testTarget(
      name: "LoomSessionTests",
      dependencies: [
        .product(name: "Loom", package: "Loom"),
        .product(name: "LoomSession", package: "LoomSession"),
      ],
      path: "Tests/LoomSessionTests"
    ),
    .testTarget(
      name: "LoomTestingTests",
      dependencies: [
        .product(name: "Loom", package: "Loom"),
        .product(name: "LoomTesting", package: "LoomTesting"),
      ],
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
