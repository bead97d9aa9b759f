#!/usr/bin/env bash
# Debian's chromium for the browser test (no browser download is possible here: playwright-core
# drives the system's one). `ensure_chromium` installs it with apt-get when it is missing (needs
# root, as on CI and the developers' machines) and prints its path.
#   source scripts/chromium.sh && browser="$(ensure_chromium)"      or   bash scripts/chromium.sh
ensure_chromium() {
  local path
  path="$(command -v chromium || command -v chromium-browser || true)"
  if [ -z "$path" ]; then
    if [ "$(id -u)" != 0 ]; then
      echo "[chromium] chromium is missing; install it as root: apt-get update && apt-get install -y chromium" >&2
      return 1
    fi
    echo "[chromium] installing Debian's chromium (apt-get, first run only) ..." >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || return 1
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2 || return 1
    path="$(command -v chromium)" || return 1
  fi
  echo "$path"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  ensure_chromium
fi
