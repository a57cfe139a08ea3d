# Sourced by Scripts/lint.sh and Scripts/format.sh (not run directly): the one list of Swift files
# they check, so that lint and format always agree on what "the repository's Swift code" means.

# The paths swift-format is responsible for, relative to the repository root. Every one must exist:
# `swift format` passes silently on a missing path, so a rename here would turn the lint off unseen.
LOOM_SWIFT_PATHS=(Package.swift Packages Apps Tests Scripts)

# Fills the array LOOM_SWIFT_FILES with every .swift file under LOOM_SWIFT_PATHS, sorted, leaving
# out build products (.build) and SwiftPM state (.swiftpm). Exits non-zero if a path is missing.
# Must be called from the repository root.
loom_collect_swift_files() {
  local path missing=0
  for path in "${LOOM_SWIFT_PATHS[@]}"; do
    if [[ ! -e "$path" ]]; then
      echo "error: '$path' is listed in Scripts/lib/swift-sources.bash but does not exist." >&2
      echo "       Restore it, or update LOOM_SWIFT_PATHS if the layout changed on purpose." >&2
      missing=1
    fi
  done
  if ((missing)); then
    exit 1
  fi

  LOOM_SWIFT_FILES=()
  local file
  while IFS= read -r -d '' file; do
    LOOM_SWIFT_FILES+=("$file")
  done < <(
    find "${LOOM_SWIFT_PATHS[@]}" \
      \( -name .build -o -name .swiftpm \) -prune -o \
      -type f -name '*.swift' -print0 | sort -z
  )

  # With no paths, swift-format would wait for source on standard input instead of failing.
  if ((${#LOOM_SWIFT_FILES[@]} == 0)); then
    echo "error: no .swift files found under: ${LOOM_SWIFT_PATHS[*]}" >&2
    exit 1
  fi
}
