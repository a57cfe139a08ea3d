#!/usr/bin/env bash
# Runs the `loom-bench` benchmark in release mode; arguments are passed to the benchmark.
# Absolute figures depend on the machine: compare ratios across runs, record them in BENCHMARKS.md.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec swift run -c release loom-bench "$@"
