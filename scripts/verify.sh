#!/usr/bin/env bash
# `npm run verify`: everything n8n's community node verification asks that the project can
# check itself, in one command (CI runs it): n8n's scanner over the sources and the packed
# tarball (scripts/scan-lint.sh, which builds), then scripts/verify.mjs over the build and the
# repository (package.json, licence, no runtime dependencies, icons, codex, documentation
# links, no environment or file access, the README's sections, the provenance workflow).
# n8n's lint rules run in `npm run lint`. Ends with "N passed, N failed".
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
bash scripts/scan-lint.sh | grep -Ev '^[0-9]+ passed, [0-9]+ failed$' | tee "$out"
bash scripts/with-node24.sh node scripts/verify.mjs "$root" | tee -a "$out"
passed="$(grep -c '^ok - ' "$out")"
failed="$(grep -c '^not ok - ' "$out")"
[ "$passed" -gt 0 ] || failed=$((failed + 1))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
