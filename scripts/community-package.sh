#!/usr/bin/env bash
# The package as users get it: packed by npm, installed into an n8n user folder the way
# Settings > Community Nodes installs it, and run in the real n8n next to the sandbox.
# Used by scripts/install-test.sh (npm run test:install) and meant for end-to-end tests.
#
#   source scripts/n8n-runtime.sh
#   source scripts/community-package.sh
#   tgz="$(community_pack "$work")"                  # build, npm pack into $work
#   community_install "$tgz" "$home"                 # into $home/.n8n/nodes/node_modules/<name>
#   sandbox_start_bg "$work/sandbox.log" 8190        # -> SANDBOX_PID, SANDBOX_URL
#   n8n_env "$home" 5790 && community_env            # n8n_env, minus the custom-extensions folder
#   ...; n8n_stop; sandbox_stop
#
# Like n8n-runtime.sh, the functions leave shell options alone and return non-zero on failure.

CP_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

_cp_log() { echo "[community-package] $*" >&2; }

# Builds the package and packs it into $1; prints the tarball's path. With more arguments,
# those files (paths inside the package, e.g. dist/nodes/shared/xml/vendor/fast-xml-parser.js)
# are left out of the tarball: to see that the install test notices a missing file.
community_pack() {
  local dest="${1:?community_pack: destination folder required}" stage name
  shift
  mkdir -p "$dest" || return 1
  dest="$(cd "$dest" && pwd)"
  bash "$CP_ROOT/scripts/with-node24.sh" gulp build >"$dest/build.log" 2>&1 \
    || { tail -n 30 "$dest/build.log" >&2; _cp_log "the build failed"; return 1; }
  if [ "$#" -eq 0 ]; then
    stage="$CP_ROOT"
  else
    # A copy of what npm would pack, less the named files, packed from there.
    stage="$dest/stage"
    rm -rf "$stage" && mkdir -p "$stage" || return 1
    cp "$CP_ROOT/package.json" "$CP_ROOT/README.md" "$CP_ROOT/LICENSE.md" "$stage/" || return 1
    [ -f "$CP_ROOT/CHANGELOG.md" ] && cp "$CP_ROOT/CHANGELOG.md" "$stage/"
    cp -R "$CP_ROOT/dist" "$stage/dist" || return 1
    for name in "$@"; do
      [ -e "$stage/$name" ] || { _cp_log "no $name in the package to leave out"; return 1; }
      rm -rf "${stage:?}/$name"
      _cp_log "left out of the tarball: $name"
    done
  fi
  # --ignore-scripts: the build above is the one that counts; npm pack prints the file name.
  name="$(cd "$stage" && PATH="$(n8n_node_bin):$PATH" npm pack --ignore-scripts --silent --pack-destination "$dest" 2>"$dest/pack.log" | tail -n 1)" \
    || { cat "$dest/pack.log" >&2; return 1; }
  [ -f "$dest/$name" ] || { cat "$dest/pack.log" >&2; _cp_log "npm pack made no tarball"; return 1; }
  echo "$dest/$name"
}

# Installs tarball $1 into the n8n user folder $2 with the steps n8n 2.40's community-package
# installer takes after `npm pack <name>@<version>` (CommunityPackagesService.downloadPackage):
# unpack into .n8n/nodes/node_modules/<name>, drop devDependencies, peerDependencies and
# optionalDependencies from its package.json, `npm install` there (runtime dependencies only,
# no scripts, no lockfile), and record the package in .n8n/nodes/package.json. No source
# tree, no dev dependencies: what a user's n8n has.
community_install() {
  local tgz="${1:?community_install: tarball required}" home="${2:?community_install: user folder required}"
  local nodes_dir bin name version target
  bin="$(n8n_node_bin)" || return 1
  [ -f "$tgz" ] || { _cp_log "no tarball at $tgz"; return 1; }
  nodes_dir="$home/.n8n/nodes"
  mkdir -p "$nodes_dir/node_modules" || return 1
  name="$(tar -xzOf "$tgz" package/package.json | "$bin/node" -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8")).name)')" || return 1
  case "$name" in n8n-nodes-*|@*/n8n-nodes-*) ;; *) _cp_log "n8n loads only packages named n8n-nodes-*, not $name"; return 1 ;; esac
  target="$nodes_dir/node_modules/$name"
  rm -rf "$target" && mkdir -p "$target" || return 1
  tar -xzf "$tgz" -C "$target" --strip-components=1 || return 1
  version="$("$bin/node" -e '
    const fs = require("fs");
    const file = process.argv[1];
    const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
    process.stdout.write(manifest.version);
  ' "$target/package.json")" || return 1
  (
    cd "$target" &&
      unset npm_config_local_prefix npm_config_prefix npm_package_json &&
      PATH="$bin:$PATH" npm install --audit=false --fund=false --bin-links=false --install-strategy=shallow \
        --ignore-scripts=true --package-lock=false --loglevel=error >&2
  ) || { _cp_log "npm install in $target failed"; return 1; }
  "$bin/node" -e '
    const fs = require("fs");
    const [file, name, version] = process.argv.slice(1);
    let manifest = { name: "installed-nodes", private: true, dependencies: {} };
    try { manifest = JSON.parse(fs.readFileSync(file, "utf8")); } catch {}
    manifest.dependencies = { ...manifest.dependencies, [name]: version };
    fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
  ' "$nodes_dir/package.json" "$name" "$version" || return 1
  COMMUNITY_PACKAGE_DIR="$target"
}

