// swift-tools-version: 6.0
// CommandLineSupport: the one option reader and usage error of Loom's apps (loom-demo, loom-graph,
// loom-bench). It depends on nothing. The root Package.swift declares the same target for the demo
// and loom-graph; loom-bench, a package of its own, depends on this one by path. Change both
// manifests together (Scripts/check-manifests.sh compares them).
import PackageDescription

let package = Package(
  name: "CommandLineSupport",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    // Underscored: the apps' support, not API; the root manifest does not export it.
    .library(name: "_CommandLineSupport", targets: ["CommandLineSupport"])
  ],
  targets: [
    .target(name: "CommandLineSupport")
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
