# Shared by Scripts/tsan.sh and Scripts/asan.sh: runs a sanitized test command, keeps its output
# in a log, and fails when the command failed or when the log holds a sanitizer report anyway.
# Source it from the repository root.
#
#   run_sanitized <name> <log> <report pattern> <command...>
#
# NB: the sanitizers run with halt_on_error, so the first report aborts the test process and the
# exit status catches it; the grep is the second line of defence, for a report that leaves the
# exit status at zero (a report in a child process, or a runner that swallows the crash).
run_sanitized() {
  local name=$1 log=$2 pattern=$3
  shift 3
  mkdir -p "$(dirname "$log")"
  local status=0
  "$@" 2>&1 | tee "$log" || status=$?

  if ((status != 0)); then
    echo >&2
    echo "error: $name test run failed (exit $status). Last 80 lines of $log:" >&2
    tail -n 80 "$log" >&2
    # The tail may not reach a failed test's own message: list every recorded issue too.
    if grep -q "recorded an issue" "$log"; then
      echo >&2
      echo "Issues recorded in $log:" >&2
      grep -n -A 3 "recorded an issue" "$log" | head -n 120 >&2
    fi
    exit "$status"
  fi

  if grep -q "$pattern" "$log"; then
    echo >&2
    echo "error: $name reported a problem although the run exited 0. Reports in $log:" >&2
    grep -n -A 30 "$pattern" "$log" | tail -n 80 >&2
    exit 1
  fi

  echo "$name: no reports. Full log: $log"
}
