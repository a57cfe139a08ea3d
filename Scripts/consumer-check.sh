#!/usr/bin/env bash
# Proves that Loom works as a remote package, the way users depend on it: copies what a commit of
# the working tree would contain into a temporary git repository, tags it, then builds and runs a
# small consumer package for each library product, once with `from: "<tag>"` and once with
# `branch: "main"`, by file:// URL (offline). Each consumer resolves something through its product
# and prints it; the script compares the output and checks that only the product's own modules
# were built (a consumer of `Loom` alone builds nothing else). The LoomMacros consumer also runs
# the LoomGraphValidation build plugin, as `.plugin(name:package:)` by URL. Leaves nothing behind.
#
# Usage: Scripts/consumer-check.sh [PRODUCT...]   (default: every product in the table below)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

# The version the temporary repository is tagged with, as in README's installation section.
tag=0.1.0

# MARK: - Products
#
# One line per library product of the root Package.swift:
#   <product>|<requirements to check>|<the Loom modules a consumer of it builds>
# The modules are those compiled for the consumer's own platform; a macro's plugin and the
# libraries it uses are built for the host and not listed (LoomMacros would list
# `Loom LoomAssembly LoomMacros`). To add a product, add a line here, a `consumer_main` case and an
# `expected_output` case below. A product whose targets carry unsafe flags (LoomMacros' toolchain
# mode) can only be used by branch or revision: SwiftPM refuses unsafe flags in a dependency pinned
# by version, so list only `branch` for it.
products=(
  "Loom|from branch|Loom"
  "LoomAssembly|from branch|Loom LoomAssembly"
  "LoomSession|from branch|Loom LoomSession"
  "LoomTesting|from branch|Loom LoomTesting"
  "LoomMacros|branch|Loom LoomAssembly LoomMacros"
)

# The products whose consumer also runs the LoomGraphValidation build plugin (by URL, as users
# add it): its tool reads the consumer's sources before they compile. The tool links the
# toolchain's swift-syntax like the macros, so it goes with a `branch` consumer.
graph_plugin_products=" LoomMacros "

# Prints the consumer's main.swift for a product: it resolves something through the product and
# prints one line about it.
consumer_main() {
  case $1 in
    Loom)
      cat <<'SWIFT'
import Loom

struct Greeting: Sendable { let text: String }

let container = Container()
container.register(Greeting.self, lifetime: .singleton) { _ in Greeting(text: "Hello") }
let first = container.resolve(Greeting.self)
print("Loom: resolved Greeting(\(first.text)), tryResolve agrees: \(try container.tryResolve(Greeting.self).text == first.text)")
SWIFT
      ;;
    LoomAssembly)
      cat <<'SWIFT'
import Loom
import LoomAssembly

struct Config: Sendable { let name: String }

struct AppAssembly: Assembly {
  var registrations: Registrations {
    Singleton(Config.self) { _ in Config(name: "consumer") }
  }
}

let container = Container().install { AppAssembly() }
print("LoomAssembly: AppAssembly registered Config(\(container.resolve(Config.self).name))")
SWIFT
      ;;
    LoomSession)
      cat <<'SWIFT'
import Loom
import LoomSession

final class Profile: Sendable {}

let container = Container()
container.register(Profile.self, lifetime: .session) { _ in Profile() }
let first = container.resolve(Profile.self)
let reused = container.resolve(Profile.self) === first
container.endSession()
let replaced = container.resolve(Profile.self) !== first
print("LoomSession: session Profile reused \(reused), new after endSession() \(replaced)")
SWIFT
      ;;
    LoomTesting)
      cat <<'SWIFT'
import Loom
import LoomTesting

struct Clock: Sendable { let now: Int }

Container.default.register(Clock.self) { _ in Clock(now: 1) }
let overridden = withOverrides {
  $0.register(Clock.self) { _ in Clock(now: 2) }
} operation: {
  inject(Clock.self).now
}
print("LoomTesting: overridden Clock \(overridden), restored Clock \(inject(Clock.self).now)")
SWIFT
      ;;
    LoomMacros)
      cat <<'SWIFT'
