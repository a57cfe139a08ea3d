// swift-tools-version: 6.0
// Loom, as users depend on it: `.package(url: "https://github.com/loom-swift/loom.git", from:)`.
// It declares the library targets of Packages/* itself (by path), because SwiftPM refuses a
// remote package that depends on `.package(path:)`; it also owns the apps and the tests. The
// target lists must match the packages' own manifests: Scripts/check-manifests.sh checks it in CI.
import CompilerPluginSupport
import PackageDescription

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - swift-syntax for LoomMacros (as in Packages/LoomMacros/Package.swift)

// NB: manifests cannot share code, so this repeats the detection of Packages/LoomMacros; the
// settings it yields must be the same (Scripts/check-manifests.sh compares them).

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

// Where swift-syntax comes from:
// - "toolchain": the prebuilt host libraries of the running toolchain (offline, no package
//   dependency; needs unsafe flags, so a consumer depends on Loom by branch or revision to use
//   LoomMacros; the other products are unaffected).
// - "package": the swift-syntax package (Xcode, or a consumer pinned by version; needs the network
//   unless LOOM_SWIFT_SYNTAX_PATH points at a local checkout in a folder named `swift-syntax`).
#if os(Linux)
  let syntaxSource = environment("LOOM_SWIFT_SYNTAX") ?? "toolchain"
#else
  let syntaxSource = environment("LOOM_SWIFT_SYNTAX") ?? "package"
#endif

/// `<toolchain>/usr/lib/swift/host`, found next to the libPackageDescription this manifest runs
/// against (`<toolchain>/usr/lib/swift/pm/ManifestAPI/`). `MACRO_HOST_LIB_DIR` overrides it.
func toolchainHostLibraries() -> String {
  if let override = environment("MACRO_HOST_LIB_DIR") { return override }
  var library: String?
  #if os(Linux)
    // NB: Glibc's dladdr is not visible to Swift, so read the manifest process's own mappings.
    if let maps = fopen("/proc/self/maps", "r") {
      defer { fclose(maps) }
      var line = [CChar](repeating: 0, count: 4096)
      while library == nil, fgets(&line, CInt(line.count), maps) != nil {
        let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if let slash = text.firstIndex(of: "/"), text.contains("/libPackageDescription.") {
          library = String(text[slash...].dropLast())  // the path runs to the end of the line
        }
      }
    }
  #elseif canImport(Darwin)
    var info = Dl_info()
    let anchor = unsafeBitCast(Package.self as AnyClass, to: UnsafeRawPointer.self)
    if dladdr(anchor, &info) != 0, let file = info.dli_fname { library = String(cString: file) }
  #endif
  guard let library else {
    fatalError(
      "cannot locate libPackageDescription; set MACRO_HOST_LIB_DIR to <toolchain>/usr/lib/swift/host"
    )
  }
  var parts = library.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)  // pm/ManifestAPI/libPackageDescription.so
  return parts.joined(separator: "/") + "/host"
}

var dependencies: [Package.Dependency] = []
var syntaxDependencies: [Target.Dependency] = []
var pluginDependencies: [Target.Dependency] = []
var syntaxTestDependencies: [Target.Dependency] = []
// loom-graph reads Swift source with the same swift-syntax as the macros (the parser only).
var graphSyntaxDependencies: [Target.Dependency] = []
var syntaxSwiftSettings: [SwiftSetting] = []
var syntaxLinkerSettings: [LinkerSetting] = []