# After n8n_env: n8n loads the package from the user folder's nodes/, not from a custom
# extensions folder (which would type the nodes CUSTOM.* instead of <package>.*).
community_env() {
  unset N8N_CUSTOM_EXTENSIONS
  export N8N_COMMUNITY_PACKAGES_ENABLED=true
  export N8N_COMMUNITY_PACKAGES_PREVENT_LOADING=false
  # Never fetch packages from a registry at start (n8n's default too): loopback only.
  export N8N_REINSTALL_MISSING_PACKAGES=false
}

# Starts the sandbox (the emulated brokerage service, from this checkout) on 127.0.0.1 at
# the first free port from $2 (default 8190) in a process group of its own, with demo
# activity unless $3 is "quiet" (tests that count records make their own).
# Sets SANDBOX_PID (= its group id) and SANDBOX_URL once it listens.
sandbox_start_bg() {
  local log="${1:?sandbox_start_bg: log file required}" port i activity=(--activity)
  [ "${3:-}" = quiet ] && activity=()
  port="$(n8n_free_port "${2:-8190}" ${N8N_PORT:-} ${N8N_RUNNERS_BROKER_PORT:-})" || return 1
  (cd "$CP_ROOT" && exec setsid bash scripts/with-node24.sh ts-node --transpile-only sandbox/src/cli.ts \
    --port "$port" "${activity[@]}") >"$log" 2>&1 &
  SANDBOX_PID=$!
  for ((i = 0; i < 240; i++)); do
    if grep -q 'Sandbox listening on http' "$log"; then
      SANDBOX_URL="http://127.0.0.1:$port"
      return 0
    fi
    kill -0 "$SANDBOX_PID" 2>/dev/null || break
    sleep 0.5
  done
  tail -n 20 "$log" >&2
  _cp_log "the sandbox did not start"
  sandbox_stop
  return 1
}

sandbox_stop() {
  n8n_kill_group "${SANDBOX_PID:-}" 5
  SANDBOX_PID=
}

# Imports into the n8n of the current N8N_* environment the credentials a Node script ($1)
# prints as n8n's export JSON from the CRED_* variables its caller sets. They go through a
# private temporary file (they hold secrets), never echoed, removed after. $2: log file.
_credentials_import() {
  local script="$1" log="${2:-/dev/null}" file status
  file="$(umask 077 && mktemp "${TMPDIR:-/tmp}/estate-credential.XXXXXX.json")" || return 1
  "$(n8n_node_bin)/node" -e "$script" >"$file" && n8n_cmd import:credentials --input="$file" >>"$log" 2>&1
  status=$?
  rm -f "$file"
  return "$status"
}

# Imports the credential "Estate Broker Sandbox" for the sandbox at $1 (the demo user, office
# M30011), with id $2 (default estBrokerSandbox, the id the examples and `npm start` use).
# $3: log file; $4: its name.
sandbox_credential_import() {
  local url="${1:?sandbox_credential_import: sandbox url required}"
  CRED_ID="${2:-estBrokerSandbox}" CRED_NAME="${4:-Estate Broker Sandbox}" CRED_BASE_URL="$url" _credentials_import '
    process.stdout.write(JSON.stringify([{
      id: process.env.CRED_ID, name: process.env.CRED_NAME, type: "estateBrokerApi",
      data: { baseUrl: process.env.CRED_BASE_URL, username: "demo", password: "demo-password",
        apiKey: "demo-api-key", apiHeaderName: "X-Api-Key", customerId: "M30011" },
    }]));
  ' "${3:-/dev/null}"
}

# Imports the credential "Estate Broker Notification Secret" (the secret the notification
# triggers of the examples read): secret $1, id $2 (default estNotificationSecret, the id the
# examples use), log $3, name $4.
notification_secret_credential_import() {
  local secret="${1:?notification_secret_credential_import: secret required}"
  CRED_ID="${2:-estNotificationSecret}" CRED_NAME="${4:-Estate Broker Notification Secret}" CRED_SECRET="$secret" _credentials_import '
    process.stdout.write(JSON.stringify([{
      id: process.env.CRED_ID, name: process.env.CRED_NAME, type: "estateBrokerNotificationSecretApi",
      data: { secret: process.env.CRED_SECRET },
    }]));
  ' "${3:-/dev/null}"
}
