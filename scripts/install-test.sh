#!/usr/bin/env bash
# `npm run test:install`: the package as users install it, on every n8n version of the matrix
# (scripts/n8n-runtime/versions.tsv: the newest 1.123.x on Node 22, 2.40.7, the newest 2.x).
# Packs it once (npm pack), checks the README's manual install (`npm install <package>` in
# ~/.n8n/nodes brings nothing else, no second n8n-workflow), then on each version installs the
# tarball into a fresh n8n user folder's nodes/ as Settings > Community Nodes does (no source
# tree, no dev dependencies) and checks, in that real n8n against the sandbox:
#   - installs: the tarball installs and brings no dependencies;
#   - loads: n8n loads the package without errors;
#   - listed: the editor lists every node of the package as n8n-nodes-estate-broker.* and the
#     credential for each;
#   - read: Contacts › Contact › List (30 contacts) runs (`n8n execute`);
#   - custom operation: Contacts › Contact › Get over those 30 items, gathered into calls of 20
#     (the node's custom operation, not n8n's routing engine);
#   - upsert: Contacts › Person › Create or Update in XML (the bundled fast-xml-parser);
#   - trigger polls: two published trigger workflows poll on activation and start with items:
#     New Bid, and Live Data Changed, whose period is computed with luxon (n8n's, not bundled).
# Prints the matrix (version x check, passed/failed) and ends with "N passed, N failed".
# Everything it starts is stopped by its process group.
#
#   bash scripts/install-test.sh [--version <n8n version>]... [--without <path in package>]... [--keep]
#     --version  only these versions of versions.tsv (default: all of them)
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

versions=()
without=()
keep=0
while [ "$#" -gt 0 ]; do
  case "$1" in
    --version) versions+=("${2:?--version needs an n8n version}"); shift 2 ;;
    --without) without+=("${2:?--without needs a path}"); shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "usage: bash scripts/install-test.sh [--version <n8n version>]... [--without <path in package>]... [--keep]" >&2; exit 2 ;;
  esac
done
[ "${#versions[@]}" -gt 0 ] || mapfile -t versions < <(n8n_versions)
# The matrix's columns, in order: the checks of one version, grouped as the README's table shows them.
COLUMNS=(installs loads listed read "custom operation" upsert "trigger polls")