import LoomMacros

@Injectable
final class Greeter: Sendable {
  let word: String
  init(@Named("word") word: String) { self.word = word }
}

@Bind(lifetime: .singleton)
final class Clock: Sendable {}

final class Screen: Sendable {
  @Inject var greeter: Greeter
}

let container = Container()
container.register(String.self, name: "word", instance: "Hello")
container.register(Greeter.self)
let screen = container.withCurrent { Screen() }
let clock = Container.default.resolve(Clock.self)
print("LoomMacros: @Inject read \(screen.greeter.word), @Bind found \(Container.discoveredBindings.count) binding, Container.default keeps it: \(Container.default.resolve(Clock.self) === clock)")
SWIFT
      ;;
    *)
      echo "error: no consumer source for product '$1' in Scripts/consumer-check.sh." >&2
      return 1
      ;;
  esac
}

# Prints the one line the consumer of a product must print.
expected_output() {
  case $1 in
    Loom) echo "Loom: resolved Greeting(Hello), tryResolve agrees: true" ;;
    LoomAssembly) echo "LoomAssembly: AppAssembly registered Config(consumer)" ;;
    LoomSession) echo "LoomSession: session Profile reused true, new after endSession() true" ;;
    LoomTesting) echo "LoomTesting: overridden Clock 2, restored Clock 1" ;;
    LoomMacros)
      echo "LoomMacros: @Inject read Hello, @Bind found 1 binding, Container.default keeps it: true"
      ;;
    *)
      echo "error: no expected output for product '$1' in Scripts/consumer-check.sh." >&2
      return 1
      ;;
  esac
}

# MARK: - Set-up

