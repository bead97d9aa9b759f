#!/usr/bin/env bash
# A real n8n for this repository: each version of the matrix (scripts/n8n-runtime/versions.tsv)
# installed once into the machine-wide cache (scripts/cache-dir.sh: n8n-runtime-<version>/,
# shared by every clone and CI run), run with its Node (24 for n8n 2.x, 22 for 1.123), with
# this package loaded as a custom extension and nothing reaching the internet. The default
# version unless N8N_RT_VERSION names another (or n8n_use_version selects one). Used by scripts/start.sh (npm start) and meant for end-to-end tests.
#
# Source it to get the functions:
#   source scripts/n8n-runtime.sh
#   n8n_use_version 1.123.81                 # another version of versions.tsv than the default
#   ensure_n8n                               # install n8n if missing or its manifest changed
#   n8n_stage_extension                      # .cache/n8n-extension/: package.json + copy of dist
#   n8n_env "$PWD/.cache/my-home" [port]     # export N8N_* for one instance (picks free ports)
#   n8n_cmd import:workflow --input=wf.json  # the n8n CLI under its Node with that env
#   n8n_publish_workflow <id>                # activate a workflow's triggers (any version)
#   n8n_start_bg "$log"                      # n8n start in its own process group -> $N8N_PID
#   n8n_wait_ready 120                       # wait for /healthz/readiness
#   n8n_stop                                 # stop that process group
# or call it: bash scripts/n8n-runtime.sh ensure | n8n <args...>   (the latter uses
# .cache/n8n-home as user folder unless N8N_USER_FOLDER is set, and the package `npm start`
# installed there when there is one).
#
# The functions leave shell options alone, so a sourcing script keeps its own `set -euo
# pipefail`; they return non-zero on failure.

N8N_RT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The n8n versions the package is tested on, with the Node each runs on and which one is the
# default (npm start, the end-to-end, browser and queue tests, the bench).
N8N_RT_VERSIONS_FILE="$N8N_RT_ROOT/scripts/n8n-runtime/versions.tsv"
N8N_RT_EXTENSION_DIR="${N8N_RT_EXTENSION_DIR:-$N8N_RT_ROOT/.cache/n8n-extension}"

_n8n_log() { echo "[n8n-runtime] $*" >&2; }

# The versions of the matrix, oldest first (column 1 of versions.tsv).
n8n_versions() {
  awk '!/^#/ && NF { print $1 }' "$N8N_RT_VERSIONS_FILE"
}

# The version whose role is "default" in versions.tsv (2.40.7 today).
n8n_default_version() {
  awk '!/^#/ && $3 == "default" { print $1 }' "$N8N_RT_VERSIONS_FILE"
}

# Selects the n8n version the other functions install and run (default: the default one):
# its manifest folder scripts/n8n-runtime/<version>/, its cached folder
# <cache>/n8n-runtime-<version>/ (gigabytes and minutes to install: the README's "Try it with
# the sandbox"; so one copy per machine, shared by every clone, worktree and CI run) and its Node. Exports N8N_RT_VERSION
# and N8N_RT_DIR so child processes (e.g. scripts/install-test/checks.mjs) see the same n8n.
n8n_use_version() {
  local version="${1:-}" node
  [ -n "$version" ] || version="$(n8n_default_version)"
  node="$(awk -v v="$version" '!/^#/ && $1 == v { print $2 }' "$N8N_RT_VERSIONS_FILE")"
  if [ -z "$node" ] || [ ! -f "$N8N_RT_ROOT/scripts/n8n-runtime/$version/package.json" ]; then
    _n8n_log "n8n $version is not in scripts/n8n-runtime/versions.tsv (known: $(n8n_versions | tr '\n' ' '))"
    return 1
  fi
  N8N_RT_VERSION="$version"
  N8N_RT_NODE_VERSION="$node"
  # The committed manifest (+ lockfile) the runtime folder is installed from.
  N8N_RT_MANIFEST_DIR="$N8N_RT_ROOT/scripts/n8n-runtime/$version"
  N8N_RT_DIR="$(bash "$N8N_RT_ROOT/scripts/cache-dir.sh")/n8n-runtime-$version"
  _N8N_RT_NODE_BIN=
  export N8N_RT_VERSION N8N_RT_DIR
}