if syntaxSource == "toolchain" {
  let host = toolchainHostLibraries()
  // -I finds the .swiftinterface files; no -l is needed, the interfaces autolink their libraries.
  syntaxSwiftSettings = [.unsafeFlags(["-I", host]), .define("LOOM_TOOLCHAIN_SYNTAX")]
  syntaxLinkerSettings = [.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host])]
} else {
  dependencies.append(
    environment("LOOM_SWIFT_SYNTAX_PATH").map { .package(path: $0) }
      ?? .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"700.0.0"))
  let product = { (name: String) in Target.Dependency.product(name: name, package: "swift-syntax") }
  syntaxDependencies = [
    "SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxBuilder", "SwiftDiagnostics", "SwiftParser",
    "SwiftIfConfig",
  ]
  .map(product)
  pluginDependencies = [product("SwiftCompilerPlugin")]
  syntaxTestDependencies = ["SwiftParser", "SwiftSyntaxMacroExpansion"].map(product)
  graphSyntaxDependencies = ["SwiftSyntax", "SwiftParser"].map(product)
}

let package = Package(
  name: "Loom",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    // One library per package under Packages/, so a user imports exactly what they pick.
    .library(name: "Loom", targets: ["Loom"]),
    .library(name: "LoomAssembly", targets: ["LoomAssembly"]),
    .library(name: "LoomSession", targets: ["LoomSession"]),
    .library(name: "LoomTesting", targets: ["LoomTesting"]),
    .library(name: "LoomMacros", targets: ["LoomMacros"]),
    .executable(name: "loom-demo", targets: ["LoomDemo"]),
    // The whole-app graph: `swift run loom-graph --root . --validate`, the build-tool plugin
    // that runs the same validation before a target compiles, and `swift package loom-graph`.
    .executable(name: "loom-graph", targets: ["LoomGraph"]),
    .plugin(name: "LoomGraphValidation", targets: ["LoomGraphValidation"]),
    .plugin(name: "LoomGraphCommand", targets: ["LoomGraphCommand"]),
  ],
  dependencies: dependencies,
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
    // LoomMacros: the macro implementations, the compiler plugin over them, and the library users
    // import (the declarations and their runtime).
    .target(
      name: "LoomMacrosImplementation", dependencies: syntaxDependencies,
      path: "Packages/LoomMacros/Sources/LoomMacrosImplementation",
      swiftSettings: syntaxSwiftSettings, linkerSettings: syntaxLinkerSettings),
    .macro(
      name: "LoomMacrosPlugin",
      dependencies: ["LoomMacrosImplementation"] + syntaxDependencies + pluginDependencies,
      path: "Packages/LoomMacros/Sources/LoomMacrosPlugin",
      swiftSettings: syntaxSwiftSettings, linkerSettings: syntaxLinkerSettings),
    .target(
      name: "LoomMacros", dependencies: ["LoomMacrosPlugin", "Loom", "LoomAssembly"],
      path: "Packages/LoomMacros/Sources/LoomMacros"),

    // MARK: - Apps

    // The option reader and usage error of the three apps (also built alone by
    // Apps/CommandLineSupport/Package.swift, which loom-bench depends on by path).
    .target(
      name: "CommandLineSupport", path: "Apps/CommandLineSupport/Sources/CommandLineSupport"),
    .executableTarget(
      name: "LoomDemo",
      dependencies: [
        "Loom", "LoomAssembly", "LoomSession", "LoomMacros", "GraphDrawing", "CommandLineSupport",
      ],
      path: "Apps/LoomDemo"
    ),
    // loom-graph (Apps/LoomGraph): the tool reads sources with swift-syntax and the macros' own
    // declaration readers (LoomMacrosImplementation's `package` API), so it takes the macro
    // targets' flags; its pictures come from the core's exporter, drawn by GraphDrawing (shared
    // with loom-demo); `.session` and `.flow` are LoomSession's own lifetimes, with their ranks.
    // Build-time only: it ships no privacy manifest.
    .target(name: "GraphDrawing", dependencies: ["Loom"], path: "Apps/LoomGraph/GraphDrawing"),
    .executableTarget(
      name: "LoomGraph",
      dependencies: [
        "Loom", "LoomSession", "GraphDrawing", "CommandLineSupport", "LoomMacrosImplementation",
      ] + graphSyntaxDependencies,
      path: "Apps/LoomGraph/LoomGraph",
      swiftSettings: syntaxSwiftSettings, linkerSettings: syntaxLinkerSettings
    ),
    .plugin(
      name: "LoomGraphValidation", capability: .buildTool(), dependencies: ["LoomGraph"],
      path: "Apps/LoomGraph/Plugins/LoomGraphValidation"
    ),
    .plugin(
      name: "LoomGraphCommand",
      capability: .command(
        intent: .custom(
          verb: "loom-graph",
          description: "Draw or validate the package's whole dependency graph (loom-graph)")),
      dependencies: ["LoomGraph"],
      path: "Apps/LoomGraph/Plugins/LoomGraphCommand"
    ),

    // MARK: - Tests

    .testTarget(
      name: "CommandLineSupportTests",
      dependencies: ["CommandLineSupport"],
      path: "Tests/CommandLineSupportTests"
    ),
    // The helpers that race plain threads, for the core's tests and the stress tests.
    .target(name: "LoomTestSupport", path: "Tests/LoomTestSupport"),
    .testTarget(
      name: "LoomTests",
      dependencies: ["Loom", "LoomTestSupport"],
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
      dependencies: [
        "LoomDemo", "Loom", "LoomAssembly", "LoomSession", "LoomTesting", "LoomMacros",
        "GraphDrawing",
      ],
      path: "Tests/LoomDemoTests"
    ),
    // loom-graph over the fixture packages in Tests/LoomGraphFixtures (read, never built here).
    .testTarget(
      name: "LoomGraphTests",
      dependencies: ["LoomGraph", "Loom", "GraphDrawing"] + graphSyntaxDependencies,
      path: "Tests/LoomGraphTests",
      swiftSettings: syntaxSwiftSettings, linkerSettings: syntaxLinkerSettings
    ),
    // Two small modules for the macro tests: keys declared in one, bound (with @Bind) in the other.
    .target(
      name: "MacroFixtureKeys", dependencies: ["LoomMacros"], path: "Tests/LoomMacrosFixtures/Keys"),
    .target(
      name: "MacroFixtureFeature", dependencies: ["MacroFixtureKeys", "LoomMacros"],
      path: "Tests/LoomMacrosFixtures/Feature"),
    .testTarget(
      name: "LoomMacrosTests",
      dependencies: ["MacroFixtureKeys", "MacroFixtureFeature", "LoomMacros"],
      path: "Tests/LoomMacrosTests"
    ),
    // The expansion tests of Packages/LoomMacros, run from the root too; they import the
    // swift-syntax libraries, so they take the same flags as the macro targets.
    .testTarget(
      name: "LoomMacrosImplementationTests",
      dependencies: ["LoomMacrosImplementation"] + syntaxDependencies + syntaxTestDependencies,
      path: "Packages/LoomMacros/Tests/LoomMacrosImplementationTests",
      swiftSettings: syntaxSwiftSettings, linkerSettings: syntaxLinkerSettings
    ),
    // Compile-time components used for real: the macros expand in this target's sources.
    .testTarget(
      name: "LoomComponentTests",
      dependencies: ["LoomMacros"],
      path: "Tests/LoomComponentTests"
    ),
    // The concurrency contract under random wirings, from threads, tasks and the main actor.
    .testTarget(
      name: "LoomStressTests",
      dependencies: ["Loom", "LoomSession", "LoomTestSupport"],
      path: "Tests/LoomStressTests"
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

// NB: plugin targets take no Swift settings.
for target in package.targets where target.type != .plugin {
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
let runtimeLibraries = ["Loom", "LoomAssembly", "LoomSession", "LoomTesting", "LoomMacros"]
for target in package.targets where runtimeLibraries.contains(target.name) {
  #if canImport(Darwin)
    target.resources = (target.resources ?? []) + [.copy("PrivacyInfo.xcprivacy")]
  #else
    target.exclude.append("PrivacyInfo.xcprivacy")
  #endif
}
