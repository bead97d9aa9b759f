#!/usr/bin/env bash
# npm start: this package inside a real n8n, talking to the sandbox brokerage server.
#   1. Node 24 (scripts/node24.sh)
#   2. the package built and packed (npm pack), the tarball installed into the user folder's
#      .n8n/nodes as Settings > Community Nodes installs it (scripts/community-package.sh):
#      n8n types the nodes n8n-nodes-estate-broker.*, as in the examples and users' workflows
#   3. n8n 2.x into the machine-wide cache (scripts/cache-dir.sh; first run only: how long and
#      how much disk, README "Try it with the sandbox")
#   4. the sandbox server on 127.0.0.1 with demo activity, and a mail receiver on 127.0.0.1
#      (scripts/e2e/smtp-receiver.mjs, as the end-to-end tests use it): what n8n sends by e-mail
#      is kept as .eml files in <user folder>/mail and shown on a small page (mail-page.mjs),
#      beside it the posted messages (what the examples sent to the chat channel and the mailing
#      tool, posted-messages.mjs, kept in <user folder>/posted) and a page with a button per
#      example that sets it off (try-examples.mjs)
#   5. n8n on 127.0.0.1 with the package, a credential for the sandbox, the SMTP credential and
#      the notification secret credential the examples name (a random secret made once, kept in
#      the user folder's notification-secret file), the eight examples imported (not published;
#      one the user changed is kept: scripts/start-examples.mjs), n8n's files folder
#      <user folder>/files (the opt-out example reads its spreadsheet there) and a local owner
#      login, then waits. Ctrl-C stops all three.
# Settings (environment): ESTATE_SANDBOX_PORT (8091), ESTATE_N8N_PORT (5678),
# ESTATE_SMTP_PORT (2525), ESTATE_MAIL_PAGE_PORT (8025),
# ESTATE_N8N_OWNER_EMAIL / ESTATE_N8N_OWNER_PASSWORD (the local editor login),
# ESTATE_N8N_HOME (n8n's user folder, default .cache/n8n-home; the browser test uses its own),
# GENERIC_TIMEZONE (n8n's default time zone for workflows; Europe/Stockholm unless set).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=scripts/n8n-runtime.sh
source "$root/scripts/n8n-runtime.sh"
# shellcheck source=scripts/community-package.sh
source "$root/scripts/community-package.sh"
# shellcheck source=scripts/e2e/setup.sh
source "$root/scripts/e2e/setup.sh"

SANDBOX_PORT_WANTED="${ESTATE_SANDBOX_PORT:-8091}"
N8N_PORT_WANTED="${ESTATE_N8N_PORT:-5678}"
SMTP_PORT_WANTED="${ESTATE_SMTP_PORT:-2525}"
MAIL_PAGE_PORT_WANTED="${ESTATE_MAIL_PAGE_PORT:-8025}"
OWNER_EMAIL="${ESTATE_N8N_OWNER_EMAIL:-owner@estate-broker.test}"
# A throwaway login for an editor that only listens on 127.0.0.1 (n8n requires 8+
# characters with a number and an upper-case letter).
OWNER_PASSWORD="${ESTATE_N8N_OWNER_PASSWORD:-Sandbox-Owner-1}"
# Persistent: the owner account, the encryption key and the user's workflows survive.
N8N_HOME="${ESTATE_N8N_HOME:-$root/.cache/n8n-home}"
LOG_DIR="${ESTATE_N8N_HOME:+$N8N_HOME/logs}"
LOG_DIR="${LOG_DIR:-$root/.cache/logs}"
# Where each start packs the package (the tarball is kept for a look).
PACK_DIR="${ESTATE_N8N_HOME:+$N8N_HOME/pack}"
PACK_DIR="${PACK_DIR:-$root/.cache/start}"
# Fixed id so that re-importing on every start overwrites instead of duplicating.
CREDENTIAL_ID="estBrokerSandbox"
CREDENTIAL_NAME="Estate Broker Sandbox"
SECRET_CREDENTIAL_ID="estNotificationSecret"
SECRET_CREDENTIAL_NAME="Estate Broker Notification Secret"
# Made once per user folder (readable by its owner only), so receiver URLs handed to the sandbox stay valid.
SECRET_FILE="$N8N_HOME/notification-secret"
# The mail n8n sends through the SMTP credential the examples name ("SMTP account", estExampleSmtp).
MAIL_FOLDER="$N8N_HOME/mail"
# What the examples posted to the chat channel and the mailing tool (posted-messages.mjs).
POSTED_FOLDER="$N8N_HOME/posted"
# n8n's files folder: the only one its file nodes may read (the opt-out example's spreadsheet).
FILES_FOLDER="$N8N_HOME/files"
# The examples as imported (the files path and the posted messages' address of this start).
EXAMPLES_FOLDER="$N8N_HOME/examples"

