#!/usr/bin/env bash
# Proves that a cached resolve allocates nothing: runs `loom-bench --alloc-probe N` (N cached
# singleton resolves by type, then N by key path, then N of a `.session` and N of a `.flow`
# instance, after one warm-up resolve each) under valgrind
# for two values of N and compares valgrind's "total heap usage: X allocs". Equal totals mean the
# extra resolves allocated nothing. A control run (a transient chain, which must allocate) shows
# that the check would notice. Exits non-zero if the counts differ by more than a small constant.
#
#   Scripts/alloc-check.sh                      # builds loom-bench (release), then checks
#   LOOM_BENCH=/path/to/loom-bench Scripts/alloc-check.sh   # checks an existing binary
#   SCRATCH_PATH=/tmp/build Scripts/alloc-check.sh          # builds in another scratch path
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

small=${SMALL:-1000}
large=${LARGE:-100000}
# Allocations that may legitimately differ between the runs (none are expected): a stdio buffer,
# a runtime table that happens to grow. A per-resolve allocation would add at least
# (large - small) = 99,000 by default.
tolerance=${TOLERANCE:-8}

if ! command -v valgrind >/dev/null; then
  echo "error: valgrind is not installed (apt-get install valgrind)." >&2
  exit 2
fi

source Scripts/lib/bench.bash
loom_bench_binary

# Prints the number of allocations valgrind counted for one run of loom-bench with these arguments.
allocs() {
  local log
  log=$(valgrind --tool=memcheck "$bench" "$@" 2>&1) || {
    echo "$log" >&2
    echo "error: valgrind or loom-bench failed for: loom-bench $*" >&2
    exit 2
  }
  local count
  count=$(sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' <<<"$log" | tr -d ,)
  if [[ -z "$count" ]]; then
    echo "$log" >&2
    echo "error: no 'total heap usage' line in valgrind's output." >&2
    exit 2
  fi
  echo "$count"
}

echo "Cached resolves (singleton by type and by key path, session, flow), under valgrind memcheck:"
a=$(allocs --alloc-probe "$small")
echo "  loom-bench --alloc-probe $small:   total heap usage: $a allocs"
b=$(allocs --alloc-probe "$large")
echo "  loom-bench --alloc-probe $large: total heap usage: $b allocs"
difference=$((b > a ? b - a : a - b))

echo "Control (a transient chain, which must allocate):"
c=$(allocs --alloc-probe-control 100)
d=$(allocs --alloc-probe-control 1000)
echo "  loom-bench --alloc-probe-control 100:  total heap usage: $c allocs"
echo "  loom-bench --alloc-probe-control 1000: total heap usage: $d allocs"
if ((d - c <= tolerance)); then
  echo "error: the control did not show its allocations; this check cannot be trusted." >&2
  exit 2
fi

if ((difference > tolerance)); then
  echo "FAIL: $difference more allocations for $((4 * (large - small))) more cached resolves" \
    "(tolerance $tolerance): a cached resolve allocates." >&2
  exit 1
fi
echo "PASS: the counts differ by $difference (tolerance $tolerance) over" \
  "$((4 * (large - small))) more cached resolves: a cached resolve allocates nothing."
