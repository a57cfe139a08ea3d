#!/usr/bin/env bash
# Counts the instructions each benchmark case costs per operation, under valgrind's callgrind
# (host-independent: the same binary and input give the same count, however busy the machine).
# Each case runs twice, `loom-bench --profile <case> N` for two values of N, and the difference
# divided by the difference in N is the cost of one operation (start-up and warm-up cancel out).
# `register.1000` and `firstResolve.1000` come from one run each: the inclusive cost of the
# fixture's `registerAll` and `resolveAll`, per key (likewise `register.transient.1000` and
# `firstUse.keypath.1000`). `validate.keys.1000` and `bootstrap.keys.1000` are the cost per key of
# the process's first `validate()` or `bootstrap()` of 1,000 keys, as an app pays it at launch.
#
# It prints instructions per operation and each case's ratio to its baseline, then compares every
# case with its limit in Scripts/instructions-limits.tsv (a regression guard) and exits non-zero
# when one is exceeded.
#
#   Scripts/instructions.sh                       # builds loom-bench (release), then counts
#   Scripts/instructions.sh transient.chain3      # some cases only (no limit check)
#   LOOM_BENCH=/path/to/loom-bench Scripts/instructions.sh   # counts an existing binary
#   NO_LIMITS=1 Scripts/instructions.sh           # print only, check no limit
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v valgrind >/dev/null; then
  echo "error: valgrind is not installed (apt-get install valgrind)." >&2
  exit 2
fi

source Scripts/lib/bench.bash
loom_bench_binary

# The same hash seed in every run: with a random one (Swift's default), the sets and dictionaries
# of `validate()` and of registration probe differently from run to run, which moved
# validate.keys.1000 by a few hundred instructions between runs of one binary.
export SWIFT_DETERMINISTIC_HASHING=1

limits_file=Scripts/instructions-limits.tsv
# case, baseline it is compared with ("-" for none)
all_cases=(
  "baseline.closure -"
  "baseline.direct3 -"
  "baseline.direct5 -"
  "singleton.type baseline.closure"
  "singleton.name singleton.type"
  "singleton.keypath baseline.closure"
  "child.singleton baseline.closure"
  "transient.chain3 baseline.direct3"
  "diag.chain3.closures baseline.direct3"
  "transient.deps5 baseline.direct5"
  "macro.injectable.deps5 baseline.direct5"
  "session.cached singleton.type"
  "flow.cached singleton.type"
  "component.shared baseline.closure"
  "component.transient.chain3 baseline.direct3"
  "register.1000 -"
  "firstResolve.1000 -"
  "register.transient.1000 -"
  "firstUse.keypath.1000 -"
  "validate.keys.1000 -"
  "bootstrap.keys.1000 -"
)

selected=("$@")
# NB: the binary is counted from one path, of the same length on every machine (a fixed template,
# never $TMPDIR): the count moves with that path. The same binary measured 313 to 327 in
# singleton.keypath from folders of different lengths, while a 3,000-character environment
# variable did not move it. Most likely the path, copied to the heap at start-up, shifts the
# addresses later objects get, and a table keyed by an object's address probes differently.
work=$(mktemp -d /tmp/loom-cg.XXXXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$bench" "$work/loom-bench"
bench=$work/loom-bench

# Prints the total instructions of one profiled run, or, with a function name, that function's
# inclusive instructions.
count() {
  local name=$1 iterations=$2 function=${3:-}
  local out="$work/cg.$name.$iterations"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bench" --profile "$name" "$iterations" \
    >/dev/null 2>"$work/log" || {
    cat "$work/log" >&2
    echo "error: valgrind failed for: loom-bench --profile $name $iterations" >&2
    exit 2
  }
  if [[ -z "$function" ]]; then
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
  else
    callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null |
      awk -v f="$function" 'index($0, f) && !found { gsub(",", "", $1); print $1; found = 1 }'
  fi
}

