// swift-tools-version: 6.0
// LoomMacros: macros that write Loom registrations and injections at compile time.
// It depends on the Loom core and LoomAssembly, and on the swift-syntax libraries that ship with
// the toolchain (`LOOM_SWIFT_SYNTAX=package` uses the swift-syntax package instead).
import CompilerPluginSupport
import PackageDescription

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

// Where swift-syntax comes from:
// - "toolchain": the prebuilt host libraries of the running toolchain (offline, no package
//   dependency; needs unsafe flags, so a consumer depends on LoomMacros by path, branch or revision).
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

var dependencies: [Package.Dependency] = [
  .package(path: "../Loom"),
  .package(path: "../LoomAssembly"),
]
var syntaxDependencies: [Target.Dependency] = []
var pluginDependencies: [Target.Dependency] = []
var testDependencies: [Target.Dependency] = []
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
  testDependencies = ["SwiftParser", "SwiftSyntaxMacroExpansion"].map(product)
}

let package = Package(
  name: "LoomMacros",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "LoomMacros", targets: ["LoomMacros"]),
    // The macro implementations as a plain library, for expansion tests in other packages (a
    // `.macro` target cannot be imported from outside its package). Not API: do not depend on it.
    .library(name: "_LoomMacrosImplementation", targets: ["LoomMacrosImplementation"]),
  ],
  dependencies: dependencies,
  targets: [
    // The macro types, one per file; everything the compiler plugin and the tests share.
    .target(
      name: "LoomMacrosImplementation", dependencies: syntaxDependencies,
      swiftSettings: syntaxSwiftSettings, linkerSettings: syntaxLinkerSettings),
    // The compiler plugin: a thin executable that serves the implementations to the compiler.
    .macro(
      name: "LoomMacrosPlugin",
      dependencies: ["LoomMacrosImplementation"] + syntaxDependencies + pluginDependencies,
      swiftSettings: syntaxSwiftSettings, linkerSettings: syntaxLinkerSettings),
    // What users import: the macro declarations and the small runtime the generated code calls.
    .target(
      name: "LoomMacros",
      dependencies: [
        "LoomMacrosPlugin",
        .product(name: "Loom", package: "Loom"),
        .product(name: "LoomAssembly", package: "LoomAssembly"),
      ]),
    .testTarget(
      name: "LoomMacrosImplementationTests",
      dependencies: ["LoomMacrosImplementation"] + syntaxDependencies + testDependencies,
      swiftSettings: syntaxSwiftSettings, linkerSettings: syntaxLinkerSettings),
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
for target in package.targets where ["LoomMacros"].contains(target.name) {
  #if canImport(Darwin)
    target.resources = (target.resources ?? []) + [.copy("PrivacyInfo.xcprivacy")]
  #else
    target.exclude.append("PrivacyInfo.xcprivacy")
  #endif
}
