#!/usr/bin/env bash
# Runs a command with the project's Node 24 first on PATH and node_modules/.bin reachable,
# installing the locked packages first when they are missing or older than the lockfile (never
# through a node_modules that links to another checkout: npm ci would empty that one).
# Install scripts stay off (.npmrc): a dev tool's preinstall insists on pnpm, and the
# native modules in the tree ship prebuilt binaries.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$("$root/scripts/node24.sh")"
export PATH="$bin:$root/node_modules/.bin:$PATH"
export npm_config_nodedir="$(dirname "$bin")"
cd "$root"
stamp="node_modules/.installed-from-lockfile"
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  if [ -L node_modules ]; then
    echo "node_modules links to $(readlink node_modules), installed before this package-lock.json: not installing here" >&2
  else
    echo "Installing packages from package-lock.json (npm ci) ..." >&2
    npm ci --no-audit --no-fund --loglevel=error >&2
    touch "$stamp"
  fi
fi
exec "$@"