step() { echo "==> $*" >&2; }
fail() { echo "start: $*" >&2; exit 1; }

# Rewrites, in n8n's SQLite database $1 (if there is one), the node types CUSTOM.estateBroker*
# (what n8n saves when it loads the package as a custom extension, as a development setup may) to the
# package's n8n-nodes-estate-broker.estateBroker*: in the workflows and in their saved
# versions (the published one included). Prints how many rows changed (0 once done). n8n is
# not running yet; past executions keep what they recorded.
start_retype_saved_workflows() {
  local db="$1"
  [ -f "$db" ] || { echo 0; return 0; }
  "$(n8n_node_bin)/node" -e '
    const sqlite3 = require(process.argv[1]);
    const db = new sqlite3.Database(process.argv[2]);
    const all = (sql, args = []) => new Promise((ok, no) => db.all(sql, args, (e, rows) => (e ? no(e) : ok(rows))));
    const run = (sql, args = []) => new Promise((ok, no) => db.run(sql, args, (e) => (e ? no(e) : ok())));
    const retyped = (nodes) => nodes.map((node) => (/^CUSTOM\.estateBroker/.test(node.type) ? { ...node, type: node.type.replace(/^CUSTOM\./, "n8n-nodes-estate-broker.") } : node));
    (async () => {
      let changed = 0;
      const tables = (await all("SELECT name FROM sqlite_master WHERE type = ?", ["table"])).map((t) => t.name);
      for (const [table, key] of [["workflow_entity", "id"], ["workflow_history", "versionId"]]) {
        if (!tables.includes(table)) continue;
        for (const row of await all(`SELECT ${key} AS k, nodes FROM ${table} WHERE nodes LIKE ?`, ["%CUSTOM.estateBroker%"])) {
          await run(`UPDATE ${table} SET nodes = ? WHERE ${key} = ?`, [JSON.stringify(retyped(JSON.parse(row.nodes))), row.k]);
          changed++;
        }
      }
      db.close();
      console.log(changed);
    })().catch((error) => { console.error(`start: ${error.message}`); process.exit(1); });
  ' "$N8N_RT_DIR/node_modules/sqlite3" "$db"
}

# Imports the examples (examples_localised: the files folder and the posted messages' address
# of this start) that are new in n8n or changed in examples/, leaving alone one the user changed
# in n8n; prints a line per example. n8n is not running yet.
start_import_examples() {
  local db="$N8N_HOME/.n8n/database.sqlite" record="$N8N_HOME/examples-imported.json" plan action file id name
  local -a imported=()
  examples_localised "$EXAMPLES_FOLDER" "$FILES_FOLDER" "${MAIL_PAGE_URL%/}" || return 1
  plan="$("$(n8n_node_bin)/node" scripts/start-examples.mjs plan "$db" "$record" "$EXAMPLES_FOLDER")" || return 1
  mkdir -p "$EXAMPLES_FOLDER/import" || return 1
  while IFS=$'\t' read -r action file id name; do
    case "$action" in
      new | update) cp "$EXAMPLES_FOLDER/$file" "$EXAMPLES_FOLDER/import/" && imported+=("$file") ;;
    esac
  done <<<"$plan"
  if [ "${#imported[@]}" -gt 0 ]; then
    n8n_cmd import:workflow --separate --input="$EXAMPLES_FOLDER/import" >>"$LOG_DIR/import-examples.log" 2>&1 || return 1
    "$(n8n_node_bin)/node" scripts/start-examples.mjs record "$db" "$record" "$EXAMPLES_FOLDER/import" "${imported[@]}" || return 1
  fi
  rm -rf "$EXAMPLES_FOLDER/import"
  while IFS=$'\t' read -r action file id name; do
    case "$action" in
      new) echo "    imported      \"$name\" (examples/$file)" >&2 ;;
      update) echo "    updated       \"$name\" (examples/$file changed)" >&2 ;;
      unchanged) echo "    as imported   \"$name\"" >&2 ;;
      kept) echo "    kept as is    \"$name\": changed in n8n since it was imported (examples/$file is the original)" >&2 ;;
    esac
  done <<<"$plan"
  EXAMPLES_PLAN="$plan"
}

