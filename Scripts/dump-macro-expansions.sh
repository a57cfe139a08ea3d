#!/usr/bin/env bash
# Writes every macro expansion of one target of a Swift package to one reviewable file: what
# @Component, @Injectable, @Bind, @Module and the other macros generate for that target, each
# expansion under a header that names it. It builds the target in a scratch folder of its own
# under the package's .build (so the package's own build is untouched, and nothing is written
# under Sources/ or Tests/), with the compiler's -dump-macro-expansions.
#
# Usage: Scripts/dump-macro-expansions.sh --package-path PATH --target NAME [--scratch-path DIR]
#   --package-path  the package (default: the current folder)
#   --target        the target whose expansions to write
#   --scratch-path  the build folder (default: PATH/.build/macro-expansions)
# Writes <scratch>/<NAME>.expansions.swift and prints its path; the build log is next to it.
set -euo pipefail

package_path=.
target=
scratch=
while (($# > 0)); do
  case $1 in
    --package-path) package_path=${2:?--package-path needs a folder}; shift 2 ;;
    --package-path=*) package_path=${1#*=}; shift ;;
    --target) target=${2:?--target needs a target name}; shift 2 ;;
    --target=*) target=${1#*=}; shift ;;
    --scratch-path) scratch=${2:?--scratch-path needs a folder}; shift 2 ;;
    --scratch-path=*) scratch=${1#*=}; shift ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "error: unknown argument '$1' (see --help)" >&2
      exit 2
      ;;
  esac
done
if [[ -z "$target" ]]; then
  echo "error: name the target whose expansions to write with --target NAME" >&2
  exit 2
fi
if [[ ! -f "$package_path/Package.swift" ]]; then
  echo "error: no Package.swift in '$package_path'" >&2
  exit 2
fi
package=$(cd "$package_path" && pwd)
scratch=${scratch:-$package/.build/macro-expansions}
mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)
output="$scratch/$target.expansions.swift"
log="$scratch/$target.build-log.txt"

# The flag that makes the compiler print each expansion. NB: Scripts/graph-check.sh builds in the
# same scratch folder with the same flags, so that it reuses this build; keep them in step.
dump_flags=(-Xswiftc -Xfrontend -Xswiftc -dump-macro-expansions)

# The target's objects go, so that every one of its files is compiled (and its macros expanded)
# again; what it depends on is reused. NB: the folder itself stays: SwiftPM's cached build plan
# refers to files in it.
for folder in "$scratch"/*/debug/"$target".build; do
  [[ -d "$folder" ]] && find "$folder" \( -name '*.o' -o -name '*.swiftdeps' -o -name '*.priors' \) -delete
done

echo "==> Building $target in $scratch (expansions dumped by the compiler)"
if ! swift build --package-path "$package" --scratch-path "$scratch" --target "$target" \
  --disable-build-manifest-caching \
  "${dump_flags[@]}" >"$log" 2>&1; then
  echo "error: the build of $target failed; its log:" >&2
  cat "$log" >&2
  exit 1
fi

# The compiler prints each expansion as:
#   @__swiftmacro_<mangled name>.swift
#   ------------------------------
#   <code>
#   ------------------------------
# Keep those of the target's own module (the mangled name starts with its length and name),
# once each, sorted by name so that the file is the same from one run to the next.
prefix="@__swiftmacro_${#target}${target}"
blocks="$scratch/$target.blocks"
rm -rf "$blocks"
mkdir -p "$blocks"
rule=------------------------------
awk -v prefix="$prefix" -v rule="$rule" -v dir="$blocks" '
  state == 0 && index($0, prefix) == 1 && /\.swift$/ { name = substr($0, 2); state = 1; next }
  state == 1 && $0 == rule { state = 2; file = dir "/" name; printf "" > file; next }
  state == 2 && $0 == rule { close(file); state = 0; next }
  state == 2 { print > file; next }
  { state = 0 }
' "$log"

names=()
while IFS= read -r name; do names+=("$name"); done < <(cd "$blocks" && ls | LC_ALL=C sort)
count=${#names[@]}
{
  echo "// Macro expansions of target $target ($count), written by Scripts/dump-macro-expansions.sh."
  echo "// Generated from a build; not compiled. Each expansion follows a header naming it."
  for name in "${names[@]}"; do
    mangled=${name%.swift}
    readable=$(swift demangle --compact "\$s${mangled#__swiftmacro_}" 2>/dev/null || echo "$mangled")
    echo
    echo "// MARK: - $readable"
    echo "// ($name)"
    cat "$blocks/$name"
  done
} >"$output"
rm -rf "$blocks"

if ((count == 0)); then
  echo "warning: $target has no macro expansions (does it use macros?)" >&2
fi
echo "$output"
