// swift-tools-version: 6.0
// LoomAssembly: assemblies and result-builder DSLs that organise registrations into modules.
// It depends on the Loom core only (never on LoomSession or LoomTesting).
// The root Package.swift declares the same targets for use by URL: change both together
// (Scripts/check-manifests.sh compares them).
import PackageDescription

let package = Package(
  name: "LoomAssembly",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "LoomAssembly", targets: ["LoomAssembly"])
  ],
  dependencies: [
    .package(path: "../Loom")
  ],
  targets: [
    .target(name: "LoomAssembly", dependencies: [.product(name: "Loom", package: "Loom")])
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

// Apple's privacy manifest (Sources/<Name>/PrivacyInfo.xcprivacy) ships with each runtime library
// when the package is built on a Mac, for Apple platforms. NB: elsewhere it is only excluded: as a
// resource, SwiftPM would generate a `Bundle.module` accessor that imports Foundation.
for target in package.targets where ["LoomAssembly"].contains(target.name) {
  #if canImport(Darwin)
    target.resources = (target.resources ?? []) + [.copy("PrivacyInfo.xcprivacy")]
  #else
    target.exclude.append("PrivacyInfo.xcprivacy")
  #endif
}
