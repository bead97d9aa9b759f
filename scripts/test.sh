#!/usr/bin/env bash
# `npm test`: on a fresh clone it fetches Node 24, installs the locked packages, builds the
# package (some tests load dist/ as n8n does), runs jest, and ends with the plain line
# "N passed, N failed" that CI reads. Extra arguments go to jest (e.g. a test path).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/with-node24.sh gulp build >/dev/null || { echo "The build failed"; echo "0 passed, 1 failed"; exit 1; }
tally="$(mktemp)"
trap 'rm -f "$tally"' EXIT
# The TLS tests serve HTTPS with a certificate issued by this test CA: the "valid chain" case.
export NODE_EXTRA_CA_CERTS="$root/test/fixtures/tls/ca.crt"
# What tests write to the console is shown only under a test that fails (jest.config.js); the
# tally reporter writes the last line, which stays "0 passed, 1 failed" if jest never got there.
ESTATE_TEST_TALLY="$tally" bash scripts/with-node24.sh jest --maxWorkers=2 "$@"
status=$?
[ -s "$tally" ] && cat "$tally" || echo "0 passed, 1 failed"
[ -s "$tally" ] || exit 1
exit $status
