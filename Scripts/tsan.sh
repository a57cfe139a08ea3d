#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer (in its own build dir, .build/tsan) and fails on
# any data-race report, even one that did not stop the run. Extra arguments go to `swift test`.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/lib/sanitizer.bash

scratch=.build/tsan
TSAN_OPTIONS="halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}" \
  run_sanitized ThreadSanitizer "$scratch/tsan-test.log" "WARNING: ThreadSanitizer" \
  swift test --sanitize=thread --scratch-path "$scratch" "$@"
