#!/usr/bin/env bash
# `npm test`: on a fresh clone it fetches Node 24, installs the locked packages, builds the
# package (some tests load dist/ as n8n does), runs jest, and ends with the plain line
# "N passed, N failed" that CI reads. Extra arguments go to jest (e.g. a test path).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/with-node24.sh gulp build >/dev/null || { echo "The build failed"; echo "0 passed, 1 failed"; exit 1; }
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
# The TLS tests serve HTTPS with a certificate issued by this test CA: the "valid chain" case.
export NODE_EXTRA_CA_CERTS="$root/test/fixtures/tls/ca.crt"
bash scripts/with-node24.sh jest --maxWorkers=2 --json --outputFile="$report" "$@"
status=$?
bash scripts/with-node24.sh node -e '
	const fs = require("node:fs");
	let passed = 0, failed = 1;
	try {
		const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
		// A suite that failed to load counts as a failure even though it ran no test.
		passed = r.numPassedTests;
		failed = r.numFailedTests + r.numRuntimeErrorTestSuites;
	} catch {}
	console.log(`${passed} passed, ${failed} failed`);
' "$report"
exit $status
