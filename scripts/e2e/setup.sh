#!/usr/bin/env bash
# Library of the end-to-end tests (scripts/e2e.sh, scripts/browser-test.sh; meant for the
# queue-mode test too): the packed package in a fresh n8n user folder, the sandbox without
# demo activity (the tests count the records they make), an SMTP receiver of the test's own,
# the credentials and the eight examples imported. Everything on 127.0.0.1. `npm start`
# (scripts/start.sh) takes its SMTP receiver and SMTP credential from here too.
#
#   source scripts/n8n-runtime.sh; source scripts/community-package.sh; source scripts/e2e/setup.sh
#   e2e_prepare "$work" 5890 5895 8290 2590   # n8n, task broker, sandbox, SMTP preferred ports
#   ... n8n_cmd execute / n8n_start_bg; node scripts/e2e/stories.mjs ...
#   e2e_stop
# Sets N8N_* (n8n_env), SANDBOX_URL, SMTP_PORT, MAIL_DIR, E2E_FILES_DIR, E2E_WORKFLOWS (the
# examples as imported). Returns non-zero with the reason on stderr when a part fails.

E2E_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# Ids the examples carry: the sandbox credential of `npm start`, and an SMTP credential to pick.
E2E_SMTP_CREDENTIAL_ID="estExampleSmtp"

_e2e_log() { echo "[e2e] $*" >&2; }

# Starts a helper of the test (a Node script and its arguments) in a process group of its own,
# output to $1, and waits until a line of it starts with $2 (up to 2 minutes: on a busy machine
# Node alone has taken over 30 s to start). Its group id in _E2E_STARTED.
_e2e_start_helper() {
  local log="$1" ready="$2" i
  shift 2
  setsid "$(n8n_node_bin)/node" "$@" >"$log" 2>&1 &
  _E2E_STARTED=$!
  for ((i = 0; i < 480; i++)); do
    grep -qs "^$ready" "$log" && return 0
    kill -0 "$_E2E_STARTED" 2>/dev/null || break
    sleep 0.25
  done
  cat "$log" >&2
  n8n_kill_group "$_E2E_STARTED" 5
  return 1
}

# The SMTP receiver (smtp-receiver.mjs) in a process group of its own; messages go to $2, on
# preferred port $3. With a preferred page port $4 (npm start), as .eml files with the mail page
# beside them (mail-page.mjs): its address in MAIL_PAGE_URL; arguments after $4 go to the
# receiver (npm start's posted messages and examples page).
smtp_start_bg() {
  local log="${1:?smtp_start_bg: log file required}" dir="${2:?smtp_start_bg: mail folder required}" port page_port
  local -a page=()
  port="$(n8n_free_port "${3:-2590}" ${N8N_PORT:-} ${N8N_RUNNERS_BROKER_PORT:-})" || return 1
  if [ -n "${4:-}" ]; then
    page_port="$(n8n_free_port "$4" "$port" ${N8N_PORT:-} ${N8N_RUNNERS_BROKER_PORT:-})" || return 1
    page=(--eml --http "$page_port" "${@:5}")
  fi
  _e2e_start_helper "$log" 'SMTP listening on' "$E2E_ROOT/scripts/e2e/smtp-receiver.mjs" --port "$port" --dir "$dir" "${page[@]}" || return 1
  SMTP_PID=$_E2E_STARTED SMTP_PORT="$port" MAIL_DIR="$dir"
  MAIL_PAGE_URL=
  [ "${#page[@]}" -eq 0 ] || MAIL_PAGE_URL="$(grep -o 'Mail page on http://[^ ]*' "$log" | head -n 1 | grep -o 'http://.*')"
}

smtp_stop() {
  n8n_kill_group "${SMTP_PID:-}" 5
  SMTP_PID=
}

# The secret of the credential the notification examples name (estNotificationSecret); the test
# looks for this text in n8n's database, saved executions and downloads (notifications.mjs).
E2E_NOTIFICATION_SECRET="e2eExampleSecret0123456789abcdef"

# The office's mailing tool and chat channel the notification examples call (posted-messages.mjs,
# which `npm start` serves beside its mail page).
tools_start_bg() {
  local log="${1:?tools_start_bg: log file required}" port
  port="$(n8n_free_port "${2:-2790}" ${N8N_PORT:-} ${N8N_RUNNERS_BROKER_PORT:-} ${SMTP_PORT:-})" || return 1
  _e2e_start_helper "$log" 'Posted messages listening on' "$E2E_ROOT/scripts/e2e/posted-messages.mjs" --port "$port" || return 1
  TOOLS_PID=$_E2E_STARTED TOOLS_URL="http://127.0.0.1:$port"
}

tools_stop() {
  n8n_kill_group "${TOOLS_PID:-}" 5
  TOOLS_PID=
}

