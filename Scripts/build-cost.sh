#!/usr/bin/env bash
# What the macros cost the compiler. Generates, in a throwaway client package, N classes with two
# or three dependencies each, wired five ways, one target per way and size:
#
#   classes     the classes alone (what every other way also compiles)
#   closures    each registered with a closure: `c.register(S5.self) { r in try S5(...) }`
#   injectable  each `@Injectable`, registered by type: `c.register(S5.self)`
#   hand        one struct wired by hand: a lazily built, thread-safe property per class
#   component   one `@Component` with a `.shared` member per class
#
# and builds each target clean (its dependencies are built once, first), measuring every
# swift-frontend process of the build with /usr/bin/time: CPU time (user + sys, with the macro
# plugin it starts) and peak resident memory. CPU time and memory hardly depend on the machine's
# load, wall time does: each build is repeated and the minimum kept. The table gives, per size,
# the CPU of the target, its CPU per declaration beyond an empty target's, and the peak memory;
# then the ratios the build-cost targets are set on (BENCHMARKS.md, "Build cost").
#
#   Scripts/build-cost.sh                      # sizes 50 200 500, 3 builds each
#   Scripts/build-cost.sh --sizes "50 200" --repeat 1 --variants "closures injectable"
#   Scripts/build-cost.sh --check              # also fail when a ratio is over its limit
#
# Every build is made with `-j 2`, so that the frontends (and so the files each one parses and the
# macros it expands) are the same on any machine.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
work="$root/.build/build-cost"
client="$work/client"
scratch="$work/build"

sizes=(50 200 500)
repeats=3
variants=(classes closures injectable hand component)
check=0
while (($# > 0)); do
  case $1 in
  --sizes) read -r -a sizes <<<"$2"; shift 2 ;;
  --repeat) repeats=$2; shift 2 ;;
  --variants) read -r -a variants <<<"$2"; shift 2 ;;
  --check) check=1; shift ;;
  *)
    echo "usage: $0 [--sizes \"50 200 500\"] [--repeat 3] [--variants \"closures ...\"] [--check]" >&2
    exit 2
    ;;
  esac
done

# Limits of --check: CPU per declaration (beyond the empty target) of a way over another's.
max_injectable_over_closures=1.3
max_component_over_hand=1.3
# The component's peak memory over the hand-written struct's.
max_component_memory_over_hand=2.0
# CPU per member at the largest size over CPU per member at the smallest (constant per member).
max_component_growth=1.25

swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
frontend="$swift_bin/swift-frontend"

# MARK: - The client package

rm -rf "$client"
mkdir -p "$client/Sources"

targets=(CostEmpty)
for size in "${sizes[@]}"; do
  for variant in "${variants[@]}"; do targets+=("Cost_${variant}_$size"); done
done

