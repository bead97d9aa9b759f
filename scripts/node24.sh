#!/usr/bin/env bash
# Prints the bin folder of the project's Node 24 (scripts/node-bin.sh fetches it on first use
# into the machine-wide cache). n8n 2.x and n8n-core need Node 24; the machine's own Node may
# be older.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/node-bin.sh" "${NODE24_VERSION:-24.21.0}"
