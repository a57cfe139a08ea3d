#!/usr/bin/env bash
# Checks loom-graph's build plugin and the expansion dump on the fixture package
# Tests/LoomGraphFixtures/Shop, as a user's build sees them:
#   1. Scripts/dump-macro-expansions.sh writes the expansions of its Checkout target;
#   2. with the LoomGraphValidation plugin on every target, the app builds and runs;
#   3. `swift package loom-graph --target App` (the command plugin) draws App with the modules it
#      depends on;
#   4. the Legacy and Broken targets fail to build with loom-graph's `file:line:column: error:`
#      lines, exactly, before they compile;
#   5. LOOM_GRAPH_VALIDATION=off builds Broken (its problems are ones the compiler cannot see),
#      and the next build without it fails again;
#   6. Account, which mounts Profile's FeatureComponent while Onboarding declares another one,
#      builds (components are told apart by module), and CProbe, a C target with the plugin,
#      builds without the plugin doing anything.
# Both parts build in one scratch folder (the dump script's), with the same flags, so the
# fixture's dependencies (Loom, LoomMacros, the tool) are built once.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
fixture="$root/Tests/LoomGraphFixtures/Shop"
scratch="$fixture/.build/macro-expansions"
logs="$fixture/.build/graph-check"
mkdir -p "$logs"
# NB: the same flags as Scripts/dump-macro-expansions.sh, so that these builds reuse its build.
dump_flags=(-Xswiftc -Xfrontend -Xswiftc -dump-macro-expansions)
failures=()

fail() {
  echo "error: $1" >&2
  failures+=("$1")
}

# MARK: - The expansion dump

