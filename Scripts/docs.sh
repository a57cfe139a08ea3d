#!/usr/bin/env bash
# Checks each package's documentation offline: builds its symbol graph, then runs `docc convert`
# with warnings as errors over its DocC catalogue. `Scripts/docs.sh Loom` checks only Packages/Loom.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

# `docc` ships with the toolchain, next to `swift`; on macOS it is reached through xcrun.
if command -v docc >/dev/null 2>&1; then
  docc=(docc)
elif [[ -x "$(dirname "$(command -v swift)")/docc" ]]; then
  docc=("$(dirname "$(command -v swift)")/docc")
elif command -v xcrun >/dev/null 2>&1; then
  docc=(xcrun docc)
else
  echo "error: cannot find 'docc'; it ships with the Swift toolchain (usr/bin/docc)." >&2
  exit 1
fi

if (($# > 0)); then
  names=("$@")
else
  names=()
  for manifest in Packages/*/Package.swift; do
    [[ -e "$manifest" ]] || continue
    names+=("$(basename "$(dirname "$manifest")")")
  done
fi
if ((${#names[@]} == 0)); then
  echo "error: no packages found under Packages/." >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# `docc convert` refuses an output path whose parent directory does not exist.
mkdir -p "$root/.build/docs"
# Every package's module is built from the root package, in one scratch folder of its own: the
# packages share Loom, which is then compiled once, not once per package. (The symbol-graph flags
# would otherwise invalidate the normal build every time the docs are checked.) Each build writes
# a graph for every module it compiles into one folder; each package's own graphs are picked below.
graphs="$work/all-graphs"
mkdir -p "$graphs"

failed=()
for name in "${names[@]}"; do
  package="Packages/$name"
  catalogue="$package/Sources/$name/$name.docc"
  if [[ ! -f "$package/Package.swift" ]]; then
    echo "error: $package/Package.swift does not exist." >&2
    exit 1
  fi
  echo "==> $name"

  mkdir -p "$work/$name/graphs"
  swift build --scratch-path "$root/.build/docs/root" --target "$name" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"

  # Every module in the build emits a graph; document only this package's own module (and its
  # extensions of other modules, `Name@Other.symbols.json`), not the packages it depends on.
  if [[ ! -f "$graphs/$name.symbols.json" ]]; then
    echo "error: the build produced no symbol graph for module $name in $graphs." >&2
    failed+=("$name")
    continue
  fi
  cp "$graphs/$name.symbols.json" "$work/$name/graphs/"
  # NB: a module that re-exports another (LoomMacros: `@_exported import Loom`) has the other's
  # symbols in its graph too; keep only the symbols declared in this package's sources.
  swift "$root/Scripts/lib/own-symbols.swift" "$work/$name/graphs/$name.symbols.json" \
    "$root/$package/Sources"
  for extension in "$graphs/$name@"*.symbols.json; do
    if [[ -f "$extension" ]]; then
      cp "$extension" "$work/$name/graphs/"
    fi
  done

  convert=("${docc[@]}" convert)
  if [[ -d "$catalogue" ]]; then
    convert+=("$catalogue")
  else
    echo "note: $catalogue does not exist yet; checking the symbol documentation alone."
    convert+=(--fallback-display-name "$name" --fallback-bundle-identifier "loom.$name")
  fi
  convert+=(
    --additional-symbol-graph-dir "$work/$name/graphs"
    --output-path "$root/.build/docs/$name.doccarchive"
    --warnings-as-errors
  )
  if "${convert[@]}"; then
    echo "$name: documentation OK ($root/.build/docs/$name.doccarchive)"
  else
    failed+=("$name")
  fi
done

if ((${#failed[@]} > 0)); then
  echo "error: documentation check failed for: ${failed[*]}" >&2
  exit 1
fi
echo "Documentation check passed for: ${names[*]}"
