#!/usr/bin/env bash
# Rewrites every Swift file in the repository in place to match .swift-format.
# Uses the same file list as Scripts/lint.sh; run it before committing, then run the lint.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=Scripts/lib/swift-sources.bash
source Scripts/lib/swift-sources.bash
loom_collect_swift_files

echo "Formatting ${#LOOM_SWIFT_FILES[@]} Swift files under: ${LOOM_SWIFT_PATHS[*]}"
swift format format --in-place --parallel --configuration .swift-format "${LOOM_SWIFT_FILES[@]}"
