# Shared by the scripts that run loom-bench: builds the benchmark package (Apps/LoomBench, a
# package of its own so that `swift test` never builds it) in release mode and sets `bench` to the
# binary. Source it from the repository root.
#
#   LOOM_BENCH=/path/to/loom-bench   use that binary, build nothing
#   SCRATCH_PATH=/tmp/build          build in another scratch path (default: .build/bench)
# Arguments go to `swift build` (CI passes -Xswiftc -warnings-as-errors).
loom_bench_binary() {
  if [[ -n "${LOOM_BENCH:-}" ]]; then
    bench=$LOOM_BENCH
    return
  fi
  local scratch=${SCRATCH_PATH:-.build/bench}
  # NB: --disable-build-manifest-caching: the benchmark reaches the packages by path, and a cached
  # build manifest still lists a source file that one of them deleted ("missing inputs").
  swift build -c release --package-path Apps/LoomBench --scratch-path "$scratch" \
    --disable-build-manifest-caching "$@" >&2
  bench="$(swift build -c release --package-path Apps/LoomBench --scratch-path "$scratch" \
    "$@" --show-bin-path)/loom-bench"
}