started=$SECONDS
work=$(mktemp -d "${TMPDIR:-/tmp}/loom-consumer-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

# SwiftPM's shared state (repository cache, configuration, fingerprints) goes under $work too: a
# fresh repository each run has a new commit for the same tag, which a remembered fingerprint
# would refuse, and nothing should be left in the user's home directory.
# SwiftPM also leaves lock files in $TMPDIR, so it gets a folder of its own.
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"
swiftpm_paths=(
  --cache-path "$work/swiftpm/cache"
  --config-path "$work/swiftpm/configuration"
  --security-path "$work/swiftpm/security"
)

selected=("$@")
chosen=()
for line in "${products[@]}"; do
  name=${line%%|*}
  if ((${#selected[@]} == 0)) || [[ " ${selected[*]} " == *" $name "* ]]; then
    chosen+=("$line")
  fi
done
if ((${#chosen[@]} == 0)); then
  echo "error: no product matches: ${selected[*]}" >&2
  exit 1
fi

# The repository's identity is the last path component of its URL: `loom`, as for users.
repository="$work/loom"
mkdir -p "$repository"

# What a commit would contain: tracked files that still exist, plus untracked files that are not
# ignored (so .build, .swiftpm and Package.resolved stay out).
echo "==> Copying the working tree into $repository"
(
  git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' file; do
      if [[ -e "$file" || -L "$file" ]]; then printf '%s\0' "$file"; fi
    done
) | tar -cf - --null -T - | tar -xf - -C "$repository"

git -C "$repository" init -q
git -C "$repository" symbolic-ref HEAD refs/heads/main
git -C "$repository" add -A
git -C "$repository" -c user.name="Loom consumer check" -c user.email="consumer-check@invalid" \
  -c commit.gpgsign=false commit -q --no-verify -m "Consumer check snapshot"
git -C "$repository" -c tag.gpgsign=false tag "$tag"
echo "    $(git -C "$repository" ls-files | wc -l | tr -d ' ') files, tagged $tag on branch main"

# MARK: - Consumers

# Writes a consumer package of one product with one requirement into a folder.
write_consumer() {
  local product=$1 requirement=$2 folder=$3 clause
  case $requirement in
    from) clause="from: \"$tag\"" ;;
    branch) clause="branch: \"main\"" ;;
    *)
      echo "error: unknown requirement '$requirement' (use from or branch)." >&2
      return 1
      ;;
  esac
  local plugins=""
  if [[ "$graph_plugin_products" == *" $product "* ]]; then
    plugins='
      plugins: [.plugin(name: "LoomGraphValidation", package: "loom")],'
  fi
  mkdir -p "$folder/Sources"
  cat >"$folder/Package.swift" <<SWIFT
// swift-tools-version: 6.0
// Generated by Scripts/consumer-check.sh: a user's package that depends on Loom by URL.
import PackageDescription

let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    .package(url: "file://$repository", $clause)
  ],
  targets: [
    .executableTarget(
      name: "Consumer",
      dependencies: [.product(name: "$product", package: "loom")],
      path: "Sources",$plugins
    )
  ],
  swiftLanguageModes: [.v6]
)
SWIFT
  consumer_main "$product" >"$folder/Sources/main.swift"
}

failures=()
for line in "${chosen[@]}"; do
  IFS='|' read -r product requirements modules <<<"$line"
  expected=$(expected_output "$product")
  for requirement in $requirements; do
    label="$product ($requirement)"
    folder="$work/consumers/$product-$requirement"
    log="$work/logs/$product-$requirement.log"
    mkdir -p "$(dirname "$log")"
    step_started=$SECONDS
    echo "==> $label"
    write_consumer "$product" "$requirement" "$folder"

    if ! swift build --package-path "$folder" "${swiftpm_paths[@]}" >"$log" 2>&1; then
      echo "error: the consumer of $label does not build. Its log:" >&2
      cat "$log" >&2
      failures+=("$label: build failed")
      continue
    fi
    bin=$(swift build --package-path "$folder" "${swiftpm_paths[@]}" --show-bin-path)

    if ! output=$("$bin/Consumer" 2>&1); then
      echo "error: the consumer of $label failed. It printed:" >&2
      echo "$output" >&2
      failures+=("$label: run failed")
      continue
    fi
    if [[ "$output" != "$expected" ]]; then
      echo "error: the consumer of $label printed:" >&2
      echo "  $output" >&2
      echo "       instead of:" >&2
      echo "  $expected" >&2
      failures+=("$label: wrong output")
      continue
    fi

    # Pick and mix: the modules of the repository that were compiled are exactly the product's.
    built=$(
      for module in "$bin"/Modules/*.swiftmodule "$bin"/*.swiftmodule; do
        [[ -e "$module" ]] || continue
        name=$(basename "$module" .swiftmodule)
        [[ "$name" == Consumer ]] || echo "$name"
      done | sort -u | tr '\n' ' '
    )
    wanted=$(tr ' ' '\n' <<<"$modules" | sort -u | tr '\n' ' ')
    if [[ "$built" != "$wanted" ]]; then
      echo "error: the consumer of $label built the modules: $built" >&2
      echo "       but should build only: $wanted" >&2
      failures+=("$label: built other modules")
      continue
    fi
    # The plugin ran before the consumer compiled: its stamp is in the plugin's output folder.
    if [[ "$graph_plugin_products" == *" $product "* ]] &&
      [[ -z $(find "$folder/.build/plugins/outputs" -name LoomGraphValidation.swift 2>/dev/null) ]]
    then
      echo "error: the LoomGraphValidation plugin did not run for the consumer of $label" >&2
      failures+=("$label: plugin did not run")
      continue
    fi
    echo "    $output"
    echo "    built only: $built($((SECONDS - step_started))s)"
  done
done

echo
if ((${#failures[@]} > 0)); then
  echo "Consumer check FAILED after $((SECONDS - started))s:" >&2
  printf '  - %s\n' "${failures[@]}" >&2
  exit 1
fi
echo "Consumer check passed in $((SECONDS - started))s."
