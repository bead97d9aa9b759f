#!/usr/bin/env bash
# Prints (and creates) the machine-wide cache of what installs slowly: Node 24 and the real
# n8n runtimes. Outside the clone, so every clone, worktree and CI run on this machine shares
# one copy; a fresh machine fills it on first use. ESTATE_BROKER_CACHE moves it.
set -euo pipefail
dir="${ESTATE_BROKER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-estate-broker}"
mkdir -p "$dir"
echo "$dir"