declare -A per_op
measure() {
  local name=$1
  case "$name" in
    register.1000 | firstResolve.1000)
      local function=registerAll
      [[ "$name" == firstResolve.1000 ]] && function=resolveAll
      local a b
      a=$(count register.1000 1000 "$function")
      b=$(count register.1000 3000 "$function")
      per_op[$name]=$(((b - a) / 2000))
      ;;
    register.transient.1000 | firstUse.keypath.1000)
      # Per key, from the rounds after the first (as register.1000).
      local function=registerAllTransient a b
      [[ "$name" == firstUse.keypath.1000 ]] && function=resolveAllKeyPaths
      a=$(count "$name" 1000 "$function")
      b=$(count "$name" 3000 "$function")
      per_op[$name]=$(((b - a) / 2000))
      ;;
    validate.keys.1000 | bootstrap.keys.1000)
      # Per key, in the process's first round: what an app pays at launch. `--profile` runs one
      # round to warm up, then one per 1,000 iterations, so a run of 1,000 holds the first round
      # and one more, a run of 3,000 the first and three more: the first is (3a - b) / 2.
      local a b first
      if [[ "$name" == validate.keys.1000 ]]; then
        a=$(count "$name" 1000 validateAll)
        b=$(count "$name" 3000 validateAll)
        first=$(((3 * a - b) / 2))
      else
        # The bootstrap runs in tasks, outside any one function: whole runs, less the same runs
        # without the bootstrap. How those tasks interleave moves one such measurement by
        # thousands of instructions per key (18,234 to 24,304 for one binary in one sitting), so
        # the figure is the median of three.
        local a0 b0 round samples=()
        for round in 1 2 3; do
          a=$(count "$name" 1000)
          b=$(count "$name" 3000)
          a0=$(count diag.bootstrap.keys.base 1000)
          b0=$(count diag.bootstrap.keys.base 3000)
          samples+=($(((3 * a - b) / 2 - (3 * a0 - b0) / 2)))
        done
        first=$(printf '%s\n' "${samples[@]}" | sort -n | sed -n 2p)
      fi
      per_op[$name]=$((first / 1000))
      ;;
    *)
      # 50,000 operations apart: a whole run's count varies by up to ~40,000 instructions from
      # one run to the next (start-up, threads), which must stay under one instruction per op.
      local a b
      a=$(count "$name" 1000)
      b=$(count "$name" 51000)
      per_op[$name]=$(((b - a) / 50000))
      ;;
  esac
}

printf '%-28s %14s  %s\n' "case" "instructions/op" "ratio"
failures=0
for entry in "${all_cases[@]}"; do
  read -r name baseline <<<"$entry"
  if ((${#selected[@]} > 0)); then
    wanted=0
    for s in "${selected[@]}"; do [[ "$s" == "$name" ]] && wanted=1; done
    ((wanted)) || continue
  fi
  measure "$name"
  ratio=""
  if [[ "$baseline" != "-" && -n "${per_op[$baseline]:-}" && "${per_op[$baseline]}" -gt 0 ]]; then
    ratio=$(awk -v a="${per_op[$name]}" -v b="${per_op[$baseline]}" -v n="$baseline" \
      'BEGIN { printf "%.2f × %s", a / b, n }')
  fi
  printf '%-28s %14s  %s\n' "$name" "${per_op[$name]}" "$ratio"
  if ((${#selected[@]} == 0)) && [[ -z "${NO_LIMITS:-}" ]]; then
    limit=$(awk -v c="$name" '$1 == c { print $2 }' "$limits_file")
    if [[ -n "$limit" ]] && ((per_op[$name] > limit)); then
      echo "  error: $name costs ${per_op[$name]} instructions per operation, over its limit of $limit ($limits_file)" >&2
      failures=$((failures + 1))
    fi
  fi
done

if ((failures > 0)); then
  echo "error: $failures case(s) over their limit." >&2
  exit 1
fi
