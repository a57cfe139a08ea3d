#!/usr/bin/env bash
# Loom 0.1.0's public names keep compiling in 0.2, deprecated (README, CHANGELOG's migration
# table). Type-checks each file of Tests/DeprecatedSpellings in Swift 6 mode against a build of the
# libraries: every line that ends with `// expect: deprecated` must get a deprecation warning, and
# no line may get any other diagnostic.
#
#   Scripts/deprecations-check.sh                 # build (debug), then check
#   Scripts/deprecations-check.sh --modules DIR   # check against an existing build's Modules folder
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

modules_dir=""
if [[ ${1:-} == --modules ]]; then
  modules_dir=${2:?--modules needs a folder}
elif (($# > 0)); then
  echo "usage: $0 [--modules DIR]" >&2
  exit 2
fi
if [[ -z $modules_dir ]]; then
  swift build >/dev/null
  modules_dir="$(swift build --show-bin-path)/Modules"
fi

failures=0
for file in Tests/DeprecatedSpellings/*.swift; do
  output=$(swiftc -typecheck -swift-version 6 -I "$modules_dir" "$file" 2>&1) || true
  # The diagnostics of the file itself, as `line kind message`.
  diagnostics=$(grep -E "^$file:[0-9]+:[0-9]+: (error|warning|note)" <<<"$output" |
    sed -E "s|^$file:([0-9]+):[0-9]+: ([a-z]+): (.*)|\1 \2 \3|" || true)
  expected=$(grep -n '// expect: deprecated$' "$file" | cut -d: -f1 || true)
  for line in $expected; do
    if ! grep -qE "^$line warning .*deprecated" <<<"$diagnostics"; then
      echo "$file:$line: no deprecation warning (a 0.1.0 spelling must compile, deprecated)"
      failures=$((failures + 1))
    fi
  done
  while read -r line kind message; do
    [[ -z $line || $kind == note ]] && continue
    if [[ $kind == warning && $message == *deprecated* ]] && grep -qx "$line" <<<"$expected"; then
      continue
    fi
    echo "$file:$line: unexpected $kind: $message"
    failures=$((failures + 1))
  done <<<"$diagnostics"
  echo "$file: $(wc -w <<<"$expected") deprecated spelling(s) checked"
done
if ((failures > 0)); then
  echo "error: $failures problem(s) with the deprecated 0.1.0 spellings" >&2
  exit 1
fi
