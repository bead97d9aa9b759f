#!/usr/bin/env bash
# The report of the shell tests (install-test.sh, queue-test.sh, e2e.sh): a line "ok - <what>" or
# "not ok - <what>: <why>" per check, counted, for the caller's last line "N passed, N failed".
#
#   source scripts/test-report.sh
#   finish() { ...stop what was started...; echo "$passed passed, $failed failed"; ... }
#   ok "what"; not_ok "what: why"; tally <file of a node step's output> "<what it checked>"
#   abort "what failed" [log]      # counts it, shows the log's tail, calls finish

passed=0
failed=0
ok() { echo "ok - $1"; passed=$((passed + 1)); }
not_ok() { echo "not ok - $1"; failed=$((failed + 1)); }
# Counts the "ok" / "not ok" lines a step printed (as they came); a step that printed none failed.
tally() {
  local out="$1"
  passed=$((passed + $(grep -c '^ok - ' "$out")))
  failed=$((failed + $(grep -c '^not ok - ' "$out")))
  grep -q '^\(not \)\?ok - ' "$out" || not_ok "$2 (no checks ran)"
}
# A failure that leaves nothing to check further: count it, show the log, stop.
abort() {
  not_ok "$1"
  [ -n "${2:-}" ] && [ -f "$2" ] && tail -n 30 "$2" | sed 's/^/    /'
  finish
}
