#!/usr/bin/env bash
# Counts each library's public API by README's rule ("Definition of Public API"): the symbols
# `swift-symbolgraph-extract` emits at the public access level (which already leaves out `@_spi`
# declarations and those hidden with `@_documentation(visibility: private)`, so the deprecated
# 0.1.0 spellings are not counted), minus those with an underscored name or inside an underscored
# type, minus the members a protocol extension only lends (`::SYNTHESIZED::`). Every overload is
# a declaration of its own.
#
#   Scripts/api-count.sh                    # build (debug), then print the count of each module
#   Scripts/api-count.sh --check            # also fail when a module is over its limit
#   Scripts/api-count.sh --list Loom        # print the module's declarations, one per line
#   Scripts/api-count.sh --modules DIR      # read the modules of an existing build (no build)
#
# The limits are in Scripts/api-limits.tsv: a module's count may go down, not up, unless the
# limit is raised in the same commit with the reason in its message.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

modules_dir=""
check=0
list=""
while (($# > 0)); do
  case $1 in
  --modules) modules_dir=$2; shift 2 ;;
  --check) check=1; shift ;;
  --list) list=$2; shift 2 ;;
  *)
    echo "usage: $0 [--modules DIR] [--check] [--list MODULE]" >&2
    exit 2
    ;;
  esac
done

libraries=(Loom LoomAssembly LoomSession LoomTesting LoomMacros)

if [[ -z $modules_dir ]]; then
  swift build >/dev/null
  modules_dir="$(swift build --show-bin-path)/Modules"
fi
if [[ ! -d $modules_dir ]]; then
  echo "error: $modules_dir is not a build's Modules folder" >&2
  exit 2
fi

graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
for module in "${libraries[@]}"; do
  swift-symbolgraph-extract -module-name "$module" -I "$modules_dir" \
    -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public \
    -output-dir "$graphs" >/dev/null
done

python3 - "$graphs" "$check" "$list" Scripts/api-limits.tsv "${libraries[@]}" <<'PYTHON'
import json, os, sys

graphs, check, listed, limits_path, *modules = sys.argv[1:]
limits = {}
with open(limits_path) as file:
    for line in file:
        line = line.split("#", 1)[0].split()
        if len(line) == 2:
            limits[line[0]] = int(line[1])

failures = 0
total = 0
for module in modules:
    with open(os.path.join(graphs, f"{module}.symbols.json")) as file:
        symbols = json.load(file)["symbols"]
    visible = sorted(
        ".".join(symbol["pathComponents"])
        for symbol in symbols
        if not any(part.startswith("_") for part in symbol["pathComponents"])
        and "::SYNTHESIZED::" not in symbol["identifier"]["precise"]
    )
    if module == listed:
        print("\n".join(visible))
        continue
    total += len(visible)
    limit = limits.get(module)
    verdict = ""
    if check == "1":
        if limit is None:
            verdict = "  FAIL (no limit in Scripts/api-limits.tsv)"
            failures += 1
        elif len(visible) > limit:
            verdict = f"  FAIL (limit {limit})"
            failures += 1
        else:
            verdict = f"  ok (limit {limit})"
    print(f"{module}: {len(visible)}{verdict}")
if not listed:
    print(f"all: {total}")
if failures:
    print(f"error: {failures} module(s) over their public-API limit", file=sys.stderr)
    sys.exit(1)
PYTHON
