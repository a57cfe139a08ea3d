#!/usr/bin/env bash
# Checks LoomMacros from the outside, as a user's build sees it. A throwaway client package holds
# one wrong use of a macro per file: the script compiles them in one build and checks that each
# file gets exactly one error, at the right line, with the right words, and no plugin "Internal
# Error". Then it builds, with warnings as errors, the same uses once their fix-it is applied, and
# runs a client that links two bindings of one key and checks that both errors name both types
# and files, and one whose start-up hooks `Container.default.bootstrap()` runs in their order,
# once.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
source Scripts/lib/diagnostics.bash
work="$root/.build/macro-diagnostics"
client="$work/client"

# The client is written afresh on every run, so SwiftPM always expands the macros again (it does
# not recompile a client when only the macro implementation changed).
rm -rf "$client"
mkdir -p "$client/Sources/WrongUses" "$client/Sources/FixedUses" "$client/Sources/Conflict" \
  "$client/Sources/Bindings" "$client/Sources/Hooks" "$client/Sources/Startup"

cat >"$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MacroDiagnosticsClient",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$root/Packages/LoomMacros")],
  targets: [
    .target(name: "WrongUses", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    .target(name: "FixedUses", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    .target(name: "Bindings", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    .executableTarget(
      name: "Conflict",
      dependencies: ["Bindings", "FixedUses", .product(name: "LoomMacros", package: "LoomMacros")]),
    .target(name: "Hooks", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    .executableTarget(
      name: "Startup",
      dependencies: ["Hooks", .product(name: "LoomMacros", package: "LoomMacros")]),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST

# Writes standard input to Sources/$1/$2.swift of the client.
source_file() {
  cat >"$client/Sources/$1/$2.swift"
}

# MARK: - Wrong uses: one per file, each checked below for its one error.
# NB: the checks pin the line of each error; keep them in step with these sources.

source_file WrongUses Types <<'SOURCE'
import LoomMacros

public protocol Payments: Sendable {}
final class Parent: Sendable {}

extension Container {
  var payments: Dependency<any Payments> {
    Dependency(.singleton, dependencies: []) { _ in fatalError("bound with @Bind") }
  }
}
SOURCE

source_file WrongUses InjectOnLet <<'SOURCE'
import LoomMacros

final class InjectOnLet: Sendable {
  @Inject let api: Int
}
SOURCE

source_file WrongUses InjectStatic <<'SOURCE'
import LoomMacros

final class InjectStatic: Sendable {
  @Inject static var api: Int
}
SOURCE

source_file WrongUses WeakInjectNotOptional <<'SOURCE'
import LoomMacros

final class WeakInjectNotOptional: Sendable {
  @WeakInject var parent: Parent
}
SOURCE

source_file WrongUses InjectableNotFinal <<'SOURCE'
import LoomMacros

@Injectable
class InjectableNotFinal {
  init(api: Int) {}
}
SOURCE

source_file WrongUses InjectableTwoInitializers <<'SOURCE'
import LoomMacros

@Injectable
struct InjectableTwoInitializers {
  init(disk: Int) {}
  init(memory: String) {}
}
SOURCE

# Issue 31: an @Injectable type that is not Sendable, shared by a cached lifetime.
source_file WrongUses InjectableSingleton <<'SOURCE'
import LoomMacros

@Injectable
final class InjectableSingleton {
  var lines: [String] = []
  init() {}
}

func registerInjectableSingleton(_ container: Container) {
  container.register(InjectableSingleton.self, lifetime: .singleton)
}
SOURCE

source_file WrongUses ProvidesNoResult <<'SOURCE'
import LoomMacros

@Module
struct ProvidesNoResult {
  @Provides func configure() {}
}
SOURCE

source_file WrongUses BindNotConforming <<'SOURCE'
import LoomMacros

@Bind((any Payments).self)
final class BindNotConforming: Sendable {}
SOURCE

source_file WrongUses BindKeyPathNotConforming <<'SOURCE'
import LoomMacros

@Bind(\.payments)
final class BindKeyPathNotConforming: Sendable {}
SOURCE

source_file WrongUses StartupParameters <<'SOURCE'
import LoomMacros

@Startup
func configureLogging(level: Int) {}
SOURCE

source_file WrongUses StartupInstanceMethod <<'SOURCE'
import LoomMacros

struct StartupInstanceMethod {
  @Startup func warmUp() {}
}
SOURCE

# MARK: - The same uses with their fix-it applied.

source_file FixedUses Fixed <<'SOURCE'
import LoomMacros

final class Parent: Sendable {}

final class InjectStatic: Sendable {
  @Inject var api: Int
}

final class WeakInjectNotOptional: Sendable {
  @WeakInject var parent: Parent?
}

@Injectable
final class InjectableNotFinal {
  init(api: Int) {}
}

@Injectable
struct InjectableTwoInitializers {
  @InjectableInit init(disk: Int) {}
  init(memory: String) {}
}

struct StartupInstanceMethod {
  @Startup static func warmUp() {}
}

// InjectableSingleton registered transient (or .graph): handed over, never shared; and a class
// that is not Sendable holding it with @Inject.
@Injectable
final class InjectableSingleton {
  var lines: [String] = []
  init() {}
}

final class DraftEditor {
  @Inject var draft: InjectableSingleton
}

func registerInjectableSingleton(_ container: Container) {
  container.register(InjectableSingleton.self)
  container.register(InjectableSingleton.self, name: "pass", lifetime: .graph)
}

// BindNotConforming and BindKeyPathNotConforming, with the conformance Swift's fix-it adds.
protocol Payments: Sendable {}

extension Container {
  var payments: Dependency<any Payments> {
    Dependency(.singleton, dependencies: []) { _ in BindKeyPathNotConforming() }
  }
}

@Bind((any Payments).self)
final class BindNotConforming: Payments {}

@Bind(\.payments)
final class BindKeyPathNotConforming: Payments {}
SOURCE

source_file Hooks Hooks <<'SOURCE'
import LoomMacros

public let hooksModule = "Hooks"

@Startup(order: 2)
func warmTheCache() async {
  print("hook: warm the cache")
}

enum Storage {
  @Startup("Open the store", order: 1)
  static func open(_ r: Resolver) throws {
    print("hook: open the store at \(try r.tryResolve(\.storePath))")
  }
}

extension Container {
  var storePath: Dependency<String> { Dependency(.singleton, dependencies: []) { _ in "/tmp/store" } }
}
SOURCE

source_file Startup main <<'SOURCE'
import Hooks
import LoomMacros

print("linked \(hooksModule): \(Container.discoveredStartupTasks.map(\.name))")
try await Container.default.bootstrap()
try await Container.default.bootstrap()
let other = Container()
try other.installDiscoveredBindings()
try await other.bootstrap()
print("bootstrapped three times")
SOURCE

source_file Bindings Bindings <<'SOURCE'
import LoomMacros

public protocol Payments: Sendable {}

@Bind((any Payments).self)
struct StripePayments: Payments {}

@Bind((any Payments).self)
struct PayPalPayments: Payments {}
SOURCE

source_file Conflict main <<'SOURCE'
import Bindings
import LoomMacros

do {
  try Container().installDiscoveredBindings()
  print("installed: no error")
} catch {
  print(error)
}
do {
  _ = try Container.default.tryResolve((any Payments).self)
  print("resolved: no error")
} catch {
  print(error)
}
SOURCE

failures=0
# NB: both builds treat warnings as errors: the wrong uses must get no warning either, and the
# same flags let the second build reuse what the first compiled (LoomMacros and its plugin).
werror=(-Xswiftc -warnings-as-errors)

echo "==> Compiling wrong uses (one error each, at the user's line, and no warning)"
log="$work/wrong-uses.log"
if swift build --package-path "$client" --scratch-path "$work/build" --target WrongUses \
  "${werror[@]}" >"$log" 2>&1; then
  echo "error: the wrong uses compiled; see $log" >&2
  exit 1
fi
# file | line | words of the one error
cases=(
  "InjectOnLet.swift|4|cannot expand accessor macro on variable declared with 'let'"
  "InjectStatic.swift|4|@Inject applies to instance properties: it resolves in the container current when the owner is made"
  "WeakInjectNotOptional.swift|4|@WeakInject property 'parent' must be optional: it reads nil once the instance is released"
  "InjectableNotFinal.swift|4|@Injectable class 'InjectableNotFinal' must be 'final': its factory makes exactly this class"
  "InjectableTwoInitializers.swift|4|'InjectableTwoInitializers' has 2 initializers; mark the one the container calls with @InjectableInit"
  "InjectableSingleton.swift|10|type 'InjectableSingleton' does not conform to the 'Sendable' protocol"
  "ProvidesNoResult.swift|5|@Provides method 'configure' must return the dependency it provides"
  "BindNotConforming.swift|4|in @Bind expansion: cannot convert value of type 'BindNotConforming' to closure result type 'any Payments'"
  "BindKeyPathNotConforming.swift|4|in @Bind expansion: cannot convert value of type 'BindKeyPathNotConforming' to closure result type 'any Payments'"
  "StartupParameters.swift|4|a start-up hook takes no parameter, or one Resolver for what it needs: 'configureLogging(_ r: Resolver)'"
  "StartupInstanceMethod.swift|4|an instance method cannot be a start-up hook, which runs with no instance; make 'warmUp' static"
)
loom_expect_cases "$log" "${cases[@]}"
# Swift reports a `let` itself, with no fix-it: a note beside its error offers one.
loom_expect_output "$log" "note: @Inject gives the property a getter, so it is declared with 'var'"

# Builds, with warnings as errors, and runs the client's executable $1, its output in
# $work/$2.log (in $out).
run_client() {
  out="$work/$2.log"
  swift run --package-path "$client" --scratch-path "$work/build" "${werror[@]}" "$1" \
    >"$out" 2>&1 || {
    cat "$out" >&2
    echo "error: the $2 client did not build or run" >&2
    exit 1
  }
}

echo "==> Building the fixed uses with warnings as errors; running a client with two bindings of one key"
run_client Conflict conflict
loom_expect_output "$out" "DiscoveryError: any Payments is bound by 2 implementations"
loom_expect_output "$out" "├─ any Payments: StripePayments (Bindings/Bindings.swift:5), PayPalPayments (Bindings/Bindings.swift:8)"
loom_expect_output "$out" "ResolutionError: any Payments is bound by 2 implementations: StripePayments (Bindings/Bindings.swift:5), PayPalPayments (Bindings/Bindings.swift:8)"

echo "==> Running a client whose start-up hooks the default container runs"
run_client Startup start-up
loom_expect_output "$out" 'linked Hooks: ["Open the store", "Hooks.warmTheCache"]'
loom_expect_output "$out" "bootstrapped three times"
# Each hook ran once, in its order, whatever the number of bootstraps and containers.
if [[ "$(grep '^hook: ' "$out")" != $'hook: open the store at /tmp/store\nhook: warm the cache' ]]; then
  echo "error: the hooks did not run once each, in order; see $out" >&2
  failures=$((failures + 1))
fi

if ((failures > 0)); then
  echo "error: $failures macro diagnostic check(s) failed; the logs are in $work" >&2
  exit 1
fi
echo "Macro diagnostics passed."
