#!/usr/bin/env bash
# `npm run test:install`: the package as users install it. Packs it (npm pack), installs the
# tarball into a fresh n8n user folder's nodes/ as Settings > Community Nodes does (no source
# tree, no dev dependencies), and in the real n8n (scripts/n8n-runtime.sh) against the sandbox:
#   - a Contacts request in XML runs (`n8n execute`): the bundled fast-xml-parser resolves;
#   - the editor lists the seven nodes as n8n-nodes-estate-broker.* and the credential;
#   - two published trigger workflows poll on activation and start with items: New Bid, and
#     Live Data Changed, whose period is computed with luxon (provided by n8n, not bundled).
# Ends with "N passed, N failed". Everything it starts is stopped by its process group.
#
#   bash scripts/install-test.sh [--without <path in package>]... [--keep]
#     --without  leave that file out of the tarball (to see the test fail as it should)
#     --keep     keep the work folder (.cache/install-test/run-*) for a look afterwards
# Ports: n8n from 5790, its task broker from 5795, the sandbox from 8190 (the first free
# ones; away from `npm start`'s 5678/5679/8091). Loopback only.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/n8n-runtime.sh
source scripts/community-package.sh
source scripts/test-report.sh

without=()
keep=0
while [ "$#" -gt 0 ]; do
  case "$1" in
    --without) without+=("${2:?--without needs a path}"); shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "usage: bash scripts/install-test.sh [--without <path in package>]... [--keep]" >&2; exit 2 ;;
  esac
done

finish() {
  trap - EXIT INT TERM
  n8n_stop 20
  sandbox_stop
  if [ "$keep" = 1 ]; then echo "work folder kept: ${work#$root/}" >&2; else rm -rf "$work"; fi
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

mkdir -p .cache/install-test
work="$(mktemp -d "$root/.cache/install-test/run-XXXXXX")"
home="$work/home"
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
t0=$SECONDS

ensure_n8n >"$work/ensure.log" 2>&1 || abort "n8n runtime installed (scripts/n8n-runtime.sh)" "$work/ensure.log"
node_bin="$(n8n_node_bin)"

# 1. The tarball, installed as n8n installs it.
tgz="$(community_pack "$work" "${without[@]}")" || abort "npm pack made a tarball"
ok "npm pack made $(basename "$tgz")"
community_install "$tgz" "$home" 2>"$work/install.log" || abort "the tarball installs into a fresh user folder's nodes/" "$work/install.log"
extra="$(cd "$home/.n8n/nodes/node_modules" && ls -A | grep -v '^\.' | grep -vx 'n8n-nodes-estate-broker')"
pkg_modules="$(ls -A "$COMMUNITY_PACKAGE_DIR/node_modules" 2>/dev/null)"
if [ -z "$extra$pkg_modules" ]; then
  ok "the tarball installs into a fresh user folder's nodes/ and brings no dependencies"
else
  not_ok "the tarball installs with no dependencies: nodes/node_modules also holds: $extra $pkg_modules"
fi

# 2. The sandbox, the credential and the test workflows.
n8n_env "$home" 5790 5795 || abort "free ports for n8n"
community_env
sandbox_start_bg "$work/sandbox.log" 8190 || abort "the sandbox starts" "$work/sandbox.log"
sandbox_credential_import "$SANDBOX_URL" estInstallSandbox "$work/import.log" || abort "the credential imports into n8n" "$work/import.log"
n8n_cmd import:workflow --separate --input="$root/scripts/install-test/workflows" >>"$work/import.log" 2>&1 \
  || abort "the test workflows import into n8n" "$work/import.log"
for id in estInstallNewBid estInstallLiveDt; do
  n8n_cmd publish:workflow --id="$id" >>"$work/import.log" 2>&1 || abort "workflow $id publishes" "$work/import.log"
done

# 3. An XML request from the command line, as a workflow run.
n8n_cmd execute --id=estInstallXmlRun --rawOutput >"$work/execute-xml.out" 2>"$work/execute-xml.err"
"$node_bin/node" scripts/install-test/checks.mjs xml "$work/execute-xml.out" "$SANDBOX_URL" | tee "$work/checks-xml.out"
tally "$work/checks-xml.out" "XML request"

# 4. n8n as users run it: the editor's lists, and the published triggers' first polls.
n8n_start_bg "$work/n8n.log"
n8n_wait_ready 240 || abort "n8n starts with the package installed" "$work/n8n.log"
if grep -Eq 'Failed to load package|Skipping package|Unrecognized node type|Cannot find module' "$work/n8n.log"; then
  not_ok "n8n loaded the package without errors: $(grep -Em3 'Failed to load package|Skipping package|Unrecognized node type|Cannot find module' "$work/n8n.log" | tr '\n' ' ')"
else
  ok "n8n loaded the package without errors"
fi
export OWNER_EMAIL="owner@install-test.invalid" OWNER_PASSWORD="Install-Test-1"
"$node_bin/node" scripts/install-test/checks.mjs editor "$N8N_URL" n8n-nodes-estate-broker | tee "$work/checks-editor.out"
tally "$work/checks-editor.out" "editor lists"
"$node_bin/node" scripts/install-test/checks.mjs trigger "$N8N_URL" estInstallNewBid newBid "$SANDBOX_URL" | tee "$work/checks-bid.out"
tally "$work/checks-bid.out" "New Bid trigger"
"$node_bin/node" scripts/install-test/checks.mjs trigger "$N8N_URL" estInstallLiveDt liveData "$SANDBOX_URL" | tee "$work/checks-live.out"
tally "$work/checks-live.out" "Live Data trigger"

if [ "$failed" -gt 0 ]; then
  echo "n8n log (last lines):" >&2
  tail -n 25 "$work/n8n.log" | sed 's/^/    /' >&2
fi
echo "install test took $((SECONDS - t0)) s" >&2
finish
