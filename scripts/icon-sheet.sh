#!/usr/bin/env bash
# The icons' contact sheet: every node's and the credential's icon, light on white and dark on
# n8n's dark canvas, at 40 px and 60 px, as a PNG (default docs/images/icons.png) taken by
# headless chromium.   bash scripts/icon-sheet.sh [out.png]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(realpath -m "${1:-$root/docs/images/icons.png}")"
source "$root/scripts/chromium.sh"
browser="$(ensure_chromium)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bash "$root/scripts/with-node24.sh" node "$root/scripts/icons/sheet.mjs" >"$work/sheet.html"
height="$(bash "$root/scripts/with-node24.sh" node "$root/scripts/icons/sheet.mjs" --height)"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
	--user-data-dir="$work/profile" --window-size=470,"$height" --screenshot="$out" "file://$work/sheet.html" 2>/dev/null
echo "$out"
