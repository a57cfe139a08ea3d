#!/usr/bin/env bash
# Checks that the root Package.swift declares every library target of the packages under
# Packages/, and the apps' Apps/CommandLineSupport, exactly as their own manifests do (path,
# dependencies, settings, products, platforms, language mode), and depends on no package by path.
# The two must agree because users build the root manifest (by URL) and CI also builds each package
# alone; see CONTRIBUTING.md. Then checks that each library's privacy manifest
# (PrivacyInfo.xcprivacy) declares the Required Reason APIs its sources call.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/loom-manifests.XXXXXX")
trap 'rm -rf "$work"' EXIT

swift package dump-package >"$work/root.json"
pairs=()
for manifest in Packages/*/Package.swift; do
  [[ -e "$manifest" ]] || continue
  folder=$(dirname "$manifest")
  swift package dump-package --package-path "$folder" >"$work/$(basename "$folder").json"
  pairs+=("$folder" "$work/$(basename "$folder").json")
done
libraries=$((${#pairs[@]} / 2))
if ((libraries == 0)); then
  echo "error: no packages with a Package.swift under Packages/." >&2
  exit 1
fi
# The apps' support package: the root declares its target for loom-demo and loom-graph, and
# loom-bench depends on it by path. It is not a runtime library (no privacy manifest below).
swift package dump-package --package-path Apps/CommandLineSupport >"$work/CommandLineSupport.json"
pairs+=(Apps/CommandLineSupport "$work/CommandLineSupport.json")

swift Scripts/lib/compare-manifests.swift "$work/root.json" "${pairs[@]}"

# Apple's privacy manifests: each runtime library has one, and one that declares no Required
# Reason API is only true while its sources call none. The list is Apple's ("Describing use of
# required reason API"): file timestamps, system boot time, disk space, active keyboards, user
# defaults.
required_reason_apis='mach_absolute_time|systemUptime|UserDefaults|creationDate|modificationDate|NSFileCreationDate|NSFileModificationDate|getattrlist|\b(f|l)?stat(at)?\(|statv?fs|volumeAvailableCapacity|NSFileSystemFreeSize|activeInputModes'
privacy_problems=0
for manifest in Packages/*/Package.swift; do
  name=$(basename "$(dirname "$manifest")")
  privacy="Packages/$name/Sources/$name/PrivacyInfo.xcprivacy"
  if [[ ! -f "$privacy" ]]; then
    echo "error: $privacy is missing; every runtime library ships a privacy manifest." >&2
    privacy_problems=1
    continue
  fi
  uses=$(grep -rnE "$required_reason_apis" "Packages/$name/Sources/$name" --include='*.swift' |
    grep -vE '^[^:]+:[0-9]+:\s*//' || true)
  if [[ -n "$uses" ]] && grep -qA1 'NSPrivacyAccessedAPITypes' "$privacy" &&
    grep -A1 'NSPrivacyAccessedAPITypes' "$privacy" | grep -q '<array/>'; then
    echo "error: $name calls a Required Reason API that $privacy does not declare:" >&2
    echo "$uses" >&2
    privacy_problems=1
  fi
done
if ((privacy_problems)); then
  exit 1
fi
echo "The privacy manifests of $libraries packages declare what their sources use."
