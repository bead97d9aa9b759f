#!/usr/bin/env bash
# `npm test`: on a fresh clone it fetches Node 24, installs the locked packages, builds the
# package (some tests load dist/ as n8n does), runs jest, and ends with the plain line
# "N passed, N failed" that CI reads. Extra arguments go to jest (e.g. a test path).
#
# Two jest processes side by side, each running half of the test files in its own process
# (--shard, in band), one for each of the machine's two cores. Not one jest with two worker
# processes: a worker that has loaded n8n ends its event loop at once but then takes Node
# 400-800 ms to free its heap, longer than the 500 ms jest allows, and jest then warns of a
# leaked handle that is not there. The first half prints as it runs, the second after it.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/with-node24.sh gulp build >/dev/null || { echo "The build failed"; echo "0 passed, 1 failed"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
figures="${ESTATE_TEST_FIGURES:-}"
# What tests write to the console is shown only under a test that fails (jest.config.js); each
# half's tally reporter writes its "N passed, N failed", summed below; a half that never got
# there counts as one failure.
run_shard() {
	local shard=$1
	shift
	ESTATE_TEST_TALLY="$work/tally.$shard" ESTATE_TEST_FIGURES="${figures:+$work/figures.$shard}" \
		bash scripts/with-node24.sh jest --runInBand --shard="$shard/2" --passWithNoTests "$@"
}
run_shard 2 "$@" >"$work/output.2" 2>&1 &
second=$!
run_shard 1 "$@"
status=$?
wait "$second" || status=$?
echo "=== the other half of the test files (jest --shard=2/2)"
cat "$work/output.2"

passed=0
failed=0
for shard in 1 2; do
	line="$(cat "$work/tally.$shard" 2>/dev/null)"
	if [[ "$line" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
		passed=$((passed + BASH_REMATCH[1]))
		failed=$((failed + BASH_REMATCH[2]))
	else
		failed=$((failed + 1))
		status=1
	fi
done
if [ -n "$figures" ]; then cat "$work"/figures.* >"$figures" 2>/dev/null; fi
echo "$passed passed, $failed failed"
exit $status