finish() {
  trap - EXIT INT TERM
  n8n_stop 20
  sandbox_stop
  [ -s "${work:-}/matrix.tsv" ] && print_matrix
  if [ "$keep" = 1 ]; then echo "work folder kept: ${work#$root/}" >&2; else rm -rf "$work"; fi
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

# The matrix as a Markdown table (also kept in .cache/install-test/matrix.md for the README).
print_matrix() {
  local version column result line
  {
    line="| n8n (Node) |"
    for column in "${COLUMNS[@]}"; do line="$line $column |"; done
    echo "$line"
    echo "|$(for column in n8n "${COLUMNS[@]}"; do printf -- '---|'; done)"
    for version in "${versions[@]}"; do
      line="| $version (Node $(awk -v v="$version" '!/^#/ && $1 == v { sub(/\..*/, "", $2); print $2 }' "$N8N_RT_VERSIONS_FILE")) |"
      for column in "${COLUMNS[@]}"; do
        result="$(awk -F'\t' -v v="$version" -v c="$column" '$1 == v && $2 == c { r = $3 } END { print r }' "$work/matrix.tsv")"
        line="$line ${result:-not run} |"
      done
      echo "$line"
    done
  } | tee "$root/.cache/install-test/matrix.md"
}

# Records one cell: passed when the checks in $3 (a step's output) all passed and there was one.
cell() {
  local version="$1" column="$2" out="$3" result=passed
  if grep -q '^not ok - ' "$out" || ! grep -q '^ok - ' "$out"; then result=failed; fi
  # Several steps may fill one cell: a failed one stays failed.
  if grep -qP "^\Q$version\E\t\Q$column\E\tfailed$" "$work/matrix.tsv" 2>/dev/null; then result=failed; fi
  printf '%s\t%s\t%s\n' "$version" "$column" "$result" >>"$work/matrix.tsv"
}

# One check's line, counted, into the file of its cell.
check_into() {
  local out="$1" what="$2" condition="$3"
  if [ "$condition" = 0 ]; then echo "ok - $what" >>"$out"; else echo "not ok - $what" >>"$out"; fi
}

mkdir -p .cache/install-test
work="$(mktemp -d "$root/.cache/install-test/run-XXXXXX")"
trap finish EXIT
# Stopped before the end: a failure, never a pass.
trap 'not_ok "stopped by a signal before the end"; exit 130' INT
trap 'not_ok "stopped by a signal before the end"; exit 143' TERM
t0=$SECONDS

# 1. The tarball, packed once (by the default version's Node).
tgz="$(community_pack "$work" "${without[@]}")" || abort "npm pack made a tarball"
ok "npm pack made $(basename "$tgz")"

# 2. The README's manual install: `npm install <package>` in ~/.n8n/nodes, as a user types it
#    (npm 7 and later install peer dependencies unless they are optional).
manual="$work/manual/.n8n/nodes"
mkdir -p "$manual" && echo '{"name": "installed-nodes", "private": true}' >"$manual/package.json"
if (cd "$manual" && unset npm_config_local_prefix npm_config_prefix npm_package_json &&
  PATH="$(n8n_node_bin):$PATH" npm install "$tgz" --ignore-scripts --no-audit --no-fund --loglevel=error) >"$work/manual.log" 2>&1; then
  extra="$(cd "$manual/node_modules" && ls -A | grep -v '^\.' | grep -vx 'n8n-nodes-estate-broker')"
  if [ -z "$extra" ]; then
    ok "the README's manual install (npm install in ~/.n8n/nodes) installs the package alone, no second n8n-workflow"
  else
    not_ok "the README's manual install installs the package alone: it also installed $(echo "$extra" | wc -l) packages ($(echo "$extra" | head -n 5 | tr '\n' ' ')...)"
  fi
else
  not_ok "the README's manual install (npm install in ~/.n8n/nodes) succeeds: $(tail -n 3 "$work/manual.log" | tr '\n' ' ')"
fi

# 3. Each version of the matrix.
run_version() {
  local version="$1" dir="$work/$1" home out extra pkg_modules id
  mkdir -p "$dir"
  home="$dir/home"
  echo "# n8n $version"
  n8n_use_version "$version" || { not_ok "[n8n $version] is in versions.tsv"; return; }
  N8N_NODE="$(n8n_node_bin)" || { not_ok "[n8n $version] its Node installed"; return; }
  if ! ensure_n8n >"$dir/ensure.log" 2>&1; then
    not_ok "[n8n $version] n8n installed (scripts/n8n-runtime.sh)"
    tail -n 30 "$dir/ensure.log" | sed 's/^/    /'
    return
  fi

  out="$dir/installs.out"
  if community_install "$tgz" "$home" 2>"$dir/install.log"; then
    extra="$(cd "$home/.n8n/nodes/node_modules" && ls -A | grep -v '^\.' | grep -vx 'n8n-nodes-estate-broker')"
    pkg_modules="$(ls -A "$COMMUNITY_PACKAGE_DIR/node_modules" 2>/dev/null)"
    check_into "$out" "the tarball installs into a fresh user folder's nodes/ and brings no dependencies" "$([ -z "$extra$pkg_modules" ]; echo $?)"
  else
    check_into "$out" "the tarball installs into a fresh user folder's nodes/: $(tail -n 3 "$dir/install.log" | tr '\n' ' ')" 1
  fi
  report "$version" installs "$out" || return

  # The sandbox, the credential and the test workflows.
  n8n_env "$home" 5790 5795 || { not_ok "[n8n $version] free ports for n8n"; return; }
  community_env
  sandbox_start_bg "$dir/sandbox.log" 8190 || { not_ok "[n8n $version] the sandbox starts"; return; }
  if ! sandbox_credential_import "$SANDBOX_URL" estInstallSandbox "$dir/import.log" ||
    ! n8n_cmd import:workflow --separate --input="$root/scripts/install-test/workflows" >>"$dir/import.log" 2>&1 ||
    ! n8n_publish_workflow estInstallNewBid >>"$dir/import.log" 2>&1 ||
    ! n8n_publish_workflow estInstallLiveDt >>"$dir/import.log" 2>&1; then
    not_ok "[n8n $version] the credential and the test workflows import and publish"
    tail -n 20 "$dir/import.log" | sed 's/^/    /'
    sandbox_stop
    return
  fi

  # Runs from the command line: the reads, then the upsert in XML.
  n8n_cmd execute --id=estInstallReads --rawOutput >"$dir/execute-reads.out" 2>"$dir/execute-reads.err"
  "$N8N_NODE/node" scripts/install-test/checks.mjs reads "$dir/execute-reads.out" "$SANDBOX_URL" >"$dir/reads-all.out"
  grep -v '\[custom operation\]' "$dir/reads-all.out" >"$dir/read.out"
  grep '\[custom operation\]' "$dir/reads-all.out" | sed 's/ \[custom operation\]//' >"$dir/custom.out"
  report "$version" read "$dir/read.out"
  report "$version" "custom operation" "$dir/custom.out"
  n8n_cmd execute --id=estInstallXmlRun --rawOutput >"$dir/execute-xml.out" 2>"$dir/execute-xml.err"
  "$N8N_NODE/node" scripts/install-test/checks.mjs xml "$dir/execute-xml.out" "$SANDBOX_URL" >"$dir/upsert.out"
  report "$version" upsert "$dir/upsert.out"

  # n8n as users run it: the editor's lists, and the published triggers' first polls.
  out="$dir/loads.out"
  n8n_start_bg "$dir/n8n.log"
  if ! n8n_wait_ready 240 2>>"$dir/n8n.log"; then
    check_into "$out" "n8n starts with the package installed" 1
    report "$version" loads "$out"
    tail -n 25 "$dir/n8n.log" | sed 's/^/    /'
    n8n_stop 20
    sandbox_stop
    return
  fi
  if grep -Eq 'Failed to load package|Skipping package|Unrecognized node type|Cannot find module' "$dir/n8n.log"; then
    check_into "$out" "n8n loaded the package without errors: $(grep -Em3 'Failed to load package|Skipping package|Unrecognized node type|Cannot find module' "$dir/n8n.log" | tr '\n' ' ')" 1
  else
    check_into "$out" "n8n loaded the package without errors" 0
  fi
  report "$version" loads "$out"
  export OWNER_EMAIL="owner@install-test.invalid" OWNER_PASSWORD="Install-Test-1"
  "$N8N_NODE/node" scripts/install-test/checks.mjs editor "$N8N_URL" n8n-nodes-estate-broker "$COMMUNITY_PACKAGE_DIR" >"$dir/listed.out"
  report "$version" listed "$dir/listed.out"
  "$N8N_NODE/node" scripts/install-test/checks.mjs trigger "$N8N_URL" estInstallNewBid newBid "$SANDBOX_URL" >"$dir/polls.out"
  "$N8N_NODE/node" scripts/install-test/checks.mjs trigger "$N8N_URL" estInstallLiveDt liveData "$SANDBOX_URL" >>"$dir/polls.out"
  report "$version" "trigger polls" "$dir/polls.out"

  if grep -q '^not ok - ' "$dir"/*.out; then
    echo "n8n $version log (last lines):"
    tail -n 25 "$dir/n8n.log" | sed 's/^/    /'
  fi
  n8n_stop 20
  sandbox_stop
}

# Prints a step's checks with the version in front, counts them and fills the cell; fails
# (for `|| return`) when the step failed.
report() {
  local version="$1" column="$2" out="$3"
  [ -f "$out" ] || : >"$out"
  sed "s/^\(\(not \)\?ok - \)/\1[n8n $version] /" "$out"
  tally "$out" "[n8n $version] $column"
  cell "$version" "$column" "$out"
  ! grep -q '^not ok - ' "$out" && grep -q '^ok - ' "$out"
}

for version in "${versions[@]}"; do
  t1=$SECONDS
  run_version "$version"
  echo "# n8n $version took $((SECONDS - t1)) s"
done
n8n_use_version
echo "install test took $((SECONDS - t0)) s" >&2
finish
