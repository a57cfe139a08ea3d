// swift-tools-version: 6.0
// The Sendable probe: the shapes real apps' types have, registered and resolved with no change to
// the type, in Swift 6 language mode (Probe), and 0.1.0-style wiring in Swift 5 language mode
// (LegacyClient), and a compile-time component (LoomMacros). Scripts/sendable-probe.sh builds it,
// runs it, and runs it under ThreadSanitizer.
import PackageDescription

let package = Package(
  name: "SendableProbe",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/Loom"),
    .package(path: "../../Packages/LoomAssembly"),
    .package(path: "../../Packages/LoomSession"),
    .package(path: "../../Packages/LoomMacros"),
  ],
  targets: [
    .executableTarget(
      name: "Probe",
      dependencies: [
        .product(name: "Loom", package: "Loom"),
        .product(name: "LoomAssembly", package: "LoomAssembly"),
        .product(name: "LoomSession", package: "LoomSession"),
        .product(name: "LoomMacros", package: "LoomMacros"),
      ]),
    .target(
      name: "LegacyClient",
      dependencies: [.product(name: "Loom", package: "Loom")],
      swiftSettings: [.swiftLanguageMode(.v5)]),
  ],
  swiftLanguageModes: [.v6]
)