# Bin folder of the Node the selected n8n runs on (fetched into the cache by
# scripts/node-bin.sh): Node 24 for n8n 2.x, Node 22 for n8n 1.123.
n8n_node_bin() {
  if [ -z "${_N8N_RT_NODE_BIN:-}" ]; then
    _N8N_RT_NODE_BIN="$(bash "$N8N_RT_ROOT/scripts/node-bin.sh" "$N8N_RT_NODE_VERSION")" || return 1
  fi
  echo "$_N8N_RT_NODE_BIN"
}

# Fingerprint of what the runtime folder was installed from: manifest, lockfile, Node.
_n8n_manifest_hash() {
  local bin
  bin="$(n8n_node_bin)" || return 1
  {
    cat "$N8N_RT_MANIFEST_DIR/package.json"
    [ -f "$N8N_RT_MANIFEST_DIR/package-lock.json" ] && cat "$N8N_RT_MANIFEST_DIR/package-lock.json"
    "$bin/node" --version
  } | sha256sum | cut -d' ' -f1
}

# Installs n8n into $N8N_RT_DIR unless the stamp says this manifest is already installed.
# First run: a download and a compile of sqlite3 (the README's "Try it with the sandbox" says
# how long). Serialised with flock
# so parallel test runs do not install over each other.
ensure_n8n() {
  local want stamp="$N8N_RT_DIR/.installed-manifest"
  want="$(_n8n_manifest_hash)" || return 1
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$N8N_RT_DIR/node_modules/n8n/bin/n8n" ]; then
    return 0
  fi
  mkdir -p "$N8N_RT_DIR" || return 1
  (
    set -euo pipefail
    exec 9>"$N8N_RT_DIR.lock"
    flock 9
    # Someone else may have finished the install while we waited for the lock.
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$N8N_RT_DIR/node_modules/n8n/bin/n8n" ]; then
      exit 0
    fi
    # The cache before the matrix held the default version in n8n-runtime/: reuse that install
    # (hard links: instant, no second 2.8 GB) when it was made from the same manifest and Node.
    legacy="$(dirname "$N8N_RT_DIR")/n8n-runtime"
    if [ -f "$legacy/.installed-manifest" ] && [ "$(cat "$legacy/.installed-manifest")" = "$want" ] && [ -f "$legacy/node_modules/n8n/bin/n8n" ]; then
      _n8n_log "Reusing the install in $legacy for n8n $N8N_RT_VERSION ..."
      rm -rf "$N8N_RT_DIR/node_modules"
      cp -al "$legacy/node_modules" "$legacy/package.json" "$legacy/package-lock.json" "$N8N_RT_DIR/"
      echo "$want" > "$stamp"
      exit 0
    fi
    bin="$(n8n_node_bin)"
    export PATH="$bin:$PATH"
    # Native modules must compile against this Node's headers, not the machine's Node.
    export npm_config_nodedir="$(dirname "$bin")"
    # Under `npm start` the parent npm exports its own settings (this repo's local prefix,
    # ignore-scripts from .npmrc, ...); drop them so they do not leak into this install.
    unset npm_config_local_prefix npm_config_prefix npm_config_ignore_scripts npm_package_json
    cd "$N8N_RT_DIR"
    rm -f "$stamp"
    cp "$N8N_RT_MANIFEST_DIR/package.json" package.json
    _n8n_log "Installing n8n $N8N_RT_VERSION into $N8N_RT_DIR (first time only; how long and how much disk: README, Try it with the sandbox) ..."
    start=$SECONDS
    # --ignore-scripts: some optional native modules (e.g. the Kafka client) try to
    # download prebuilt binaries from GitHub and then fail to compile. The one native
    # module n8n needs to start, sqlite3, is compiled explicitly below.
    if [ -f "$N8N_RT_MANIFEST_DIR/package-lock.json" ]; then
      cp "$N8N_RT_MANIFEST_DIR/package-lock.json" package-lock.json
      npm ci --prefix "$N8N_RT_DIR" --ignore-scripts --no-audit --no-fund --loglevel=error >&2
    else
      npm install --prefix "$N8N_RT_DIR" --ignore-scripts --no-audit --no-fund --loglevel=error >&2
      _n8n_log "No lockfile committed: copy $N8N_RT_DIR/package-lock.json to ${N8N_RT_MANIFEST_DIR#$N8N_RT_ROOT/}/ to pin this install."
    fi
    _n8n_log "Installed in $((SECONDS - start)) s. Compiling sqlite3 for Node $N8N_RT_NODE_VERSION (~1-4 min) ..."
    start=$SECONDS
    # --build-from-source: its prebuilt binaries would come from GitHub.
    # (npm 11 warns that it does not know these settings, but still hands them to the
    # build: filter the noise.)
    npm rebuild sqlite3 --prefix "$N8N_RT_DIR" --ignore-scripts=false --build-from-source \
      --no-audit --no-fund --loglevel=error 2>&1 | { grep -v 'Unknown .* config' || true; } >&2
    "$bin/node" -e 'require("sqlite3")' \
      || { _n8n_log "sqlite3 did not compile; see the output above."; exit 1; }
    _n8n_log "sqlite3 compiled in $((SECONDS - start)) s."
    echo "$want" > "$stamp"
  )
}

