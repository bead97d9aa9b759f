#!/usr/bin/env bash
# `npm run docs:trace`: writes docs/architecture.md's trace tables (between its `trace:` markers)
# from what test/package/trace.test.ts counts; `npm test` fails while the page differs.
set -euo pipefail
cd "$(dirname "$0")/.."
ESTATE_TRACE_WRITE=1 bash scripts/test.sh test/package/trace.test.ts