# The SMTP credential the examples name ("SMTP account", id estExampleSmtp), pointing at the
# receiver (no TLS on loopback; a user name $2 so a check can see nodemailer logged in with it).
smtp_credential_import() {
  local log="${1:-/dev/null}" file status
  file="$(umask 077 && mktemp "${TMPDIR:-/tmp}/smtp-credential.XXXXXX.json")" || return 1
  CRED_ID="$E2E_SMTP_CREDENTIAL_ID" CRED_PORT="$SMTP_PORT" CRED_USER="${2:-e2e-office}" "$(n8n_node_bin)/node" -e '
    process.stdout.write(JSON.stringify([{
      id: process.env.CRED_ID, name: "SMTP account", type: "smtp",
      data: { host: "127.0.0.1", port: Number(process.env.CRED_PORT), secure: false, disableStartTls: true,
        user: process.env.CRED_USER, password: "local-smtp-password" },
    }]));
  ' >"$file" && n8n_cmd import:credentials --input="$file" >>"$log" 2>&1
  status=$?
  rm -f "$file"
  return "$status"
}

# The address the examples post to as delivered: the posted messages beside `npm start`'s mail page.
EXAMPLES_POSTED_URL="http://127.0.0.1:8025"

# The examples of examples/ as this machine runs them, written into $1 (emptied first): the
# opt-out file's path in n8n's files folder $2, the chat channel and mailing tool addresses at
# the posted messages of $3 (when it differs from EXAMPLES_POSTED_URL). With more arguments,
# only those files.
examples_localised() {
  local dest="${1:?examples_localised: folder required}" files="${2:?examples_localised: files folder required}" posted="${3:-}"
  rm -rf "$dest" && mkdir -p "$dest" || return 1
  "$(n8n_node_bin)/node" -e '
    const fs = require("fs"), path = require("path");
    const [from, to, files, delivered, posted, ...only] = process.argv.slice(1);
    for (const name of fs.readdirSync(from).filter((n) => n.endsWith(".json") && (!only.length || only.includes(n)))) {
      const workflow = JSON.parse(fs.readFileSync(path.join(from, name), "utf8"));
      for (const node of workflow.nodes) {
        if (node.type === "n8n-nodes-base.readWriteFile") node.parameters.fileSelector = path.join(files, path.basename(node.parameters.fileSelector));
        if (node.type === "n8n-nodes-base.httpRequest" && posted && node.parameters.url.startsWith(`${delivered}/`)) node.parameters.url = posted + node.parameters.url.slice(delivered.length);
      }
      fs.writeFileSync(path.join(to, name), JSON.stringify(workflow, null, 2));
    }
  ' "$E2E_ROOT/examples" "$dest" "$files" "$EXAMPLES_POSTED_URL" "$posted" "${@:4}"
}

# The examples as a user imports them, into $1 (a folder of their own), and imported into n8n:
# the opt-out file read from this run's files folder, the mailing tool and chat channel at
# posted-messages.mjs. The notification secret credential they name is imported first
# (E2E_NOTIFICATION_SECRET), as a user creates it: no workflow holds the secret.
e2e_import_examples() {
  local dest="${1:?e2e_import_examples: folder required}" log="${2:-/dev/null}"
  examples_localised "$dest" "$E2E_FILES_DIR" "${TOOLS_URL:-}" || return 1
  E2E_WORKFLOWS="$dest"
  notification_secret_credential_import "$E2E_NOTIFICATION_SECRET" estNotificationSecret "$log" || return 1
  n8n_cmd import:workflow --separate --input="$dest" >>"$log" 2>&1
}

# Everything up to a ready-to-run n8n user folder, in $1 (the run's work folder).
e2e_prepare() {
  local work="${1:?e2e_prepare: work folder required}" tgz
  E2E_HOME="$work/home"
  E2E_FILES_DIR="$work/files"
  mkdir -p "$E2E_FILES_DIR" || return 1
  ensure_n8n >"$work/ensure.log" 2>&1 || { tail -n 30 "$work/ensure.log" >&2; _e2e_log "the n8n runtime did not install"; return 1; }
  tgz="$(community_pack "$work")" || { _e2e_log "npm pack failed"; return 1; }
  community_install "$tgz" "$E2E_HOME" 2>"$work/install.log" || { tail -n 30 "$work/install.log" >&2; _e2e_log "the tarball did not install"; return 1; }
  n8n_env "$E2E_HOME" "${2:-5890}" "${3:-5895}" || return 1
  community_env
  # Read/Write Files from Disk may only reach this folder (n8n's default is ~/.n8n-files).
  export N8N_RESTRICT_FILE_ACCESS_TO="$E2E_FILES_DIR"
  sandbox_start_bg "$work/sandbox.log" "${4:-8290}" quiet || { _e2e_log "the sandbox did not start"; return 1; }
  smtp_start_bg "$work/smtp.log" "$work/mail" "${5:-2590}" || { _e2e_log "the SMTP receiver did not start"; return 1; }
  tools_start_bg "$work/tools.log" "${6:-2790}" || { _e2e_log "the office tools did not start"; return 1; }
  sandbox_credential_import "$SANDBOX_URL" estBrokerSandbox "$work/import.log" || { tail -n 30 "$work/import.log" >&2; _e2e_log "the sandbox credential did not import"; return 1; }
  smtp_credential_import "$work/import.log" || { tail -n 30 "$work/import.log" >&2; _e2e_log "the SMTP credential did not import"; return 1; }
  e2e_import_examples "$work/examples" "$work/import.log" || { tail -n 30 "$work/import.log" >&2; _e2e_log "the examples did not import"; return 1; }
}

# Stops what e2e_prepare and n8n_start_bg started, each by its process group.
e2e_stop() {
  n8n_stop 20
  sandbox_stop
  smtp_stop
  tools_stop
}
