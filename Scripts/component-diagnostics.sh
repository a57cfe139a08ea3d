#!/usr/bin/env bash
# Checks compile-time components from the outside, as a user's build sees them: compiles a
# component with a missing member, one with a cycle and one with an effect mismatch in a throwaway
# client package and checks that the compiler prints exactly our three diagnostics, at the right
# line:column, with no plugin "Internal Error" and no cascading error; then builds a valid
# component with warnings as errors and runs it.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
work="$root/.build/component-diagnostics"
client="$work/client"

# The client is written afresh on every run, so SwiftPM always expands the macros again (it does
# not recompile a client when only the macro implementation changed).
rm -rf "$client"
mkdir -p "$client/Sources/WrongComponents" "$client/Sources/GoodComponent"

cat >"$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ComponentDiagnosticsClient",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$root/Packages/LoomMacros")],
  targets: [
    .target(
      name: "WrongComponents", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    .executableTarget(
      name: "GoodComponent", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST

# NB: the checks below pin the line and column of each wrong use; keep them in step.
cat >"$client/Sources/WrongComponents/WrongComponents.swift" <<'SOURCE'
import LoomMacros

final class Config: Sendable {}
final class API: Sendable { init(config: Config) {} }
final class A: Sendable { init(b: B) {} }
final class B: Sendable { init(c: C) {} }
final class C: Sendable { init(a: A) {} }
final class Database: Sendable { static func open() async -> Database { Database() } }
final class Users: Sendable { init(database: Database) {} }

@Component
struct MissingMember {
  @Provide(.input) var config: Config
  @Provide(.shared, factory: { (confg: Config) in API(config: confg) }) var api: API
}

@Component
struct Cycle {
  @Provide(.shared, A.init(b:)) var a: A
  @Provide(.shared, B.init(c:)) var b: B
  @Provide(.shared, C.init(a:)) var c: C
}

@Component
struct EffectMismatch {
  @Provide(.shared, Database.open, effects: .async) var database: Database
  @Provide(.shared, Users.init(database:)) var users: Users
}
SOURCE

cat >"$client/Sources/GoodComponent/main.swift" <<'SOURCE'
import LoomMacros

final class Config: Sendable { let url = "sqlite://demo" }
final class Database: Sendable {
  let url: String
  init(url: String) { self.url = url }
  static func open(_ config: Config) async throws -> Database { Database(url: config.url) }
}
final class Users: Sendable { init(database: Database) {} }

@Component
struct DemoComponent {
  @Provide(.input) var config: Config
  @Provide(.shared, factory: { (config: Config) async throws in try await Database.open(config) })
  var database: Database
  @Provide(.shared, Users.init(database:), effects: [.async, .throwing]) var users: Users
}

let resolved = try await DemoComponent(config: Config()).resolve()
print("database: \(resolved.database.url)")
print(DemoComponent.graph.export(.text))
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

echo "==> Compiling wrong components (they must fail with our diagnostics, and only those)"
log="$work/wrong-components.log"
if swift build --package-path "$client" --scratch-path "$work/build" --target WrongComponents \
  >"$log" 2>&1; then
  echo "error: the wrong components compiled; see $log" >&2
  exit 1
fi
file="Sources/WrongComponents/WrongComponents.swift"
expect "$log" "$file:14:33: error: 'confg' is not a member of MissingMember; did you mean 'config'?"
expect "$log" "$file:19:37: error: dependency cycle: a → b → c → a; break it, or take one of them through Lazy or Provider in a factory closure"
expect "$log" "$file:27:32: error: 'users' is synchronous, but it is built from 'database', which is asynchronous; declare 'users' async"
errors=$(grep -o "$file:[0-9]*:[0-9]*: error: .*" "$log" | sort -u | wc -l)
if ((errors != 3)); then
  echo "error: expected exactly our 3 errors, the compiler printed $errors:" >&2
  grep -o "$file:[0-9]*:[0-9]*: error: .*" "$log" | sort -u >&2
  failures=$((failures + 1))
fi
if grep -q "Internal Error" "$log"; then
  echo "error: the compiler plugin reported an Internal Error; see $log" >&2
  failures=$((failures + 1))
fi

echo "==> Building and running a valid component with warnings as errors"
out="$work/good-component.log"
swift run --package-path "$client" --scratch-path "$work/build" -Xswiftc -warnings-as-errors \
  GoodComponent >"$out" 2>&1 || {
  cat "$out" >&2
  echo "error: the valid component did not build or run" >&2
  exit 1
}
expect "$out" "database: sqlite://demo"
expect "$out" "Users (name: \"users\") (singleton, async, from DemoComponent)"

if ((failures > 0)); then
  echo "error: $failures component diagnostic check(s) failed; the logs are in $work" >&2
  exit 1
fi
echo "Component diagnostics passed."
