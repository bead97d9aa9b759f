#!/usr/bin/env bash
# `npm run test:browser`: the n8n editor as a user works in it, in Debian's chromium (installed
# by scripts/chromium.sh when missing) driven by playwright-core, against the real n8n of
# `npm start` with the package installed from its packed tarball, the sandbox and an SMTP
# receiver (scripts/e2e/setup.sh). Steps and checks: scripts/browser-test/editor.mjs. Its
# screenshots replace docs/images/*.png (the README shows them).
# Prints "ok - …" / "not ok - …" and ends with "N passed, N failed".
#
#   bash scripts/browser-test.sh [--keep]      (--keep: leave the work folder, its logs and screenshots)
# Ports: n8n from 6190, task broker 6195, sandbox 8490, SMTP 2690 (the first free ones).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/n8n-runtime.sh
source scripts/community-package.sh
source scripts/e2e/setup.sh
source scripts/chromium.sh

keep=0
while [ "$#" -gt 0 ]; do
  case "$1" in
    --keep) keep=1; shift ;;
    *) echo "usage: bash scripts/browser-test.sh [--keep]" >&2; exit 2 ;;
  esac
done

source scripts/test-report.sh
finish() {
  trap - EXIT INT TERM
  e2e_stop
  if [ "$keep" = 1 ]; then echo "work folder kept: ${work#$root/}" >&2; else rm -rf "$work"; fi
  echo "browser test took $((SECONDS - t0)) s" >&2
  # Stopped before any check (Ctrl-C, a signal): that is no pass.
  [ $((passed + failed)) -gt 0 ] || not_ok "the browser test ran its checks"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

mkdir -p .cache/browser-test
work="$(mktemp -d "$root/.cache/browser-test/run-XXXXXX")"
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
t0=$SECONDS
node_bin="$(n8n_node_bin)"
export OWNER_EMAIL="owner@browser-test.invalid" OWNER_PASSWORD="Browser-Test-1"

browser="$(ensure_chromium 2>"$work/chromium.log")" || abort "Debian's chromium is installed (scripts/chromium.sh)" "$work/chromium.log"
bash scripts/with-node24.sh true >"$work/npm-ci.log" 2>&1 || abort "the dev dependencies (playwright-core) are installed" "$work/npm-ci.log"
e2e_prepare "$work" 6190 6195 8490 2690 2>"$work/prepare.log" || abort "the package, sandbox, SMTP receiver, credentials and examples are ready" "$work/prepare.log"
n8n_start_bg "$work/n8n.log"
n8n_wait_ready 240 || abort "n8n starts" "$work/n8n.log"

mkdir -p "$work/screens"
"$node_bin/node" scripts/browser-test/editor.mjs "$N8N_URL" "$SANDBOX_URL" "$MAIL_DIR" "$browser" "$work/screens" "$root/examples" | tee "$work/editor.out"
tally "$work/editor.out" "the editor steps"
# The README's pictures are refreshed only by a run that passed.
if [ "$failed" -eq 0 ]; then
  mkdir -p docs/images && cp "$work"/screens/*.png docs/images/
  echo "# screenshots refreshed in docs/images/: $(cd "$work/screens" && ls *.png | tr '\n' ' ')"
fi
finish
