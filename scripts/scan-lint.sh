#!/usr/bin/env bash
# `npm run lint:scan`: n8n's verification scanner's lint (scripts/scan-lint.mjs) over the
# sources and over the tarball `npm pack` makes now. Ends with "N passed, N failed".
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/n8n-runtime.sh
source scripts/community-package.sh
mkdir -p .cache/scan-lint
work="$(mktemp -d "$root/.cache/scan-lint/run-XXXXXX")"
trap 'rm -rf "$work"' EXIT
if tgz="$(community_pack "$work")" && mkdir -p "$work/package" && tar -xzf "$tgz" -C "$work/package" --strip-components=1; then
  # TMPDIR: the scanner makes a temporary folder when loaded; keep it in ours.
  TMPDIR="$work" bash scripts/with-node24.sh node scripts/scan-lint.mjs "$root" "$work/package" | tee "$work/out"
else
  echo "not ok - npm pack made a tarball to scan" | tee "$work/out"
fi
passed="$(grep -c '^ok - ' "$work/out")"
failed="$(grep -c '^not ok - ' "$work/out")"
[ "$passed" -gt 0 ] || [ "$failed" -gt 0 ] || { echo "not ok - the scanner ran"; failed=1; }
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
