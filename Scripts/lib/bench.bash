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
  # NB: a module keeps the bodies of the packages' `@inlinable` code it was compiled with, and
  # SwiftPM does not rebuild it when only those bodies (or a layout they rely on) change: stale
  # fixtures then measure the wrong path (CONTRIBUTING, "Build and test"). So loom-bench's own
  # modules are built again whenever a package's source changed since they last were (a stamp
  # file, written once they are).
  local stamp="$scratch/loom-bench-modules.stamp"
  if [[ ! -e "$stamp" || -n "$(find Packages -name '*.swift' -newer "$stamp" -print -quit)" ]]
  then
    rm -rf "$scratch"/release/{BenchFixtures,MacroBenchFixtures,MacroBenchBindings}.build \
      "$scratch"/release/{ComponentBenchFixtures,LoomBench}.build "$stamp"
  fi
  # NB: --disable-build-manifest-caching: the benchmark reaches the packages by path, and a cached
  # build manifest still lists a source file that one of them deleted ("missing inputs").
  swift build -c release --package-path Apps/LoomBench --scratch-path "$scratch" \
    --disable-build-manifest-caching "$@" >&2
  touch "$stamp"
  bench="$(swift build -c release --package-path Apps/LoomBench --scratch-path "$scratch" \
    "$@" --show-bin-path)/loom-bench"
}
