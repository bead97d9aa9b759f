#!/usr/bin/env bash
# `npm run test:calendar`: the whole `npm test` with the process clock moved by libfaketime
# (Debian package faketime) to days where calendars bite, and in other time zones:
#   2026-12-31T23:30:00Z (new year in Stockholm, not yet in UTC)
#   2027-03-28T00:30:00Z (the night the clocks go forward in Europe)
#   2027-10-31T00:30:00Z (the night the clocks go back)
#   2028-02-29T12:00:00Z (a leap day)
# each with TZ=UTC, then today with TZ=Europe/Stockholm and with TZ=America/Los_Angeles.
# `--quick` (CI, every submission): two runs, each a moved date in another zone:
# 2026-12-31T23:30:00Z with TZ=America/Los_Angeles, 2027-03-28T00:30:00Z with TZ=Europe/Stockholm.
# One summary line per run, then the plain total "N passed, N failed". Extra arguments go to
# jest (e.g. a test path). Exit status non-zero when any run failed.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

runs=(
	"2026-12-31T23:30:00Z UTC"
	"2027-03-28T00:30:00Z UTC"
	"2027-10-31T00:30:00Z UTC"
	"2028-02-29T12:00:00Z UTC"
	"now Europe/Stockholm"
	"now America/Los_Angeles"
)
if [ "${1:-}" = "--quick" ]; then
	shift
	runs=("2026-12-31T23:30:00Z America/Los_Angeles" "2027-03-28T00:30:00Z Europe/Stockholm")
fi

if ! command -v faketime >/dev/null; then
	echo "Installing faketime (libfaketime) ..." >&2
	{ apt-get update -qq && apt-get install -y -qq faketime; } >&2 || { echo "Could not install faketime"; echo "0 passed, 1 failed"; exit 1; }
fi

# Node 24 and the packages first, with the real clock (npm ci, the build's tools).
bash scripts/with-node24.sh true || { echo "0 passed, 1 failed"; exit 1; }

total_passed=0
total_failed=0
summaries=()
for run in "${runs[@]}"; do
	read -r at zone <<<"$run"
	clock=()
	if [ "$at" != "now" ]; then
		# A fixed offset from the real clock ("+Ns"): the moved clock still advances, and every
		# process of the run (npm, jest, its workers) agrees on it. The faketime command (not a
		# bare LD_PRELOAD) owns libfaketime's shared state for the whole process tree; -m is the
		# multi-threaded library, as Node reads the clock from several threads. Monotonic clocks
		# stay real, so Node's and jest's timers run as usual; file times stay real (build stamps).
		offset=$(($(date -u -d "$at" +%s) - $(date -u +%s)))
		clock=(faketime -m -f "+${offset}s")
	fi
	label="clock $at, TZ=$zone"
	echo "=== test:calendar: $label" >&2
	started=$SECONDS
	output="$(mktemp)"
	TZ="$zone" FAKETIME_DONT_FAKE_MONOTONIC=1 NO_FAKE_STAT=1 "${clock[@]}" bash scripts/test.sh "$@" 2>&1 | tee "$output" >&2
	last="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$output" | tail -n 1)"
	rm -f "$output"
	[ -n "$last" ] || last="0 passed, 1 failed"
	passed="${last%% passed*}"
	failed="${last#*passed, }"
	failed="${failed%% failed*}"
	total_passed=$((total_passed + passed))
	total_failed=$((total_failed + failed))
	summaries+=("test:calendar: $label: $last ($((SECONDS - started)) s)")
done
printf '%s\n' "${summaries[@]}"
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
