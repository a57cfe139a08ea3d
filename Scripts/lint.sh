#!/usr/bin/env bash
# Checks every Swift file in the repository against .swift-format; any finding fails the run.
# Fails too if a listed source path is missing (swift-format would otherwise pass silently).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=Scripts/lib/swift-sources.bash
source Scripts/lib/swift-sources.bash
loom_collect_swift_files

echo "Linting ${#LOOM_SWIFT_FILES[@]} Swift files under: ${LOOM_SWIFT_PATHS[*]}"
if ! swift format lint --strict --parallel --configuration .swift-format "${LOOM_SWIFT_FILES[@]}"
then
  echo "error: swift-format found style issues (listed above). Scripts/format.sh fixes the" \
    "layout ones; documentation findings must be fixed by hand." >&2
  exit 1
fi
echo "Lint passed."
