#!/usr/bin/env bash
# Benchmarks (npm run bench). Each prints its figures as ratios against a baseline measured
# in the same run; none asserts a time. Pass a name to run one: trigger-poll, sandbox-bids.
set -euo pipefail
cd "$(dirname "$0")/.."

run_ts() { bash scripts/with-node24.sh npx ts-node --transpile-only --prefer-ts-exts "$@"; }

which="${1:-all}"
if [[ "$which" == all || "$which" == trigger-poll ]]; then
	echo "== trigger-poll: New Bid poll vs one plain GET of the same list (100,000-bid seed)"
	run_ts bench/trigger-poll.ts "${BENCH_BIDS:-100000}"
fi
if [[ "$which" == all || "$which" == sandbox-bids ]]; then
	echo "== sandbox-bids: sandbox start and bid list answer times at scale"
	run_ts sandbox/bench/bidList.ts
fi
