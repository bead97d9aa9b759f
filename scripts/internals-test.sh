#!/usr/bin/env bash
# `npm run test:internals`: the n8n internals the package mirrors, checked against each n8n of
# the matrix (scripts/n8n-runtime/versions.tsv) rather than only the dev dependencies:
#   - itemParameters.ts against that n8n's getNodeParameter (test/engine/itemParameters.test.ts);
#   - the bulk writes' custom operation (fieldRouting.ts, eachItem.ts) against that n8n's
#     RoutingNode, and the reads' custom operations against its WorkflowExecute (test/nodes/
#     contacts/upsertCustomOperation.test.ts, customOperation.test.ts, test/nodes/advertising/
#     customOperation.test.ts);
#   - Request Options as that n8n's loader adds them, on the wire (test/wire/requestOptions.test.ts);
#   - what n8n's own body parser does with a notification's body before the trigger runs (a
#     trailing comma: 422), on a real request (test/nodes/notificationTrigger/n8nBodyParser.internals.ts).
# Each version's tests run on its Node, with n8n-core, n8n-workflow and @n8n/expression-runtime
# taken from its installed folder (jest.internals.config.js; internalsUnderTest.test.ts checks
# the mapping took). Prints a line per version and ends with "N passed, N failed".
#
#   bash scripts/internals-test.sh [--version <n8n version>]...
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/n8n-runtime.sh

versions=()
while [ "$#" -gt 0 ]; do
  case "$1" in
    --version) versions+=("${2:?--version needs an n8n version}"); shift 2 ;;
    *) echo "usage: bash scripts/internals-test.sh [--version <n8n version>]..." >&2; exit 2 ;;
  esac
done
[ "${#versions[@]}" -gt 0 ] || mapfile -t versions < <(n8n_versions)

# The project's packages (jest, ts-jest) and the build some tests load (dist/).
bash scripts/with-node24.sh gulp build >/dev/null || { echo "The build failed"; echo "0 passed, 1 failed"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
total_passed=0
total_failed=0
lines=()
for version in "${versions[@]}"; do
  passed=0
  failed=1
  if n8n_use_version "$version" && ensure_n8n >"$work/ensure-$version.log" 2>&1 && bin="$(n8n_node_bin)"; then
    echo "# n8n $version (Node $("$bin/node" --version)): its n8n-core $("$bin/node" -p "require('$N8N_RT_DIR/node_modules/n8n-core/package.json').version"), n8n-workflow $("$bin/node" -p "require('$N8N_RT_DIR/node_modules/n8n-workflow/package.json').version")"
    # In band, as npm test (scripts/test.sh): a jest worker that loaded n8n takes Node longer to
    # free its heap than the 500 ms jest gives it, and jest then warns of a leak that is not there.
    N8N_INTERNALS_RUNTIME="$N8N_RT_DIR" PATH="$bin:$root/node_modules/.bin:$PATH" \
      jest -c jest.internals.config.js --runInBand --forceExit --json --outputFile="$work/$version.json" 2>&1 | grep -Ev '^\s+(✓|at )'
    read -r passed failed < <("$bin/node" -e '
      try {
        const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
        console.log(r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites);
      } catch { console.log(0, 1); }
    ' "$work/$version.json")
  else
    tail -n 20 "$work/ensure-$version.log" 2>/dev/null
  fi
  lines+=("n8n $version: $passed passed, $failed failed")
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
done
n8n_use_version
printf '%s\n' "${lines[@]}"
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