# Stages $N8N_RT_EXTENSION_DIR: this package's package.json and a copy of its dist/.
# Call it after each build; n8n reads the copy when it starts.
n8n_stage_extension() {
  local tmp
  if [ ! -d "$N8N_RT_ROOT/dist" ]; then
    _n8n_log "No dist/ in $N8N_RT_ROOT: build the package first (npm run build)."
    return 1
  fi
  tmp="$N8N_RT_EXTENSION_DIR.tmp.$$"
  rm -rf "$tmp" && mkdir -p "$tmp" || return 1
  cp "$N8N_RT_ROOT/package.json" "$tmp/package.json" &&
    cp -R "$N8N_RT_ROOT/dist" "$tmp/dist" || { rm -rf "$tmp"; return 1; }
  rm -rf "$N8N_RT_EXTENSION_DIR" && mv "$tmp" "$N8N_RT_EXTENSION_DIR"
}

# Prints the first port from $1 upwards (up to +200) that 127.0.0.1 can bind, skipping any
# further arguments (ports already promised to something else).
n8n_free_port() {
  local port="$1" limit=$(($1 + 200)) bin skip taken
  shift
  bin="$(n8n_node_bin)" || return 1
  while [ "$port" -lt "$limit" ]; do
    taken=0
    for skip in "$@"; do [ "$port" = "$skip" ] && taken=1; done
    if [ "$taken" = 0 ] && "$bin/node" -e '
      const s = require("net").createServer();
      s.once("error", () => process.exit(1));
      s.listen(Number(process.argv[1]), "127.0.0.1", () => s.close(() => process.exit(0)));
    ' "$port"; then
      echo "$port"
      return 0
    fi
    port=$((port + 1))
  done
  return 1
}

