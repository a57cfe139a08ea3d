#!/usr/bin/env bash
# Runs the `loom-bench` benchmark in release mode; arguments are passed to the benchmark.
# Absolute figures depend on the machine: compare ratios across runs, record them in BENCHMARKS.md.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# NB: the benchmark is a package of its own (Apps/LoomBench), so that `swift test` at the root
# never builds it; its build folder is .build/bench.
exec swift run -c release --package-path Apps/LoomBench --scratch-path .build/bench loom-bench "$@"
