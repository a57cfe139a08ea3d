#!/usr/bin/env bash
# Runs the core's tests (Tests/LoomTests: the engine, the registry, the read sections, the
# per-thread slot and EngineStressTests) under AddressSanitizer, and fails on any report: a use
# after free, an overflow or a double free in the engine's unretained references stops the run.
#
# It builds the small package in Scripts/asan-package (Loom and its tests only) in its own build
# folder, .build/asan, so that the sanitizer does not rebuild the macros and the apps.
#
# Leak detection is off: tests that capture their container in a factory make reference cycles
# on purpose (the closure holds the container that holds the closure), which LeakSanitizer
# reports as leaks; Scripts/memory-check.sh measures what the engine gives back.
#
#   Scripts/asan.sh                          # every core test
#   Scripts/asan.sh --filter EngineStress    # extra arguments go to `swift test`
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/lib/sanitizer.bash

scratch=.build/asan
# NB: --disable-build-manifest-caching: the package reaches Loom's sources by path, and a cached
# build manifest still lists a file that was moved or deleted since ("cannot find 'Lock'").
ASAN_OPTIONS="detect_leaks=0:halt_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
  run_sanitized AddressSanitizer "$scratch/asan-test.log" "ERROR: AddressSanitizer" \
  swift test --package-path Scripts/asan-package --sanitize=address --scratch-path "$scratch" \
  --disable-build-manifest-caching "$@"