# Exports the environment of one n8n instance.
#   $1  user folder (n8n keeps its database, encryption key and settings in $1/.n8n)
#   $2  preferred editor port (default 5678; the next free one is taken if busy)
#   $3  preferred task-broker port (default 5679; likewise)
# Sets N8N_URL (editor address) too.
n8n_env() {
  local home="${1:?n8n_env: user folder required}" want_port="${2:-5678}" want_broker="${3:-5679}" port broker
  mkdir -p "$home" || return 1
  home="$(cd "$home" && pwd)"
  port="$(n8n_free_port "$want_port" "$want_broker")" || { _n8n_log "no free port from $want_port"; return 1; }
  # The task broker (the Code node's runner) listens on 5679 by default; give it a free
  # port of its own so several instances, or `n8n execute` next to `n8n start`, coexist.
  broker="$(n8n_free_port "$want_broker" "$port")" || return 1
  export N8N_USER_FOLDER="$home"
  export N8N_PORT="$port"
  export N8N_RUNNERS_BROKER_PORT="$broker"
  # Loopback only: this is a development instance with a demo login.
  export N8N_LISTEN_ADDRESS=127.0.0.1
  export N8N_HOST=127.0.0.1
  export N8N_PROTOCOL=http
  export N8N_EDITOR_BASE_URL="http://127.0.0.1:$port/"
  # n8n 2.x reads N8N_WEBHOOK_URL (and warns that WEBHOOK_URL is deprecated); 1.x reads WEBHOOK_URL.
  unset WEBHOOK_URL N8N_WEBHOOK_URL
  if [ "${N8N_RT_VERSION%%.*}" -ge 2 ]; then
    export N8N_WEBHOOK_URL="http://127.0.0.1:$port/"
    # n8n 2.x's registry of MCP servers reads its list from api.n8n.io at start (1.x has no such module).
    export N8N_DISABLED_MODULES="${N8N_DISABLED_MODULES:-mcp-registry}"
  else
    export WEBHOOK_URL="http://127.0.0.1:$port/"
  fi
  # Plain http on loopback: without this the editor refuses to log in over http.
  export N8N_SECURE_COOKIE=false
  export N8N_CUSTOM_EXTENSIONS="$N8N_RT_EXTENSION_DIR"
  # Offline: no telemetry, update checks, templates, banners or license renewals.
  export N8N_DIAGNOSTICS_ENABLED=false
  export N8N_VERSION_NOTIFICATIONS_ENABLED=false
  export N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED=false
  export N8N_TEMPLATES_ENABLED=false
  export N8N_HIRING_BANNER_ENABLED=false
  export N8N_DYNAMIC_BANNERS_ENABLED=false
  export N8N_PERSONALIZATION_ENABLED=false
  export N8N_LICENSE_AUTO_RENEW_ENABLED=false
  export N8N_AI_ENABLED=false
  export EXTERNAL_FRONTEND_HOOKS_URLS=
  # The list of verified community packages comes from api.n8n.io: not asked.
  export N8N_VERIFIED_PACKAGES_ENABLED=false
  # Values n8n 2.x asks to be set explicitly (its deprecation notice at start), as they are today.
  export N8N_UNVERIFIED_PACKAGES_ENABLED=true
  export N8N_RUNNERS_TASK_TIMEOUT="${N8N_RUNNERS_TASK_TIMEOUT:-300}"
  export N8N_COMPRESSION_NODE_MAX_DECOMPRESSED_SIZE_BYTES="${N8N_COMPRESSION_NODE_MAX_DECOMPRESSED_SIZE_BYTES:-2147483648}"
  export N8N_COMPRESSION_NODE_MAX_ZIP_ENTRIES="${N8N_COMPRESSION_NODE_MAX_ZIP_ENTRIES:-5000}"
  # Quieter and tidier: n8n otherwise warns about these defaults on every start.
  export N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=true
  export DB_SQLITE_POOL_SIZE="${DB_SQLITE_POOL_SIZE:-2}"
  export N8N_URL="http://127.0.0.1:$port"
}

# Runs the n8n CLI (arguments as given) with its Node and the current N8N_* environment.
n8n_cmd() {
  local bin
  bin="$(n8n_node_bin)" || return 1
  if [ -z "${N8N_USER_FOLDER:-}" ]; then
    _n8n_log "n8n_cmd: call n8n_env <user folder> first"
    return 1
  fi
  PATH="$bin:$PATH" "$bin/node" "$N8N_RT_DIR/node_modules/n8n/bin/n8n" "$@"
}

# Publishes (activates) the workflow with id $1 so its triggers run once n8n starts: n8n 2.x's
# `publish:workflow`; n8n 1.x has no such command and activates with `update:workflow --active`.
n8n_publish_workflow() {
  local id="${1:?n8n_publish_workflow: workflow id required}"
  if [ "${N8N_RT_VERSION%%.*}" -ge 2 ]; then
    n8n_cmd publish:workflow --id="$id"
  else
    n8n_cmd update:workflow --id="$id" --active=true
  fi
}

# Starts `n8n start` in the background in a process group of its own (so n8n_stop can
# end it together with its task runner). Output goes to $1. Sets N8N_PID (= the group id).
# Further arguments replace `start`, e.g. `n8n_start_bg "$log" worker --concurrency=5` for a
# queue-mode worker (scripts/queue-test.sh).
n8n_start_bg() {
  local log="${1:?n8n_start_bg: log file required}" bin
  shift
  [ "$#" -gt 0 ] || set -- start
  bin="$(n8n_node_bin)" || return 1
  PATH="$bin:$PATH" setsid "$bin/node" "$N8N_RT_DIR/node_modules/n8n/bin/n8n" "$@" >"$log" 2>&1 &
  N8N_PID=$!
  N8N_LOG="$log"
}

