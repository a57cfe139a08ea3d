#!/usr/bin/env bash
# Runs every test in the repository (`swift test` at the root), as README and CI do.
# Extra arguments go straight to `swift test`, e.g. `Scripts/test.sh --filter ContainerTests`.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec swift test "$@"
