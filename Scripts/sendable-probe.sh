#!/usr/bin/env bash
# Checks that apps' types work as they are written, in Swift 6 language mode (issue 31):
#
# 1. builds Tests/SendableProbe (the shapes real apps have, registered and resolved with no change
#    to the type; and 0.1.0-style wiring in Swift 5 language mode, which must keep compiling), with
#    no warning in the Swift 6 probe, and runs it;
# 2. compiles a throwaway client with one wrong use per file (a value that is not Sendable given a
#    cached lifetime, in every spelling) and checks each gets exactly one error at its line, then
#    checks the fixed uses compile without a warning;
# 3. builds the probe with ThreadSanitizer and runs it: it resolves from eight threads and eight
#    tasks at once.
#
#   Scripts/sendable-probe.sh            # all three
#   Scripts/sendable-probe.sh --no-tsan  # skip the ThreadSanitizer run
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
source Scripts/lib/diagnostics.bash
source Scripts/lib/sanitizer.bash
work="$root/.build/sendable-probe"
failures=0
tsan=1
if [[ "${1:-}" == "--no-tsan" ]]; then tsan=0; fi

# MARK: - 1. The probe

echo "==> Building Tests/SendableProbe (Swift 6 probe, Swift 5 legacy client)"
log="$work/probe-build.log"
mkdir -p "$work"
status=0
# NB: --disable-build-manifest-caching: the probe reaches the packages by path, and a cached build
# manifest still lacks a source file added to one of them since ("cannot find ... in scope").
swift build --package-path Tests/SendableProbe --scratch-path "$work/probe" \
  --disable-build-manifest-caching >"$log" 2>&1 \
  || status=$?
if ((status != 0)); then
  cat "$log" >&2
  echo "error: the probe does not build" >&2
  exit 1
fi
if grep -E "SendableProbe/Sources/Probe/.*: warning: " "$log" >&2; then
  echo "error: the Swift 6 probe compiles with warnings (above)" >&2
  failures=$((failures + 1))
fi
probe="$(swift build --package-path Tests/SendableProbe --scratch-path "$work/probe" \
  --show-bin-path)/Probe"
"$probe" | tee "$work/probe.out"
loom_expect_output "$work/probe.out" "Sendable probe: every check passed."

# MARK: - 2. Compile-time errors at the registration