# GET $1, succeeds on a 2xx answer (Node's fetch: no curl needed).
n8n_http_ok() {
  "$(n8n_node_bin)/node" -e '
    fetch(process.argv[1], { signal: AbortSignal.timeout(3000) })
      .then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));
  ' "$1"
}

# Waits until $N8N_URL/healthz/readiness answers 200 (database migrated, nodes loaded),
# for at most $1 seconds (default 180). Fails early if the n8n started by n8n_start_bg died.
n8n_wait_ready() {
  local limit="${1:-180}" start=$SECONDS
  # Another instance that took the port meanwhile would answer too: with a log of ours, ready
  # means our n8n said so (a queue-mode worker, at its health port, says it in its own words).
  while ! { n8n_http_ok "$N8N_URL/healthz/readiness" && { [ -z "${N8N_LOG:-}" ] || grep -qsE 'Editor is now accessible via|n8n worker is now ready' "$N8N_LOG"; }; }; do
    if [ -n "${N8N_LOG:-}" ] && grep -qs "port .* is already in use" "$N8N_LOG"; then
      _n8n_log "another program took n8n's port $N8N_PORT meanwhile; try again"
      return 1
    fi
    if [ -n "${N8N_PID:-}" ] && ! kill -0 "$N8N_PID" 2>/dev/null; then
      _n8n_log "n8n exited during startup; last lines of ${N8N_LOG:-its log}:"
      [ -n "${N8N_LOG:-}" ] && tail -n 30 "$N8N_LOG" >&2
      return 1
    fi
    if [ $((SECONDS - start)) -ge "$limit" ]; then
      _n8n_log "n8n not ready after ${limit} s at $N8N_URL"
      return 1
    fi
    sleep 1
  done
}

# Stops a process group started with setsid: TERM, then KILL after $2 seconds (default 15).
n8n_kill_group() {
  local pgid="$1" grace="${2:-15}" i
  [ -n "$pgid" ] || return 0
  kill -TERM -- "-$pgid" 2>/dev/null || return 0
  for ((i = 0; i < grace * 4; i++)); do
    kill -0 -- "-$pgid" 2>/dev/null || return 0
    sleep 0.25
  done
  kill -KILL -- "-$pgid" 2>/dev/null || true
}

n8n_stop() {
  n8n_kill_group "${N8N_PID:-}" "${1:-15}"
  N8N_PID=
}

# The version asked for by N8N_RT_VERSION, else the default (whose folder an N8N_RT_DIR set
# by the caller replaces, as before the matrix).
if [ -n "${N8N_RT_DIR:-}" ] && [ -z "${N8N_RT_VERSION:-}" ]; then
  _n8n_rt_dir_asked="$N8N_RT_DIR"
  n8n_use_version && N8N_RT_DIR="$_n8n_rt_dir_asked"
  unset _n8n_rt_dir_asked
else
  n8n_use_version "${N8N_RT_VERSION:-}"
fi

# Called rather than sourced: a small command line.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  case "${1:-}" in
    ensure) ensure_n8n ;;
    # Installs every version of the matrix, one after another (the installs share 2 cores).
    ensure-all)
      for version in $(n8n_versions); do
        n8n_use_version "$version"
        ensure_n8n
      done
      ;;
    versions) n8n_versions ;;
    n8n)
      shift
      ensure_n8n
      home="${N8N_USER_FOLDER:-$N8N_RT_ROOT/.cache/n8n-home}"
      n8n_env "$home" "${N8N_PORT:-5678}"
      if [ -d "$home/.n8n/nodes/node_modules/n8n-nodes-estate-broker" ]; then
        # npm start's user folder: the package as start installed it there (typed n8n-nodes-estate-broker.*).
        source "$N8N_RT_ROOT/scripts/community-package.sh"
        community_env
      else
        n8n_stage_extension
      fi
      n8n_cmd "$@"
      ;;
    *)
      echo "usage: [N8N_RT_VERSION=<version>] bash scripts/n8n-runtime.sh ensure | ensure-all | versions | n8n <n8n arguments...>" >&2
      exit 2
      ;;
  esac
fi
