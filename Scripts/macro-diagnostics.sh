#!/usr/bin/env bash
# Checks LoomMacros from the outside, as a user's build sees it: compiles wrong uses of the macros
# in a throwaway client package and checks that the compiler prints our diagnostics at the right
# line:column (and no plugin "Internal Error"), then runs a client that links two bindings of one
# key and checks that both errors name both types and files, and one whose start-up hooks
# `Container.default.bootstrap()` runs in their order, once.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
work="$root/.build/macro-diagnostics"
client="$work/client"

# The client is written afresh on every run, so SwiftPM always expands the macros again (it does
# not recompile a client when only the macro implementation changed).
rm -rf "$client"
mkdir -p "$client/Sources/WrongUses" "$client/Sources/Conflict" "$client/Sources/Bindings" \
  "$client/Sources/Hooks" "$client/Sources/Startup"

cat >"$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MacroDiagnosticsClient",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$root/Packages/LoomMacros")],
  targets: [
    .target(name: "WrongUses", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    .target(name: "Bindings", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    .executableTarget(
      name: "Conflict",
      dependencies: ["Bindings", .product(name: "LoomMacros", package: "LoomMacros")]),
    .target(name: "Hooks", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    .executableTarget(
      name: "Startup",
      dependencies: ["Hooks", .product(name: "LoomMacros", package: "LoomMacros")]),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST

# NB: the checks below pin the line and column of each wrong use; keep them in step.
cat >"$client/Sources/WrongUses/WrongUses.swift" <<'SOURCE'
import LoomMacros

final class Profile: Sendable {
  @Inject let api: Int
  @WeakInject var parent: Profile
}

@Injectable
class Service {
  init(api: Int) {}
}

@Injectable
struct Cache {
  init(disk: Int) {}
  init(memory: String) {}
}

@Module
struct AppModule {
  @Provides func configure() {}
}

@Startup
func configureLogging(level: Int) {}

struct Setup {
  @Startup func warmUp() {}
}
SOURCE

cat >"$client/Sources/Hooks/Hooks.swift" <<'SOURCE'
import LoomMacros

public let hooksModule = "Hooks"

@Startup(order: 2)
func warmTheCache() async {
  print("hook: warm the cache")
}

enum Storage {
  @Startup("Open the store", order: 1)
  static func open(_ r: Resolver) throws {
    print("hook: open the store at \(try r.resolve(\.storePath))")
  }
}

extension Container {
  var storePath: Dependency<String> { Dependency(.singleton, dependencies: []) { _ in "/tmp/store" } }
}
SOURCE

cat >"$client/Sources/Startup/main.swift" <<'SOURCE'
import Hooks
import LoomMacros

print("linked \(hooksModule): \(Container.discoveredStartupHooks.map(\.name))")
try await Container.default.bootstrap()
try await Container.default.bootstrap()
let other = Container()
try other.installDiscoveredBindings()
try await other.bootstrap()
print("bootstrapped three times")
SOURCE

cat >"$client/Sources/Bindings/Bindings.swift" <<'SOURCE'
import LoomMacros

public protocol Payments: Sendable {}

@Bind((any Payments).self)
struct StripePayments: Payments {}

@Bind((any Payments).self)
struct PayPalPayments: Payments {}
SOURCE

cat >"$client/Sources/Conflict/main.swift" <<'SOURCE'
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
expect() {
  local log=$1 text=$2
  if grep -qF -- "$text" "$log"; then
    echo "ok: $text"
  else
    echo "error: expected in the output: $text" >&2
    failures=$((failures + 1))
  fi
}

echo "==> Compiling wrong uses (they must fail with our diagnostics)"
log="$work/wrong-uses.log"
if swift build --package-path "$client" --scratch-path "$work/build" --target WrongUses \
  >"$log" 2>&1; then
  echo "error: the wrong uses compiled; see $log" >&2
  exit 1
fi
file="Sources/WrongUses/WrongUses.swift"
expect "$log" "$file:4:11: error: @Inject property must be declared with 'var'; its value is read through an accessor"
expect "$log" "$file:5:27: error: @WeakInject property 'parent' must be optional: it reads nil once the instance is released"
expect "$log" "$file:9:1: error: @Injectable class 'Service' must be 'final': its factory makes exactly this class"
expect "$log" "$file:14:8: error: 'Cache' has 2 initializers; mark the one the container calls with @InjectableInit"
expect "$log" "$file:21:18: error: @Provides method 'configure' must return the dependency it provides"
expect "$log" "$file:25:22: error: a start-up hook takes no parameter, or one Resolver for what it needs: 'configureLogging(_ r: Resolver)'"
expect "$log" "$file:28:12: error: an instance method cannot be a start-up hook, which runs with no instance; make 'warmUp' static"
if grep -q "Internal Error" "$log"; then
  echo "error: the compiler plugin reported an Internal Error; see $log" >&2
  failures=$((failures + 1))
fi
# Every role of a macro agrees on validity: a refused property gets no second error from its
# accessor role.
if grep -q "did not produce a non-observing accessor" "$log"; then
  echo "error: a refused @Inject property also got an accessor-role error; see $log" >&2
  failures=$((failures + 1))
fi

# Builds and runs the client's executable $1, its output in $work/$2.log (in $out).
run_client() {
  out="$work/$2.log"
  swift run --package-path "$client" --scratch-path "$work/build" "$1" >"$out" 2>&1 || {
    cat "$out" >&2
    echo "error: the $2 client did not build or run" >&2
    exit 1
  }
}

echo "==> Running a client with two bindings of one key"
run_client Conflict conflict
expect "$out" "DiscoveryError: any Payments is bound by 2 implementations"
expect "$out" "├─ any Payments: StripePayments (Bindings/Bindings.swift:5), PayPalPayments (Bindings/Bindings.swift:8)"
expect "$out" "ResolutionError: any Payments is bound by 2 implementations: StripePayments (Bindings/Bindings.swift:5), PayPalPayments (Bindings/Bindings.swift:8)"

echo "==> Running a client whose start-up hooks the default container runs"
run_client Startup start-up
expect "$out" 'linked Hooks: ["Open the store", "Hooks.warmTheCache"]'
expect "$out" "bootstrapped three times"
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
