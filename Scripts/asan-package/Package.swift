// swift-tools-version: 6.0
// The core's tests alone, for Scripts/asan.sh: AddressSanitizer builds only Loom and its tests
// (the root package would build every package, the macros and the apps a second time).
// Tests/LoomTests and Tests/LoomTestSupport are links to the repository's folders of those names.
import PackageDescription

let package = Package(
  name: "LoomASan",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(path: "../../Packages/Loom")],
  targets: [
    .target(name: "LoomTestSupport", path: "Tests/LoomTestSupport"),
    .testTarget(
      name: "LoomTests",
      dependencies: [.product(name: "Loom", package: "Loom"), "LoomTestSupport"],
      path: "Tests/LoomTests"
    ),
  ]
)
