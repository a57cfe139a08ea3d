#!/usr/bin/env bash
# Measures loom-graph on one large file: generates Swift files of 5,000, 20,000 and 50,000 lines
# (@Injectable classes, components with children, registrations whose dependencies reach up to
# 20 blocks back), runs `loom-graph --validate` over each, and prints the lines, the CPU seconds,
# the peak memory and, with --instructions, the instructions under callgrind (load-independent).
#
#   Scripts/graph-bench.sh                       # builds loom-graph in release, then measures
#   Scripts/graph-bench.sh --instructions        # adds callgrind's instruction count (slow)
#   LOOM_GRAPH=/path/to/loom-graph Scripts/graph-bench.sh   # measures that binary
#   LINES="5000 20000" Scripts/graph-bench.sh    # other sizes
#
# Time is CPU time (user + system), which another process on the machine changes less than the
# wall clock; the instruction count does not depend on the machine's load at all.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

instructions=false
[[ "${1:-}" == "--instructions" ]] && instructions=true
sizes=${LINES:-"5000 20000 50000"}

if [[ -n "${LOOM_GRAPH:-}" ]]; then
  tool=$LOOM_GRAPH
else
  scratch=${SCRATCH_PATH:-.build/release}
  swift build -c release --product loom-graph --scratch-path "$scratch" >&2
  tool="$(swift build -c release --product loom-graph --scratch-path "$scratch" --show-bin-path)/loom-graph"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Writes a file of about `lines` lines: blocks of an @Injectable service, its store (registered
# with a factory that resolves a random earlier service), a session, a screen, and a component
# that every fifth block gives four children.
generate() {
  awk -v lines="$1" '
    function p(text) { print text; n++ }
    BEGIN {
      srand(7)
      p("import Loom"); p("import LoomMacros"); p(""); p("final class Clock: Sendable {}"); p("")
      i = 0
      while (n < lines) {
        r = (i == 0) ? -1 : i - 1 - int(rand() * (i < 20 ? i : 20))
        p("/// Service " i "."); p("@Injectable"); p("final class Service" i ": Sendable {")
        p("  init(store: Store" i ", clock: Clock) {}"); p("}"); p("")
        p("final class Store" i ": Sendable {")
        p("  init(previous: Service" (r < 0 ? "Root" : r) "? = nil) {}"); p("}")
        p("final class Session" i ": Sendable { init(token: String) {} }")
        p("final class Screen" i ": Sendable { init(session: Session" i ") {} }"); p("")
        p("@Component"); p("struct Feature" i "Component {")
        p("  @Provide(.input) var token: String")
        p("  @Provide(.shared, with: [\\Self.token]) var session: Session" i)
        p("  @Provide(.transient, factory: { (session: Session" i ") in Screen" i "(session: session) })")
        p("  var screen: Screen" i)
        if (i % 5 == 0) {
          for (c = 1; c <= 4; c++) p("  @Child(with: [\\Self.token]) var child" c ": Feature" (i + c) "Component")
        }
        p("}"); p("")
        p("func wire" i "(_ container: Container) {")
        p("  container.register(Store" i ".self, lifetime: .singleton) { r in")
        if (r < 0) p("    Store" i "()")
        else p("    Store" i "(previous: try r.tryResolve(Service" r ".self))")
        p("  }"); p("  container.register(Service" i ".self, lifetime: .transient)"); p("}"); p("")
        i++
      }
      for (c = i; c < i + 5; c++) p("@Component struct Feature" c "Component { @Provide(.input) var token: String }")
      p("func wireClock(_ container: Container) {")
      p("  container.register(Clock.self, lifetime: .singleton) { _ in Clock() }"); p("}")
    }'
}

printf '%-8s %8s %10s %12s %s\n' lines seconds "peak MiB" instructions summary
for size in $sizes; do
  mkdir -p "$work/$size"
  generate "$size" >"$work/$size/Big.swift"
  count=$(wc -l <"$work/$size/Big.swift")
  /usr/bin/time -f "%U %S %M" -o "$work/time" "$tool" --module "Big=$work/$size" --validate \
    >"$work/out" 2>&1 || true
  read -r user system kilobytes <"$work/time"
  seconds=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
  ir="-"
  if $instructions; then
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind" "$tool" \
      --module "Big=$work/$size" --validate >/dev/null 2>"$work/valgrind" || true
    ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/valgrind")
  fi
  printf '%-8s %8s %10s %12s %s\n' "$count" "$seconds" "$((kilobytes / 1024))" "$ir" \
    "$(tail -1 "$work/out")"
done
