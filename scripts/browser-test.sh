#!/usr/bin/env bash
# `npm run test:browser`: the n8n editor as a user works in it, in Debian's chromium (installed
# by scripts/chromium.sh when missing) driven by playwright-core, in two parts:
#   1. the real n8n with the package installed from its packed tarball, the sandbox and an SMTP
#      receiver (scripts/e2e/setup.sh): the node panel, credential, a step, dropdown, picker,
#      trigger (scripts/browser-test/editor.mjs);
#   2. `npm start` itself (scripts/start.sh, in a user folder of its own that holds a workflow
#      saved under the earlier npm start's CUSTOM.* types): the eight examples it imported, each
#      opened with no unknown node and run by hand to its last node, set off by the buttons of
#      its "Try the examples" page, the results read where npm start says to look (the mail
#      page, the posted messages); one also imported through Import › From file
#      (scripts/browser-test/examples.mjs).
# Its screenshots replace those of docs/images/ that look different (the README shows them);
# one that differs from the last in under 1% of its pixels (a time, an id) is left as it is
# (scripts/browser-test/images.mjs).
# Prints "ok - …" / "not ok - …" and ends with "N passed, N failed".
#
#   bash scripts/browser-test.sh [--keep]      (--keep: leave the work folder, its logs and screenshots)
# Ports: n8n from 6190, task broker 6195, sandbox 8490, SMTP 2690; npm start's n8n from 6290,
# its sandbox from 8590, its SMTP from 2890 and its mail page from 8690 (the first free ones).
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
START_PID=
finish() {
  trap - EXIT INT TERM
  # npm start stops its n8n and sandbox itself when told to (its own process group).
  n8n_kill_group "$START_PID" 60
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
"$node_bin/node" scripts/browser-test/editor.mjs "$N8N_URL" "$SANDBOX_URL" "$browser" "$work/screens" | tee "$work/editor.out"
tally "$work/editor.out" "the editor steps"
n8n_stop 20
sandbox_stop

# 2. npm start, as a new user runs it, with a workflow saved by the earlier npm start in its user
# folder beforehand (the weekly report, typed CUSTOM.*), which start must retype. The SMTP
# credential the examples name and the mail receiver are npm start's own.
echo "# npm start (scripts/start.sh) in a user folder of its own"
start_home="$work/start-home"
mkdir -p "$work/earlier"
"$node_bin/node" -e '
  const fs = require("fs");
  const [from, to] = process.argv.slice(1);
  const workflow = JSON.parse(fs.readFileSync(from, "utf8"));
  for (const node of workflow.nodes) node.type = node.type.replace(/^n8n-nodes-estate-broker\./, "CUSTOM.");
  Object.assign(workflow, { id: "estEarlierStartReport", name: "Saved under the earlier npm start" });
  fs.writeFileSync(to, JSON.stringify(workflow));
' examples/scheduled-report.json "$work/earlier/report.json" || abort "the earlier workflow is written"
(
  n8n_env "$start_home" 6290 6295 && community_env &&
    n8n_cmd import:workflow --input="$work/earlier/report.json" >>"$work/start-prepare.log" 2>&1
) || abort "the earlier workflow imports into npm start's user folder" "$work/start-prepare.log"
export OWNER_EMAIL="owner@start.invalid" OWNER_PASSWORD="Start-Owner-1"
ESTATE_N8N_HOME="$start_home" ESTATE_N8N_PORT=6290 ESTATE_SANDBOX_PORT=8590 ESTATE_SMTP_PORT=2890 ESTATE_MAIL_PAGE_PORT=8690 \
  ESTATE_N8N_OWNER_EMAIL="$OWNER_EMAIL" ESTATE_N8N_OWNER_PASSWORD="$OWNER_PASSWORD" \
  setsid bash scripts/start.sh >"$work/start.log" 2>&1 &
START_PID=$!
for ((i = 0; i < 900; i++)); do
  grep -q 'Press Ctrl-C to stop' "$work/start.log" && break
  kill -0 "$START_PID" 2>/dev/null || break
  sleep 1
done
grep -q 'Press Ctrl-C to stop' "$work/start.log" || abort "npm start gets n8n, the sandbox and the mail receiver running" "$work/start.log"
ok "npm start gets n8n, the sandbox and the mail receiver running ($(grep -o 'ready after [0-9]* s' "$work/start.log"))"
if grep -q 'saved workflow(s) and version(s) of an earlier npm start' "$work/start.log"; then
  ok "npm start says it retyped the workflow saved under the earlier npm start"
else
  not_ok "npm start says it retyped the workflow saved under the earlier npm start: $(grep -A3 '3/5' "$work/start.log" | tr '\n' ' ')"
fi
start_url="$(grep -o 'Editor: *http://[^ /]*' "$work/start.log" | grep -o 'http://.*')"
start_sandbox="$(grep -o 'Sandbox: *http://[^ ]*' "$work/start.log" | grep -o 'http://.*')"
# Where npm start says the mail is read: its page, and the folder of .eml files (from the clone).
start_mail_page="$(grep -o 'Mail: *http://[^ ]*' "$work/start.log" | grep -o 'http://.*')"
start_mail_dir="$(grep -o 'kept as .eml files in [^;]*/;' "$work/start.log" | sed 's/^kept as .eml files in //; s|/;$||')"
case "$start_mail_dir" in /*) ;; ?*) start_mail_dir="$root/$start_mail_dir" ;; esac
start_files_dir="$(grep -o 'Files: *[^ ]*/ ' "$work/start.log" | sed 's/^Files: *//; s|/ $||')"
case "$start_files_dir" in /*) ;; ?*) start_files_dir="$root/$start_files_dir" ;; esac
if [ -n "$start_mail_page" ] && [ "$start_mail_dir" = "$start_home/mail" ]; then
  ok "npm start says where the mail is read: $start_mail_page and ${start_mail_dir#$root/}/"
else
  not_ok "npm start says where the mail is read: page \"$start_mail_page\", folder \"$start_mail_dir\" ($(grep -A1 'Mail:' "$work/start.log" | tr '\n' ' '))"
fi
MAIL_PAGE_URL="$start_mail_page" FILES_DIR="$start_files_dir" "$node_bin/node" scripts/browser-test/examples.mjs "$start_url" "$start_sandbox" "$start_mail_dir" "$browser" "$work/screens" "$root/examples" estEarlierStartReport | tee "$work/examples.out"
tally "$work/examples.out" "the examples in npm start"
# n8n under npm start asks nothing of the internet it cannot reach (no failed look-up in its log)
# and warns about no setting npm start could give it: what is left is n8n's own task runners
# (internal mode, and no Python runner without its virtual environment).
start_n8n_log="$start_home/logs/n8n.log"
if [ -s "$start_n8n_log" ] && ! grep -q 'ENOTFOUND' "$start_n8n_log"; then
  ok "n8n's log under npm start has no ENOTFOUND line ($(wc -l <"$start_n8n_log") lines)"
else
  not_ok "n8n's log under npm start has no ENOTFOUND line: $(grep -m 3 'ENOTFOUND' "$start_n8n_log" 2>/dev/null | tr '\n' ' ')"
fi
deprecated="$(grep -E '^ - [A-Z0-9_]+ -> ' "$start_n8n_log" 2>/dev/null | grep -v '^ - N8N_RUNNERS_MODE -> ' || true)"
if [ -z "$deprecated" ]; then
  ok "n8n under npm start names no deprecated setting npm start could set"
else
  not_ok "n8n under npm start names no deprecated setting npm start could set: $(echo "$deprecated" | cut -c1-200 | tr '\n' ' ')"
fi
if grep -q 'Time zone: *Europe/Stockholm' "$work/start.log"; then
  ok "npm start runs n8n on Europe/Stockholm (GENERIC_TIMEZONE)"
else
  not_ok "npm start runs n8n on Europe/Stockholm (GENERIC_TIMEZONE): $(grep 'Time zone' "$work/start.log")"
fi

# The README's pictures are refreshed only by a run that passed, and only those that changed.
if [ "$failed" -eq 0 ]; then
  mkdir -p docs/images && "$node_bin/node" scripts/browser-test/images.mjs "$work/screens" docs/images
fi
finish
