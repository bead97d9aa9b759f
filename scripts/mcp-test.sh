#!/usr/bin/env bash
# `npm run test:mcp`: the package's nodes as an AI agent's tools, over MCP, in the real n8n
# (the default version of scripts/n8n-runtime/versions.tsv). The packed tarball installed as
# Settings > Community Nodes installs it; a published workflow whose MCP Server Trigger offers
# one tool per action node (scripts/mcp-test/workflow.json: reads, a custom operation over ids,
# writes; inputs given by the model through $fromAI); a real MCP client (@modelcontextprotocol/sdk,
# scripts/mcp-test/client.mjs) lists and calls them against the sandbox. Ends with
# "N passed, N failed"; everything it starts is stopped by its process group.
#
#   bash scripts/mcp-test.sh [--without <path in package>]... [--keep]
#     --without  leave that file out of the tarball (to see the test fail as it should)
#     --keep     keep the work folder (.cache/mcp-test/run-*) for a look afterwards
# Ports: n8n from 5820, its task broker from 5825, the sandbox from 8220. Loopback only.
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
    *) echo "usage: bash scripts/mcp-test.sh [--without <path in package>]... [--keep]" >&2; exit 2 ;;
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

mkdir -p .cache/mcp-test
work="$(mktemp -d "$root/.cache/mcp-test/run-XXXXXX")"
home="$work/home"
trap finish EXIT
# Stopped before the end: a failure, never a pass.
trap 'not_ok "stopped by a signal before the end"; exit 130' INT
trap 'not_ok "stopped by a signal before the end"; exit 143' TERM
t0=$SECONDS

ensure_n8n >"$work/ensure.log" 2>&1 || abort "n8n runtime installed (scripts/n8n-runtime.sh)" "$work/ensure.log"
node_bin="$(n8n_node_bin)"
tgz="$(community_pack "$work" "${without[@]}")" || abort "npm pack made a tarball"
community_install "$tgz" "$home" 2>"$work/install.log" || abort "the tarball installs into a fresh user folder's nodes/" "$work/install.log"

n8n_env "$home" 5820 5825 || abort "free ports for n8n"
community_env
# Community nodes become AI tools only when the instance allows it (n8n's setting, off by default).
export N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE=true
sandbox_start_bg "$work/sandbox.log" 8220 || abort "the sandbox starts" "$work/sandbox.log"
sandbox_credential_import "$SANDBOX_URL" estMcpSandbox "$work/import.log" || abort "the credential imports into n8n" "$work/import.log"
n8n_cmd import:workflow --input="$root/scripts/mcp-test/workflow.json" >>"$work/import.log" 2>&1 \
  || abort "the MCP workflow imports into n8n" "$work/import.log"
n8n_publish_workflow estMcpToolsTest >>"$work/import.log" 2>&1 || abort "the MCP workflow publishes" "$work/import.log"

n8n_start_bg "$work/n8n.log"
n8n_wait_ready 240 || abort "n8n starts with the package installed" "$work/n8n.log"
ok "n8n $N8N_RT_VERSION started with the MCP workflow published"

"$node_bin/node" scripts/mcp-test/client.mjs "$N8N_URL/mcp/estate-broker-mcp-test" "$SANDBOX_URL" | tee "$work/client.out"
tally "$work/client.out" "MCP client"

if [ "$failed" -gt 0 ]; then
  echo "n8n log (last lines):" >&2
  tail -n 25 "$work/n8n.log" | sed 's/^/    /' >&2
fi
echo "MCP test took $((SECONDS - t0)) s" >&2
finish
