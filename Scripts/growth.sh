#!/usr/bin/env bash
# Prints what launch costs per key as a container grows (issue 35): register, first resolve,
# cached resolve, validate() and bootstrap(), in instructions per key under valgrind's callgrind,
# at 100, 1,000, 10,000 and 100,000 keys (or the counts given), then the 1,000-key figures for the
# three key shapes (BENCHMARKS.md, "Growth per key, 100 to 100,000 keys").
#
# The keys are N names of one type (`register(NamedKey.self, name: "k000042", lifetime: .singleton)`:
# seven characters each, so that hashing a name costs the same at every N),
# built by `loom-bench --growth-probe`. Each step is its own function, whose inclusive count is
# read from callgrind; the same run at 0 keys is subtracted, and the difference divided by N.
# bootstrap() runs in tasks, outside any one function: it is whole runs with the bootstrap (the
# median of three) less the same runs without it (`bootstrap.base`), at N less at 0. Before the measured container, the
# probe runs the same steps on a throwaway one with one key of the same type, so what a process
# pays once per type is not counted per key (`--cold` leaves that out; see the shapes table).
#
# Not run in CI: about 4 minutes of valgrind on the 2-core machine of BENCHMARKS.md (most of it
# the 100,000-key runs), after the release build of loom-bench.
#
#   Scripts/growth.sh                        # builds loom-bench (release), then counts
#   Scripts/growth.sh 100 1000               # other key counts; no shapes table unless 1000 is one
#   LOOM_BENCH=/path/to/loom-bench Scripts/growth.sh   # counts an existing binary
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v valgrind >/dev/null; then
  echo "error: valgrind is not installed (apt-get install valgrind)." >&2
  exit 2
fi

counts=("$@")
((${#counts[@]} > 0)) || counts=(100 1000 10000 100000)
for n in "${counts[@]}"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || {
    echo "error: '$n' is not a positive count of keys." >&2
    exit 2
  }
done

source Scripts/lib/bench.bash
loom_bench_binary

# Swift seeds its hash functions per process, which moves the collisions of validate()'s
# dictionaries, and so its count, by a few hundred instructions per key from one run to the next.
export SWIFT_DETERMINISTIC_HASHING=1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The probe's functions, by the part of their mangled names that no other symbol contains (its
# length prefix and the `yy` after it leave out `growthRegisterEager` and closures).
steps=(14growthRegisteryy 18growthFirstResolveyy 19growthCachedResolveyy 14growthValidateyy)
declare -A label=(
  [14growthRegisteryy]="register (singleton)"
  [18growthFirstResolveyy]="first resolve"
  [19growthCachedResolveyy]="cached resolve (again)"
  [14growthValidateyy]="validate()"
  [bootstrap]="bootstrap() (eager singletons)"
)

# Runs `loom-bench --growth-probe ARGS...` under callgrind; sets `out` to its output file and
# `total` to the run's total instructions.
probe() {
  out="$work/cg.$(printf '%s.' "$@")out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bench" --growth-probe "$@" \
    >/dev/null 2>"$work/log" || {
    cat "$work/log" >&2
    echo "error: valgrind failed for: loom-bench --growth-probe $*" >&2
    exit 2
  }
  total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log")
}

# The inclusive instructions of the function whose symbol contains $1, in callgrind file $2.
inclusive() {
  callgrind_annotate --inclusive=yes --threshold=100 "$2" 2>/dev/null |
    awk -v f="$1" 'index($0, f) && !found { gsub(",", "", $1); print $1; found = 1 }'
}

declare -A cost # [<step>.<N>.<shape>] = instructions (at N; the 0-key run is subtracted later)

# Counts every step at N keys (N may be 0) for one shape: names, names.cold, types or types.cold.
measure() {
  local n=$1 shape=$2 flags=()
  case "$shape" in
    types) flags=(--types) ;;
    types.cold) flags=(--types --cold) ;;
    names.cold) flags=(--cold) ;;
  esac
  echo "  $shape, $n keys" >&2
  probe launch "$n" "${flags[@]}"
  local step
  for step in "${steps[@]}"; do
    cost[$step.$n.$shape]=$(inclusive "$step" "$out")
    [[ -n "${cost[$step.$n.$shape]}" ]] || {
      echo "error: no function matching '$step' in loom-bench --growth-probe launch $n" >&2
      exit 2
    }
  done
  # The bootstrap runs on the pool's threads, whose schedule moves a run's count by a few
  # hundred instructions per key at 100 keys: the median of three runs.
  local runs=()
  for _ in 1 2 3; do
    probe bootstrap "$n" "${flags[@]}"
    runs+=("$total")
  done
  local with
  with=$(printf '%s\n' "${runs[@]}" | sort -n | sed -n 2p)
  probe bootstrap.base "$n" "${flags[@]}"
  cost[bootstrap.$n.$shape]=$((with - total))
}

# Instructions per key at N for one shape, beyond the same run at 0 keys. (The warm-up runs
# through the same functions, so it is in both counts and cancels.)
per_key() {
  local step=$1 n=$2 shape=$3
  echo $(((cost[$step.$n.$shape] - cost[$step.0.$shape]) / n))
}

# 1234567 -> 1,234,567 (whatever the locale).
commas() { sed -E ':a; s/^(-?[0-9]+)([0-9]{3})/\1,\2/; ta' <<<"$1"; }

started=$SECONDS
echo "counting under callgrind:" >&2
measure 0 names
for n in "${counts[@]}"; do measure "$n" names; done
shapes=0
for n in "${counts[@]}"; do ((n == 1000)) && shapes=1; done
if ((shapes)); then
  for shape in names.cold types types.cold; do
    measure 0 "$shape"
    measure 1000 "$shape"
  done
fi

echo
echo "Instructions per key: N names of one type (register(NamedKey.self, name: \"k000042\", ...)),"
echo "the run at N keys less the same run at 0, divided by N."
echo
printf '%-32s' "operation"
for n in "${counts[@]}"; do printf ' %10s' "$(commas "$n")"; done
echo
for step in "${steps[@]}" bootstrap; do
  printf '%-32s' "${label[$step]}"
  for n in "${counts[@]}"; do printf ' %10s' "$(commas "$(per_key "$step" "$n" names)")"; done
  echo
done

if ((shapes)); then
  echo
  echo "At 1,000 keys, by key shape (warm: after the same steps on a throwaway container of the"
  echo "same key types; cold: the process's first container of those types):"
  echo
  printf '%-32s %12s %12s %12s %12s\n' "operation" "names" "names, cold" "types" "types, cold"
  for step in "${steps[@]}" bootstrap; do
    printf '%-32s' "${label[$step]}"
    for shape in names names.cold types types.cold; do
      printf ' %12s' "$(commas "$(per_key "$step" 1000 "$shape")")"
    done
    echo
  done
fi
echo
echo "($((SECONDS - started)) s of valgrind)"
