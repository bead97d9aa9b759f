#!/usr/bin/env bash
# Benchmarks (npm run bench). Each prints its figures as ratios against a baseline measured
# in the same run; none asserts a time. Pass a name to run one: trigger-poll, reads-by-id, listings, sandbox-bids, sandbox-listings, n8n, notifications,
# get-many (the n8n Get Many rows alone: 1,000 items with one id each, 1 item with 1,000 ids),
# upsert (the n8n person upserts alone: 1,000, 5,000, 20,000 persons, or BENCH_UPSERT=<sizes>),
# bulk-writes (opt-outs, interest applications, final-price watches, company and person upserts: per
# item side by side in n8n-core's engine in process, then 1,000 and 10,000 of each but the watches
# against the HTTP Request node in the real n8n, or BENCH_WRITES=<sizes>).
# n8n: the package against the HTTP Request node and a raw keep-alive client inside the real n8n
# (the machine-wide cache, scripts/cache-dir.sh); long (about 10 minutes), sizes from BENCH_REPS, BENCH_ITEMS, BENCH_UPSERT,
# BENCH_UPSERT_LARGE (e.g. 20000), BENCH_MANY. Figures also go to bench/results.md.
set -euo pipefail
cd "$(dirname "$0")/.."

run_ts() { bash scripts/with-node24.sh npx ts-node --transpile-only --prefer-ts-exts "$@"; }

which="${1:-all}"
if [[ "$which" == get-many ]]; then
	echo "== get-many: Get Many by id in the real n8n: 1,000 items with one id each vs the HTTP Request node, 1 item with 1,000 ids vs a raw keep-alive client"
	bash scripts/with-node24.sh gulp build >/dev/null
	BENCH_PARTS="${BENCH_PARTS:-items,oneItem}" run_ts bench/n8n-items.ts
fi
if [[ "$which" == all || "$which" == trigger-poll ]]; then
	echo "== trigger-poll: New Bid poll (version 1.1, estate details) vs one raw GET of the same list, and vs that GET plus the same report calls (100,000-bid seed)"
	run_ts bench/trigger-poll.ts "${BENCH_BIDS:-100000}"
fi
if [[ "$which" == all || "$which" == reads-by-id ]]; then
	echo "== reads-by-id: 1 item with 1,000 person ids (Get Many) in n8n-core's engine vs a raw client making the same calls on fresh connections"
	run_ts bench/reads-by-id.ts
fi
if [[ "$which" == all || "$which" == listings ]]; then
	echo "== listings: Estate › Get Many of 500 published estates with whole records in n8n-core's engine vs n8n's helper making the same calls, n8n's helper alone and a raw client, 5 in flight, 96 rounds"
	run_ts bench/listings.ts
fi
if [[ "$which" == all || "$which" == sandbox-bids ]]; then
	echo "== sandbox-bids: sandbox start and bid list answer times at scale"
	run_ts sandbox/bench/bidList.ts
fi
if [[ "$which" == all || "$which" == sandbox-listings ]]; then
	echo "== sandbox-listings: sandbox start, the estate list page by page and 1,000 estates by id with 10,000 listings added"
	run_ts sandbox/bench/listingReads.ts
fi
if [[ "$which" == upsert ]]; then
	echo "== upsert: person Create or Update of 1,000, 5,000 and 20,000 persons against the HTTP Request node, in the real n8n"
	bash scripts/with-node24.sh gulp build >/dev/null
	BENCH_PARTS=upsert BENCH_UPSERT="${BENCH_UPSERT:-1000,5000,20000}" run_ts bench/n8n-items.ts
fi
if [[ "$which" == all || "$which" == bulk-writes ]]; then
	echo "== bulk-writes: the writes of one call per item side by side in n8n-core's engine (CPU per item against the person upsert), custom operation and routing engine"
	bash scripts/with-node24.sh gulp build >/dev/null
	run_ts bench/bulk-writes.ts
fi
if [[ "$which" == bulk-writes ]]; then
	echo "== bulk-writes in n8n: 1,000 and 10,000 opt-outs, interest applications, company and person upserts against the HTTP Request node"
	BENCH_PARTS=writes run_ts bench/n8n-items.ts
fi
if [[ "$which" == all || "$which" == notifications ]]; then
	echo "== notifications: the notification trigger's answer time in the real n8n, 1,000 notifications 20 at once, each execution taking a second, vs n8n's Webhook node"
	bash scripts/with-node24.sh gulp build >/dev/null
	run_ts bench/notifications.ts
fi
if [[ "$which" == all || "$which" == n8n ]]; then
	echo "== n8n: the package against the HTTP Request node and a raw keep-alive client, in the real n8n"
	bash scripts/with-node24.sh gulp build >/dev/null
	run_ts bench/n8n-items.ts
fi
