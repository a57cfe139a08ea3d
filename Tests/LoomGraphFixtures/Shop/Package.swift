// swift-tools-version: 6.0
// A small shop for loom-graph's tests (Tests/LoomGraphTests) and CI (Scripts/graph-check.sh):
// components across modules, a child wired from another module, bindings, a module, assemblies,
// a registration loom-graph cannot read; in targets the app does not depend on, wiring that is
// wrong on purpose; two components of one name in two modules; and a C target. Every target runs
// the LoomGraphValidation build plugin.
import PackageDescription

// The Loom repository this fixture lives in, three folders up; a package depended on by path is
// named after its folder (`loom` for a clone, but a worktree may be called anything).
let folders = Context.packageDirectory.split(separator: "/")
let loom = String(folders[folders.count - 4])
let loomPath = "/" + folders.dropLast(3).joined(separator: "/")

let macros = Target.Dependency.product(name: "LoomMacros", package: loom)
let validation = Target.PluginUsage.plugin(name: "LoomGraphValidation", package: loom)

let package = Package(
  name: "Shop",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: loomPath)],
  targets: [
    // The app and what it depends on: a valid graph.
    .target(name: "ShopKit", dependencies: [macros], plugins: [validation]),
    .target(name: "Checkout", dependencies: ["ShopKit", macros], plugins: [validation]),
    .executableTarget(
      name: "App", dependencies: ["ShopKit", "Checkout", macros], plugins: [validation]),
    // Wrong on purpose, and not linked into the app: a second @Bind of the gateway; broken
    // hierarchy rules and a cycle across files (these two compile); a child that lacks an
    // input and two components that mount each other (these do not).
    .target(name: "Legacy", dependencies: ["ShopKit", macros], plugins: [validation]),
    .target(name: "Broken", dependencies: ["ShopKit", macros], plugins: [validation]),
    .target(name: "Miswired", dependencies: ["ShopKit", macros], plugins: [validation]),
    // Two modules that each declare a FeatureComponent, and one that mounts Profile's: loom-graph
    // looks a child's type up through its file's imports.
    .target(name: "Profile", dependencies: [macros], plugins: [validation]),
    .target(name: "Onboarding", dependencies: [macros], plugins: [validation]),
    .target(name: "Account", dependencies: ["Profile", macros], plugins: [validation]),
    // A C target with the plugin, which has nothing to read there.
    .target(name: "CProbe", plugins: [validation]),
  ],
  swiftLanguageModes: [.v6]
)