client="$work/diagnostics-client"
rm -rf "$client"
mkdir -p "$client/Sources/WrongUses" "$client/Sources/FixedUses"
cat >"$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SendableDiagnosticsClient",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "$root/Packages/Loom"), .package(path: "$root/Packages/LoomAssembly"),
  ],
  targets: [
    .target(
      name: "WrongUses",
      dependencies: [
        .product(name: "Loom", package: "Loom"),
        .product(name: "LoomAssembly", package: "LoomAssembly"),
      ]),
    .target(
      name: "FixedUses",
      dependencies: [
        .product(name: "Loom", package: "Loom"),
        .product(name: "LoomAssembly", package: "LoomAssembly"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST

# Writes standard input to Sources/$1/$2.swift of the client.
source_file() {
  cat >"$client/Sources/$1/$2.swift"
}

for target in WrongUses FixedUses; do
  source_file "$target" Types <<'SOURCE'
import Loom

final class Socket {
  var opened = 0
  init() {}
  init(config: Config) {}
}
final class Config: Sendable {}
protocol Feed: AnyObject { func next() -> Int }
final class LiveFeed: Feed { func next() -> Int { 1 } }
SOURCE
done

# NB: the checks pin the line of each error; keep them in step with these sources.
source_file WrongUses ClosureSingleton <<'SOURCE'
import Loom

func closureSingleton(_ container: Container) {
  container.register(Socket.self, lifetime: .singleton) { _ in Socket() }
}
SOURCE
source_file WrongUses AsyncSingleton <<'SOURCE'
import Loom

func asyncSingleton(_ container: Container) {
  container.register(Socket.self, lifetime: .singleton) { _ async in Socket() }
}
SOURCE
source_file WrongUses AutoWiredSingleton <<'SOURCE'
import Loom

func autoWiredSingleton(_ container: Container) {
  container.register(Socket.self, lifetime: .singleton, Socket.init(config:))
}
SOURCE
source_file WrongUses ExistentialSingleton <<'SOURCE'
import Loom

func existentialSingleton(_ container: Container) {
  container.register((any Feed).self, lifetime: .once) { _ in LiveFeed() }
}
SOURCE
source_file WrongUses ReadyInstance <<'SOURCE'
import Loom

func readyInstance(_ container: Container) {
  container.register(Socket.self, instance: Socket())
}
SOURCE
source_file WrongUses KeyPathDeclaration <<'SOURCE'
import Loom

extension Container {
  var socket: Dependency<Socket> { Dependency(.singleton) { _ in Socket() } }
}
SOURCE
source_file WrongUses KeyPathOverride <<'SOURCE'
import Loom

extension Container {
  var feed: Dependency<any Feed> { Dependency { _ in LiveFeed() } }
}

func keyPathOverride(_ container: Container) {
  container.register(\.feed, lifetime: .weak) { _ in LiveFeed() }
}
SOURCE
source_file WrongUses AssemblySingleton <<'SOURCE'
import Loom
import LoomAssembly

func assemblySingleton() -> Registrations {
  Registrations {
    Singleton(Socket.self) { _ in Socket() }
  }
}
SOURCE
source_file WrongUses AssemblyRegister <<'SOURCE'
import Loom
import LoomAssembly

func assemblyRegister() -> Registrations {
  Registrations {
    Register(Socket.self, lifetime: .singleton) { _ in Socket() }
  }
}
SOURCE

# The same uses with one of the ways out applied: each compiles without a warning.
source_file FixedUses Fixed <<'SOURCE'
import Loom
import LoomAssembly

func transient(_ container: Container) {
  container.register(Socket.self) { _ in Socket() }
  container.register(Socket.self, lifetime: .transient) { _ async in Socket() }
  container.register(Socket.self, Socket.init(config:))
}

@MainActor
func sharedOnTheMainActor(_ container: Container) {
  container.register((any Feed).self, lifetime: .mainActor(.once)) { _ in LiveFeed() }
  container.register(\.feed, lifetime: .mainActor(.weak)) { _ in LiveFeed() }
}

func unchecked(_ container: Container) {
  container.register(Socket.self, lifetime: .unchecked(.singleton)) { _ in Socket() }
}

extension Container {
  var socket: Dependency<Socket> { Dependency(.graph) { _ in Socket() } }
  var feed: Dependency<any Feed> { Dependency { _ in LiveFeed() } }
}

func assembly() -> Registrations {
  Registrations {
    Register(Socket.self, lifetime: .transient) { _ in Socket() }
    Singleton(Config.self) { _ in Config() }
  }
}
SOURCE

echo "==> Compiling wrong uses: one error each, at the registration"
log="$work/diagnostics-build.log"
status=0
swift build --package-path "$client" --scratch-path "$work/client" \
  --disable-build-manifest-caching >"$log" 2>&1 || status=$?
if ((status == 0)); then
  echo "error: the wrong uses compiled" >&2
  failures=$((failures + 1))
fi
sendable="does not conform to the 'Sendable' protocol"
loom_expect_cases "$log" \
  "ClosureSingleton.swift|4|type 'Socket' $sendable" \
  "AsyncSingleton.swift|4|type 'Socket' $sendable" \
  "AutoWiredSingleton.swift|4|type 'Socket' $sendable" \
  "ExistentialSingleton.swift|4|type 'any Feed' $sendable" \
  "ReadyInstance.swift|4|type 'Socket' $sendable" \
  "KeyPathDeclaration.swift|4|type 'Socket' $sendable" \
  "KeyPathOverride.swift|8|type 'any Feed' $sendable" \
  "AssemblySingleton.swift|6|type 'Socket' $sendable" \
  "AssemblyRegister.swift|6|type 'Socket' $sendable"
if grep -E "FixedUses/.*: (error|warning): " "$log" >&2; then
  echo "error: the fixed uses do not compile cleanly (above)" >&2
  failures=$((failures + 1))
else
  echo "ok: the fixed uses compile without a warning"
fi

# MARK: - 3. ThreadSanitizer over the probe

if ((tsan == 1)); then
  echo "==> The probe under ThreadSanitizer (8 threads and 8 tasks resolving at once)"
  swift build --package-path Tests/SendableProbe --scratch-path "$work/tsan" \
    --disable-build-manifest-caching --sanitize=thread --product Probe >"$work/tsan-build.log" 2>&1 \
    || { cat "$work/tsan-build.log" >&2; exit 1; }
  tsan_probe="$(swift build --package-path Tests/SendableProbe --scratch-path "$work/tsan" \
    --sanitize=thread --show-bin-path)/Probe"
  TSAN_OPTIONS="halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}" \
    run_sanitized ThreadSanitizer "$work/tsan-probe.log" "WARNING: ThreadSanitizer" "$tsan_probe"
fi

if ((failures > 0)); then
  echo "error: $failures check(s) of the Sendable probe failed" >&2
  exit 1
fi
echo "Sendable probe: all checks passed."
