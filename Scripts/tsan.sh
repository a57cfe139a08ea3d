#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer (in its own build dir, .build/tsan) and fails on
# any data-race report, even one that did not stop the run. Extra arguments go to `swift test`.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

scratch=.build/tsan
log="$scratch/tsan-test.log"
mkdir -p "$scratch"

# NB: halt_on_error makes the first race abort the test process, so the exit status catches it;
# the grep below is the second line of defence, for a report that leaves the exit status at zero
# (for example a race in a child process, or a runner that swallows the crash).
status=0
TSAN_OPTIONS="halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}" \
  swift test --sanitize=thread --scratch-path "$scratch" "$@" 2>&1 | tee "$log" \
  || status=$?

if ((status != 0)); then
  echo >&2
  echo "error: ThreadSanitizer test run failed (exit $status). Last 80 lines of $log:" >&2
  tail -n 80 "$log" >&2
  exit "$status"
fi

if grep -q "WARNING: ThreadSanitizer" "$log"; then
  echo >&2
  echo "error: ThreadSanitizer reported a problem although the run exited 0. Reports in $log:" >&2
  grep -n -A 30 "WARNING: ThreadSanitizer" "$log" | tail -n 80 >&2
  exit 1
fi

echo "ThreadSanitizer: no reports. Full log: $log"