{
  cat <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let macros = Target.Dependency.product(name: "LoomMacros", package: "LoomMacros")
let package = Package(
  name: "BuildCostClient",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$root/Packages/LoomMacros")],
  targets: [
MANIFEST
  for target in "${targets[@]}"; do echo "    .target(name: \"$target\", dependencies: [macros]),"; done
  cat <<MANIFEST
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST
} >"$client/Package.swift"

# Writes the sources of the target of way $1 and size $2 into Sources/$3. Classes and
# registrations are in files of 50 declarations; the component and the hand-written struct are
# one struct in one file, as a user writes them.
generate() {
  local variant=$1 size=$2 folder="$client/Sources/$3"
  mkdir -p "$folder"
  awk -v variant="$variant" -v size="$size" -v folder="$folder" '
    function out(file, text) { print text > (folder "/" file) }
    BEGIN {
      group = 50
      state = 12345
      # Each class takes two or three distinct earlier ones (or the roots config and clock),
      # picked with a fixed LCG, in the order of their names.
      for (i = 0; i < size; i++) {
        pool = i + 2
        want = 2 + i % 2
        if (want > pool) want = pool
        n = 0
        delete taken
        while (n < want) {
          state = (state * 75 + 74) % 65537
          pick = state % pool
          if (pick in taken) continue
          taken[pick] = 1
          n++
        }
        count[i] = 0
        for (p = 0; p < pool; p++) {
          if (!(p in taken)) continue
          name = p == 0 ? "config" : p == 1 ? "clock" : "s" (p - 2)
          type = p == 0 ? "Config" : p == 1 ? "Clock" : "S" (p - 2)
          dep[i, count[i]] = name
          depType[i, count[i]] = type
          count[i]++
        }
      }
      roots = "Roots.swift"
      out(roots, "import LoomMacros\n")
      out(roots, "final class Config: Sendable { init() {} }")
      out(roots, "final class Clock: Sendable { init() {} }")
      for (i = 0; i < size; i++) {
        file = "Classes" int(i / group) ".swift"
        if (i % group == 0) out(file, "import LoomMacros\n")
        params = ""; body = ""; fields = ""
        for (d = 0; d < count[i]; d++) {
          params = params (d ? ", " : "") dep[i, d] ": " depType[i, d]
          body = body (d ? "; " : " ") "self." dep[i, d] " = " dep[i, d]
          fields = fields "  let " dep[i, d] ": " depType[i, d] "\n"
        }
        attribute = variant == "injectable" ? "@Injectable\n" : ""
        out(file, attribute "final class S" i ": Sendable {\n" fields "  init(" params ") {" body " }\n}")
      }
      if (variant == "closures" || variant == "injectable") {
        for (i = 0; i < size; i++) {
          file = "Registrations" int(i / group) ".swift"
          if (i % group == 0) {
            if (i > 0) out("Registrations" int(i / group - 1) ".swift", "}")
            out(file, "import LoomMacros\n\nfunc register" int(i / group) "(into c: Container) {")
          }
          if (variant == "injectable") {
            out(file, "  c.register(S" i ".self)")
          } else {
            args = ""
            for (d = 0; d < count[i]; d++) {
              args = args (d ? ", " : "") dep[i, d] ": r.tryResolve(" depType[i, d] ".self)"
            }
            out(file, "  c.register(S" i ".self) { r in try S" i "(" args ") }")
          }
        }
        out("Registrations" int((size - 1) / group) ".swift", "}")
      }
      if (variant == "component") {
        file = "Component.swift"
        out(file, "import LoomMacros\n\n@Component\nstruct BenchComponent {")
        out(file, "  @Provide(.input) var config: Config\n  @Provide(.input) var clock: Clock")
        for (i = 0; i < size; i++) {
          with = ""
          for (d = 0; d < count[i]; d++) with = with (d ? ", " : "") "\\Self." dep[i, d]
          out(file, "  @Provide(.shared, with: [" with "]) var s" i ": S" i)
        }
        out(file, "}")
      }
      if (variant == "hand") {
        file = "Hand.swift"
        out(file, "import LoomMacros\nimport Synchronization\n")
        out(file, "final class HandCell<Value: Sendable>: Sendable {")
        out(file, "  private let state = Mutex<Value?>(nil)\n")
        out(file, "  func get(_ make: () -> Value) -> Value {")
        out(file, "    state.withLock { value in")
        out(file, "      if let value { return value }")
        out(file, "      let made = make()")
        out(file, "      value = made")
        out(file, "      return made")
        out(file, "    }\n  }\n}\n")
        out(file, "struct HandComponent: Sendable {")
        out(file, "  let config: Config\n  let clock: Clock\n  private let cells = Cells()\n")
        out(file, "  private final class Cells: Sendable {")
        for (i = 0; i < size; i++) out(file, "    let s" i " = HandCell<S" i ">()")
        out(file, "  }\n")
        for (i = 0; i < size; i++) {
          args = ""
          for (d = 0; d < count[i]; d++) args = args (d ? ", " : "") dep[i, d] ": " dep[i, d]
          out(file, "  var s" i ": S" i " { cells.s" i ".get { S" i "(" args ") } }")
        }
        out(file, "}")
      }
    }
  '
}

mkdir -p "$client/Sources/CostEmpty"
cat >"$client/Sources/CostEmpty/Empty.swift" <<'SOURCE'
import LoomMacros

final class Config: Sendable { init() {} }
final class Clock: Sendable { init() {} }
SOURCE
for size in "${sizes[@]}"; do
  for variant in "${variants[@]}"; do generate "$variant" "$size" "Cost_${variant}_$size"; done
done

# MARK: - Measuring

# The frontend, under /usr/bin/time when it compiles a target of this script: one line per
# process, `module user sys maxrss-KiB`, appended to $LOOM_BUILD_COST_LOG.
cat >"$work/frontend.sh" <<WRAPPER
#!/usr/bin/env bash
module=""
previous=""
for argument in "\$@"; do
  if [[ \$argument == @* && -f \${argument#@} ]]; then
    found=\$(grep -A1 -x -- -module-name "\${argument#@}" | tail -1 || true)
    [[ -n \$found ]] && module=\$found
  fi
  [[ \$previous == -module-name ]] && module=\$argument
  previous=\$argument
done
if [[ -n \${LOOM_BUILD_COST_LOG:-} && \$module == Cost* ]]; then
  exec /usr/bin/time -a -o "\$LOOM_BUILD_COST_LOG" -f "\$module %U %S %M" "$frontend" "\$@"
fi
exec "$frontend" "\$@"
WRAPPER
chmod +x "$work/frontend.sh"

build() {
  swift build --package-path "$client" --scratch-path "$scratch" -j 2 "$@"
}

echo "Building the dependencies (Loom, LoomAssembly, LoomMacros and its plugin) once..."
build --target CostEmpty >"$work/dependencies.log" 2>&1 || {
  cat "$work/dependencies.log" >&2
  exit 1
}
products=$(build --show-bin-path)

# Builds target $1 clean $repeats times; prints `cpu-seconds peak-MiB` of the cheapest build.
measure() {
  local target=$1 run log best="" line
  for ((run = 0; run < repeats; run++)); do
    rm -rf "$products/$target.build" "$products/Modules/$target".*
    log="$work/time-$target-$run.log"
    rm -f "$log"
    if ! LOOM_BUILD_COST_LOG=$log SWIFT_DRIVER_SWIFT_FRONTEND_EXEC="$work/frontend.sh" \
      build --target "$target" >"$work/build-$target.log" 2>&1; then
      cat "$work/build-$target.log" >&2
      exit 1
    fi
    line=$(awk '{ cpu += $2 + $3; if ($4 > peak) peak = $4 }
      END { printf "%.2f %.0f %d\n", cpu, peak / 1024, NR }' "$log")
    if [[ ${line##* } == 0 ]]; then
      echo "error: no frontend of $target was measured; see $work/build-$target.log" >&2
      exit 1
    fi
    line=${line% *}
    if [[ -z $best ]] || awk -v a="${line%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'
    then
      best=$line
    fi
  done
  echo "$best"
}

declare -A cpu memory
read -r cpu[empty] memory[empty] < <(measure CostEmpty)
echo "empty target: ${cpu[empty]} s CPU, ${memory[empty]} MiB"
for size in "${sizes[@]}"; do
  for variant in "${variants[@]}"; do
    read -r cpu[$variant,$size] memory[$variant,$size] < <(measure "Cost_${variant}_$size")
    echo "$variant $size: ${cpu[$variant,$size]} s CPU, ${memory[$variant,$size]} MiB"
  done
done

# MARK: - Report

# CPU per declaration in ms beyond the empty target's: `per VARIANT SIZE`.
per() { awk -v t="${cpu[$1,$2]}" -v e="${cpu[empty]}" -v n="$2" 'BEGIN { printf "%.1f", (t - e) * 1000 / n }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

echo
echo "Compiler CPU (user + sys of every frontend and the plugin), minimum of $repeats clean builds;"
echo "per declaration: beyond the empty target (${cpu[empty]} s, ${memory[empty]} MiB). Load: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "| way | N | CPU s | ms per declaration | peak MiB |"
echo "| --- | ---: | ---: | ---: | ---: |"
for variant in "${variants[@]}"; do
  for size in "${sizes[@]}"; do
    echo "| $variant | $size | ${cpu[$variant,$size]} | $(per "$variant" "$size") | ${memory[$variant,$size]} |"
  done
done

failures=0
has() { [[ " ${variants[*]} " == *" $1 "* ]]; }
limit() {  # name value limit
  local verdict=""
  if ((check)); then
    if awk -v v="$2" -v l="$3" 'BEGIN { exit !(v > l) }'; then
      verdict="  FAIL (limit $3)"
      failures=$((failures + 1))
    else
      verdict="  ok (limit $3)"
    fi
  fi
  echo "$1: $2$verdict"
}
echo
for size in "${sizes[@]}"; do
  if has injectable && has closures; then
    limit "injectable / closures, CPU per declaration, N=$size" \
      "$(ratio "$(per injectable "$size")" "$(per closures "$size")")" "$max_injectable_over_closures"
  fi
  if has component && has hand; then
    limit "component / hand, CPU per member, N=$size" \
      "$(ratio "$(per component "$size")" "$(per hand "$size")")" "$max_component_over_hand"
    limit "component / hand, peak memory, N=$size" \
      "$(ratio "${memory[component,$size]}" "${memory[hand,$size]}")" "$max_component_memory_over_hand"
  fi
done
if has component && ((${#sizes[@]} > 1)); then
  limit "component CPU per member, N=${sizes[-1]} / N=${sizes[0]}" \
    "$(ratio "$(per component "${sizes[-1]}")" "$(per component "${sizes[0]}")")" "$max_component_growth"
fi
if ((failures > 0)); then
  echo "error: $failures build-cost limit(s) exceeded" >&2
  exit 1
fi
