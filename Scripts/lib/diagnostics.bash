# Sourced by Scripts/component-diagnostics.sh and Scripts/macro-diagnostics.sh (not run
# directly): reads the compiler's errors from a build log and checks that a wrong use gives one
# error, in the right file and line, with the right text.

# Prints every error of the build log $1 once, as `File.swift:LINE: error: message`. An error in
# a macro's expansion is given the file and line of the user's code it was expanded from (the
# compiler's "expanded code originates here" note), with `in @Macro expansion:` before its
# message. The compiler prints some errors twice (the module and the object are compiled by two
# jobs), hence the `sort -u`.
loom_errors() {
  awk '
    /^macro expansion @[A-Za-z]+:[0-9]+:[0-9]+: error: / {
      macro = $3
      sub(/:.*/, "", macro)
      message = $0
      sub(/^[^:]*:[0-9]+:[0-9]+: error: /, "", message)
      pending = "in " macro " expansion: " message
      next
    }
    pending != "" && /note: expanded code originates here/ {
      place = $0
      sub(/^`- /, "", place)
      sub(/: note: .*/, "", place)
      n = split(place, parts, ":")
      file = parts[1]
      sub(/.*\//, "", file)
      print file ":" parts[2] ": error: " pending
      pending = ""
      next
    }
    /^\/[^ ]*\.swift:[0-9]+:[0-9]+: error: / {
      split($0, parts, ":")
      file = parts[1]
      sub(/.*\//, "", file)
      message = $0
      sub(/^[^:]*:[0-9]+:[0-9]+: error: /, "", message)
      print file ":" parts[2] ": error: " message
    }
  ' "$1" | sort -u
}

# Checks that the errors $1 (as loom_errors prints them) hold exactly one for file $2, at line
# $3, whose message contains $4. Counts a failure in `failures` otherwise.
loom_expect_one_error() {
  local errors=$1 file=$2 line=$3 text=$4
  local found count
  found=$(grep -E -- "^${file//./\\.}:" <<<"$errors" || true)
  count=$(grep -c . <<<"$found" || true)
  if ((count == 1)) && [[ "$found" == "$file:$line: error: "* ]] && grep -qF -- "$text" <<<"$found"
  then
    echo "ok: $found"
  else
    echo "error: expected one error in $file at line $line containing: $text" >&2
    echo "       the compiler printed $count:" >&2
    if [[ -n "$found" ]]; then sed 's/^/         /' <<<"$found" >&2; fi
    failures=$((failures + 1))
  fi
}

# Checks that the errors $1 name only the files $2... (a wrong use whose error lands elsewhere,
# in a file of its own or in a file without a case, is a failure).
loom_expect_errors_only_in() {
  local errors=$1
  shift
  local file unexpected
  unexpected=$errors
  for file in "$@"; do
    unexpected=$(grep -vE -- "^${file//./\\.}:" <<<"$unexpected" || true)
  done
  if [[ -n "$unexpected" ]]; then
    echo "error: errors in files without a case:" >&2
    sed 's/^/         /' <<<"$unexpected" >&2
    failures=$((failures + 1))
  fi
}

# Checks that the file $1 contains the line $2. Counts a failure in `failures` otherwise.
loom_expect_output() {
  if grep -qF -- "$2" "$1"; then
    echo "ok: $2"
  else
    echo "error: expected in the output: $2" >&2
    failures=$((failures + 1))
  fi
}

# Checks the build log $1 against the cases $2... (`file|line|words`): one error per case, no
# error in a file without a case, and no "Internal Error" from the compiler plugin.
loom_expect_cases() {
  local log=$1
  shift
  local errors entry file line text
  local files=()
  errors=$(loom_errors "$log")
  for entry in "$@"; do
    IFS='|' read -r file line text <<<"$entry"
    loom_expect_one_error "$errors" "$file" "$line" "$text"
    files+=("$file")
  done
  loom_expect_errors_only_in "$errors" "${files[@]}"
  if grep -q "Internal Error" "$log"; then
    echo "error: the compiler plugin reported an Internal Error; see $log" >&2
    failures=$((failures + 1))
  fi
}
