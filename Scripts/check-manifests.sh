#!/usr/bin/env bash
# Checks that the root Package.swift declares every library target of the packages under
# Packages/ exactly as their own manifests do (path, dependencies, settings, products, platforms,
# language mode), and depends on no package by path. The two must agree because users build the
# root manifest (by URL) and CI also builds each package alone; see CONTRIBUTING.md.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/loom-manifests.XXXXXX")
trap 'rm -rf "$work"' EXIT

swift package dump-package >"$work/root.json"
pairs=()
for manifest in Packages/*/Package.swift; do
  [[ -e "$manifest" ]] || continue
  folder=$(basename "$(dirname "$manifest")")
  swift package dump-package --package-path "Packages/$folder" >"$work/$folder.json"
  pairs+=("$folder" "$work/$folder.json")
done
if ((${#pairs[@]} == 0)); then
  echo "error: no packages with a Package.swift under Packages/." >&2
  exit 1
fi

swift Scripts/lib/compare-manifests.swift "$work/root.json" "${pairs[@]}"