echo "==> Scripts/dump-macro-expansions.sh --target Checkout"
dump=$(Scripts/dump-macro-expansions.sh --package-path "$fixture" --target Checkout | tail -1)
case $dump in
  "$fixture"/.build/*) ;;
  *) fail "the expansions were written to '$dump', not under the fixture's .build" ;;
esac
for header in \
  "// MARK: - member macro @Component expansion #1 of CheckoutComponent in Checkout" \
  "// MARK: - accessor macro @Child expansion #1 of payment in Checkout.CheckoutComponent" \
  "// MARK: - extension macro @Bind expansion #1 of StripeGateway in Checkout"; do
  grep -qxF "$header" "$dump" || fail "the expansion dump has no '$header'"
done
grep -qF "public init(gateway: any PaymentGateway, sessionToken: @autoclosure () throws -> String)" \
  "$dump" ||
  fail "the expansion dump lacks CheckoutComponent's generated initializer"
echo "    $(grep -c '^// MARK: - ' "$dump") expansions in $dump"

# MARK: - The build plugin

# Builds with the fixture's plugin; prints the build's status and keeps its log.
# NB: a build is run again once when SwiftPM itself crashed (its backtrace names the thread
# "swift-build"), never for a compile error. Seen once in a local CI run: a signal 11 in
# libdispatch's `_dispatch_event_loop_drain` inside swift-build, right after it linked the plugin.
build() {
  local name=$1
  shift
  local status attempt
  for attempt in 1 2; do
    status=0
    swift build --package-path "$fixture" --scratch-path "$scratch" "${dump_flags[@]}" "$@" \
      >"$logs/$name.log" 2>&1 || status=$?
    if ((status == 0)) || ! grep -q '^Thread 0 "swift-build"' "$logs/$name.log"; then break; fi
    cp "$logs/$name.log" "$logs/$name.crash-$attempt.log"
    echo "    swift-build crashed building '$name' ($logs/$name.crash-$attempt.log)" >&2
  done
  echo "$status"
}

# The `error:` and `warning:` lines loom-graph printed in a build log, paths relative to the
# fixture.
diagnostics() {
  grep -E '^/.*: (error|warning|note): ' "$logs/$1.log" | sed "s|^$fixture/||" || true
}

# Builds `target`, which must fail before it compiles, with exactly loom-graph's lines `expected`.
expect_failure() {
  local name=$1 target=$2 expected=$3 why=$4
  if [[ $(build "$name" --target "$target") == 0 ]]; then
    fail "$target built although $why"
  elif [[ "$(diagnostics "$name")" != "$expected" ]]; then
    diagnostics "$name" >&2
    fail "$target's build did not print exactly loom-graph's lines"
  elif grep -q "Compiling $target " "$logs/$name.log"; then
    fail "$target was compiled although loom-graph failed first"
  fi
}

echo "==> The app builds with the plugin on every target, and runs"
if [[ $(build app --product App) != 0 ]]; then
  cat "$logs/app.log" >&2
  fail "the app did not build with the plugin"
else
  grep -q "Validating the dependency graph for App" "$logs/app.log" ||
    grep -q "not seen: register(type" "$logs/app.log" ||
    fail "the plugin did not run for App"
  bin=$(swift build --package-path "$fixture" --scratch-path "$scratch" "${dump_flags[@]}" \
    --show-bin-path)
  output=$("$bin/App")
  [[ "$output" == "charged 250 cents for session-1" ]] || fail "the app printed '$output'"
fi

echo "==> swift package loom-graph (the command plugin) draws App and what it depends on"
drawing=$(swift package --package-path "$fixture" --scratch-path "$scratch" "${dump_flags[@]}" \
  loom-graph --target App 2>"$logs/command.log") || fail "swift package loom-graph --target App failed"
for line in "  └─ any PaymentGateway (singleton, binding)" "    PaymentComponent (child 'payment')"; do
  grep -qxF "$line" <<<"$drawing" || fail "the command plugin's graph of App lacks '$line'"
done

echo "==> Legacy fails: a second @Bind of the gateway"
expected_legacy="Sources/Legacy/LegacyGateway.swift:6:1: error: a second @Bind for any PaymentGateway: LegacyGateway and StripeGateway both bind it, and the app stops with DiscoveryError when Container.default installs them; keep one @Bind
Sources/Checkout/StripeGateway.swift:5:1: note: StripeGateway binds any PaymentGateway here"
expect_failure legacy Legacy "$expected_legacy" "it binds the gateway twice"

echo "==> Broken fails: hierarchy rules, a root mounted, a cycle across files"
expected_broken='Sources/Broken/AuditWiring.swift:8:15: error: dependency cycle: AuditLog → AuditStore → AuditLog; break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
Sources/Broken/AuditStore.swift:10:13: note: AuditStore is declared here
Sources/Broken/BackgroundComponent.swift:13:22: warning: ReportsComponent names '"'SettingsComponnt'"' as a parent, which is not a @Component loom-graph found; did you mean '"'SettingsComponent'"'?
Sources/Broken/SettingsComponent.swift:10:3: error: SettingsComponent mounts PaymentComponent as child '"'payment'"', but only CheckoutComponent may mount PaymentComponent; mount it there, or list "SettingsComponent" in its @Component(parents:)
Sources/ShopKit/PaymentComponent.swift:4:22: note: PaymentComponent lists its parents here
Sources/Broken/SettingsComponent.swift:12:3: error: SettingsComponent mounts BackgroundComponent as child '"'background'"', but BackgroundComponent is a root component that no component may mount; remove the child, or remove root: true from BackgroundComponent
Sources/Broken/BackgroundComponent.swift:4:12: note: BackgroundComponent is declared a root here
Sources/Broken/SettingsComponent.swift:14:3: error: SettingsComponent mounts ReportsComponent as child '"'reports'"', but only SettingsComponnt may mount ReportsComponent; mount it there, or list "SettingsComponent" in its @Component(parents:)
Sources/Broken/BackgroundComponent.swift:13:22: note: ReportsComponent lists its parents here'
expect_failure broken Broken "$expected_broken" "its hierarchy rules are broken"

echo "==> LOOM_GRAPH_VALIDATION=off builds Broken; the next build checks again"
if [[ $(LOOM_GRAPH_VALIDATION=off build broken-off --target Broken) != 0 ]]; then
  cat "$logs/broken-off.log" >&2
  fail "Broken did not build with LOOM_GRAPH_VALIDATION=off"
fi
if [[ $(build broken-again --target Broken) == 0 ]]; then
  fail "Broken built again without LOOM_GRAPH_VALIDATION=off"
fi

echo "==> Account builds: its FeatureComponent is Profile's, not Onboarding's"
if [[ $(build account --target Account) != 0 ]]; then
  cat "$logs/account.log" >&2
  fail "Account did not build with the plugin"
fi

echo "==> CProbe, a C target, builds with the plugin, which adds no command for it"
if [[ $(build cprobe --target CProbe) != 0 ]]; then
  cat "$logs/cprobe.log" >&2
  fail "CProbe did not build with the plugin"
elif grep -q "Validating the dependency graph for CProbe" "$logs/cprobe.log"; then
  fail "the plugin ran loom-graph for CProbe, which has no Swift sources"
fi

echo
if ((${#failures[@]} > 0)); then
  echo "Graph check FAILED (logs in $logs):" >&2
  printf '  - %s\n' "${failures[@]}" >&2
  exit 1
fi
echo "Graph check passed."