SANDBOX_PID=
N8N_PID=
SMTP_PID=
cleanup() {
  trap - EXIT INT TERM
  if [ -n "$N8N_PID$SANDBOX_PID$SMTP_PID" ]; then
    echo >&2
    step "Stopping n8n, the sandbox and the mail receiver ..."
  fi
  # Each runs in a process group of its own (setsid): kill the whole groups, which takes
  # n8n's task runner and ts-node's children along.
  n8n_kill_group "$N8N_PID" 20
  n8n_kill_group "$SANDBOX_PID" 5
  smtp_stop
  N8N_PID= SANDBOX_PID=
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM

t0=$SECONDS
mkdir -p "$LOG_DIR" "$N8N_HOME" "$FILES_FOLDER"

step "1/5 Node 24"
node_bin="$(n8n_node_bin)"
echo "    $("$node_bin/node" --version) in ${node_bin#$root/}" >&2

step "2/5 Building and packing the package, installing the tarball as Community Nodes does"
tgz="$(community_pack "$PACK_DIR")" || fail "building or packing the package failed (log: ${PACK_DIR#$root/}/build.log)."
community_install "$tgz" "$N8N_HOME" 2>"$LOG_DIR/install.log" || { tail -n 20 "$LOG_DIR/install.log" >&2; fail "installing the tarball into ${N8N_HOME#$root/}/.n8n/nodes failed."; }
echo "    $(basename "$tgz") -> ${COMMUNITY_PACKAGE_DIR#$root/}" >&2
# Every file the package declares should exist, or n8n silently lacks that node.
missing="$(cd "$COMMUNITY_PACKAGE_DIR" && "$node_bin/node" -e '
  const fs = require("fs");
  const n8n = require("./package.json").n8n || {};
  const files = [...(n8n.credentials || []), ...(n8n.nodes || [])];
  console.log(files.filter((f) => !fs.existsSync(f)).join(" "));
')"
# Declared but not built: warn loudly rather than refuse, so the rest stays usable while a
# node is still being written; n8n will simply not offer the missing ones.
[ -z "$missing" ] || echo "    WARNING: package.json's n8n block lists files the build did not produce: $missing" >&2
# n8n's installer leaves out peer dependencies (n8n-workflow is n8n's own): nothing else may land there.
extra="$(cd "$N8N_HOME/.n8n/nodes/node_modules" && ls -A | grep -v '^\.' | grep -vx 'n8n-nodes-estate-broker' || true)$(ls -A "$COMMUNITY_PACKAGE_DIR/node_modules" 2>/dev/null || true)"
[ -z "$extra" ] || echo "    WARNING: the install brought packages n8n would load beside its own: $extra" >&2

step "3/5 n8n runtime"
ensure_n8n
echo "    n8n $("$node_bin/node" -p 'require(process.argv[1]).version' "$N8N_RT_DIR/node_modules/n8n/package.json") in ${N8N_RT_DIR#$root/}" >&2
# Workflows saved with the package loaded as a custom extension (types CUSTOM.estateBroker*) would
# open with unknown ("?") nodes under the installed package: rewritten once to the package's types.
rewritten="$(start_retype_saved_workflows "$N8N_HOME/.n8n/database.sqlite")" || fail "rewriting the node types of saved workflows failed (see above)."
[ "${rewritten:-0}" = 0 ] || echo "    $rewritten saved workflow(s) and version(s) of an earlier npm start: node types CUSTOM.estateBroker* -> n8n-nodes-estate-broker.estateBroker*" >&2

step "4/5 Sandbox server and mail receiver"
[ -f sandbox/src/cli.ts ] || fail "sandbox/src/cli.ts not found: the sandbox server is not in this checkout."
sandbox_port="$(n8n_free_port "$SANDBOX_PORT_WANTED")" || fail "no free port for the sandbox from $SANDBOX_PORT_WANTED"
[ "$sandbox_port" = "$SANDBOX_PORT_WANTED" ] || echo "    port $SANDBOX_PORT_WANTED is busy, using $sandbox_port" >&2
# Editor and task-broker ports, chosen before the sandbox takes its port.
n8n_env "$N8N_HOME" "$N8N_PORT_WANTED"
community_env
export N8N_RESTRICT_FILE_ACCESS_TO="$FILES_FOLDER"
# The office's zone: what a workflow without a Timezone setting of its own runs on (n8n's
# default is America/New_York); the examples carry Europe/Stockholm themselves as well.
export GENERIC_TIMEZONE="${GENERIC_TIMEZONE:-Europe/Stockholm}"
[ "$N8N_PORT" = "$N8N_PORT_WANTED" ] || echo "    port $N8N_PORT_WANTED is busy, n8n will use $N8N_PORT" >&2
sandbox_log="$LOG_DIR/sandbox.log"
setsid bash scripts/with-node24.sh ts-node --transpile-only sandbox/src/cli.ts \
  --port "$sandbox_port" --activity >"$sandbox_log" 2>&1 &
SANDBOX_PID=$!

# While the sandbox boots: the credential, imported the way every test script imports it
# (a private temporary file, removed after; the demo password and API key are never echoed).
sandbox_url="http://127.0.0.1:$sandbox_port"
if ! sandbox_credential_import "$sandbox_url" "$CREDENTIAL_ID" "$LOG_DIR/import-credentials.log" "$CREDENTIAL_NAME"; then
  tail -n 20 "$LOG_DIR/import-credentials.log" >&2
  fail "importing the credential into n8n failed."
fi
echo "    credential \"$CREDENTIAL_NAME\" -> $sandbox_url" >&2
if [ ! -s "$SECRET_FILE" ]; then
  (umask 077 && "$node_bin/node" -e 'process.stdout.write(require("crypto").randomBytes(24).toString("base64url"))' >"$SECRET_FILE") || fail "making the notification secret failed."
fi
notification_secret_credential_import "$(cat "$SECRET_FILE")" "$SECRET_CREDENTIAL_ID" "$LOG_DIR/import-credentials.log" "$SECRET_CREDENTIAL_NAME" || {
  tail -n 20 "$LOG_DIR/import-credentials.log" >&2
  fail "importing the notification secret credential into n8n failed."
}
echo "    credential \"$SECRET_CREDENTIAL_NAME\" (its secret in ${SECRET_FILE#$root/})" >&2

# The sandbox prints "Sandbox listening on http://127.0.0.1:PORT" once it accepts requests.
for ((i = 0; i < 120; i++)); do
  grep -q 'Sandbox listening on http' "$sandbox_log" && break
  kill -0 "$SANDBOX_PID" 2>/dev/null || { tail -n 30 "$sandbox_log" >&2; fail "the sandbox server exited."; }
  sleep 0.5
done
grep -q 'Sandbox listening on http' "$sandbox_log" || { tail -n 30 "$sandbox_log" >&2; fail "the sandbox server did not start within 60 s."; }
echo "    $(grep -o 'Sandbox listening on http[^ ]*' "$sandbox_log" | head -n 1)" >&2

# The mail receiver (SMTP on 127.0.0.1 without TLS: nothing leaves this machine) and the SMTP
# credential the e-mail examples name, pointing at it (rewritten at every start, as the sandbox's).
smtp_start_bg "$LOG_DIR/mail.log" "$MAIL_FOLDER" "$SMTP_PORT_WANTED" "$MAIL_PAGE_PORT_WANTED" \
  --posted "$POSTED_FOLDER" --try --sandbox "$sandbox_url" --n8n "$N8N_URL" \
  --secret-file "$SECRET_FILE" --files "$FILES_FOLDER" --examples "$root/examples" \
  || fail "the mail receiver did not start (log: ${LOG_DIR#$root/}/mail.log)."
if ! smtp_credential_import "$LOG_DIR/import-credentials.log" n8n-start; then
  tail -n 20 "$LOG_DIR/import-credentials.log" >&2
  fail "importing the SMTP credential into n8n failed."
fi
echo "    credential \"SMTP account\" -> 127.0.0.1:$SMTP_PORT; mail page $MAIL_PAGE_URL" >&2
echo "    the examples (not published):" >&2
start_import_examples || { tail -n 20 "$LOG_DIR/import-examples.log" >&2 2>/dev/null; fail "importing the examples into n8n failed (log: ${LOG_DIR#$root/}/import-examples.log)."; }

step "5/5 n8n (first start migrates its database: ~40 s)"
n8n_start_bg "$LOG_DIR/n8n.log"
n8n_wait_ready 240 || fail "n8n did not start (log: ${N8N_LOG#$root/})."

# The owner account, so the editor shows a login page rather than the sign-up form.
# Created once through the same endpoint the sign-up form uses; an owner already set up
# (by an earlier run or by hand) is left alone.
owner_state="$(OWNER_EMAIL="$OWNER_EMAIL" OWNER_PASSWORD="$OWNER_PASSWORD" "$node_bin/node" -e '
  const url = process.env.N8N_URL, e = process.env;
  (async () => {
    const settings = await (await fetch(`${url}/rest/settings`)).json();
    if (!settings.data.userManagement.showSetupOnFirstLoad) return console.log("existing");
    const res = await fetch(`${url}/rest/owner/setup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: e.OWNER_EMAIL, firstName: "Estate", lastName: "Owner", password: e.OWNER_PASSWORD }),
    });
    if (!res.ok) throw new Error(`owner setup answered ${res.status}: ${await res.text()}`);
    console.log("created");
  })().catch((err) => { console.error(err.message); console.log("failed"); });
')"

cat >&2 <<EOF

n8n with n8n-nodes-estate-broker is running (ready after $((SECONDS - t0)) s).
  Package:     installed from its tarball as a community package: nodes typed n8n-nodes-estate-broker.*
  Editor:      $N8N_URL/
EOF
case "$owner_state" in
  created) echo "  Login:       $OWNER_EMAIL / $OWNER_PASSWORD  (owner account created just now)" >&2 ;;
  existing) echo "  Login:       the owner account of .cache/n8n-home (default $OWNER_EMAIL / $OWNER_PASSWORD)" >&2 ;;
  *) echo "  Login:       could not create the owner account; the editor will ask you to set one up" >&2 ;;
esac
cat >&2 <<EOF
  Time zone:   $GENERIC_TIMEZONE  (n8n's default for workflows, GENERIC_TIMEZONE; each example sets Europe/Stockholm)
  Sandbox:     $sandbox_url  (demo activity on)
  Credentials: "$CREDENTIAL_NAME" (Estate Broker API) -> $sandbox_url
               "$SECRET_CREDENTIAL_NAME" (the notification examples' secret: ${SECRET_FILE#$root/})
  Mail:        $MAIL_PAGE_URL  the e-mail the workflows send (credential "SMTP account",
               127.0.0.1:$SMTP_PORT), kept as .eml files in ${MAIL_FOLDER#$root/}/; none leaves this machine
  Posted:      ${MAIL_PAGE_URL}posted  what the examples sent to the chat channel and the mailing tool
  Try:         ${MAIL_PAGE_URL}try  a button per example that sets it off
  Examples:    the eight examples, imported (not published):
EOF
while IFS=$'\t' read -r action file id name; do
  echo "               $N8N_URL/workflow/$id  $name" >&2
done <<<"$EXAMPLES_PLAN"
cat >&2 <<EOF
  Files:       ${FILES_FOLDER#$root/}/  n8n's files folder (the opt-out example reads opt-outs.csv or .xlsx there)
  Logs:        ${LOG_DIR#$root/}/n8n.log, ${LOG_DIR#$root/}/sandbox.log, ${LOG_DIR#$root/}/mail.log
Press Ctrl-C to stop all three.
EOF

# Run until Ctrl-C, or until any of them dies (then stop the others too).
set +e
wait -n "$N8N_PID" "$SANDBOX_PID" "$SMTP_PID"
status=$?
set -e
if ! kill -0 "$SMTP_PID" 2>/dev/null; then
  echo "start: the mail receiver stopped (exit $status); last lines of its log:" >&2
  tail -n 20 "$LOG_DIR/mail.log" >&2
elif kill -0 "$N8N_PID" 2>/dev/null; then
  echo "start: the sandbox server stopped (exit $status); last lines of its log:" >&2
  tail -n 20 "$sandbox_log" >&2
else
  echo "start: n8n stopped (exit $status); last lines of its log:" >&2
  tail -n 20 "$N8N_LOG" >&2
fi
exit 1
