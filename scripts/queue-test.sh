#!/usr/bin/env bash
# `npm run test:queue`: the package on n8n's queue mode, as offices that outgrow one process
# run it. Postgres and Redis (Debian's packages, installed when missing; throwaway instances
# on 127.0.0.1), one main instance (`n8n start`: editor, triggers) and two workers (`n8n worker`,
# one execution at a time each), all in queue mode on the same database, queue and encryption
# key, each with the packed tarball installed as users install it, and the sandbox. Then:
#   1. the New Bid trigger polls on the main instance; bids made one per poll each start one
#      execution, run on the workers (held mid-run in the sandbox so the second must go to
#      the other worker);
#   2. a worker is killed while it holds an execution: what n8n does with it is printed;
#   3. the main instance is stopped after a poll, bids are made while it is down, it starts
#      again: it resumes from the trigger's static data in Postgres;
#   4. every bid made was emitted in exactly one execution; both workers ran executions;
#   5. the examples of examples/ (published while the main instance was down) run on the
#      workers and are checked as the end-to-end test checks them (scripts/e2e/stories.mjs live);
#   6. notifications from the sandbox to the main instance's webhook: answered at once, each
#      change run in exactly one execution on a worker.
# Prints "ok - ..." / "not ok - ..." per check, what happened, and ends with "N passed, N failed".
# Everything it starts is stopped by process group at the end (also on failure or Ctrl-C).
#
#   bash scripts/queue-test.sh [--keep]     --keep: keep .cache/queue-test/run-* (logs, data)
# Ports (the first free ones from): main 5990, task brokers 5995, worker health 6090, sandbox
# 8390, Postgres 5932, Redis 6389. Loopback only.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/n8n-runtime.sh
source scripts/community-package.sh
source scripts/queue-services.sh
source scripts/test-report.sh
source scripts/e2e/setup.sh

keep=0
case "${1:-}" in
  --keep) keep=1 ;;
  "") ;;
  *) echo "usage: bash scripts/queue-test.sh [--keep]" >&2; exit 2 ;;
esac


PROCESSES=(main worker-1 worker-2)
declare -A PIDS=() PORTS=() BROKERS=() HEALTH=() STARTS=()
WORKER_LOGS=

stop_all() {
  local name
  n8n_kill_group "${STORY_PID:-}" 5
  for name in "${PROCESSES[@]}"; do
    n8n_kill_group "${PIDS[$name]:-}" 30
    PIDS[$name]=
  done
  sandbox_stop
  smtp_stop
  redis_stop
  postgres_stop
}
finish() {
  trap - EXIT INT TERM
  stop_all
  if [ "$keep" = 1 ]; then echo "work folder kept: ${work#$root/}" >&2; else rm -rf "$work"; fi
  echo "queue test took $((SECONDS - t0)) s" >&2
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

mkdir -p .cache/queue-test
work="$(mktemp -d "$root/.cache/queue-test/run-XXXXXX")"
# Postgres runs as its own user (it refuses root) and keeps its data below.
chmod 755 "$work"
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
t0=$SECONDS

# Ports promised so far, so no two processes are given the same one before they bind it.
taken=()
pick_port() {
  local port
  port="$(n8n_free_port "$2" "${taken[@]}")" || abort "a free port from $2"
  taken+=("$port")
  printf -v "$1" '%s' "$port"
}

# The environment of one n8n process: its user folder and ports, plus what all share.
use_process() {
  local name=$1
  n8n_env "$work/$name" "${PORTS[$name]}" "${BROKERS[$name]}" || return 1
  community_env
  if [ -n "${HEALTH[$name]:-}" ]; then export QUEUE_HEALTH_CHECK_PORT="${HEALTH[$name]}"; else unset QUEUE_HEALTH_CHECK_PORT; fi
}

# Starts process $1 (main: n8n start; worker-N: n8n worker) with a fresh log, waits until ready.
start_process() {
  local name=$1 log ready_url
  STARTS[$name]=$((${STARTS[$name]:-0} + 1))
  log="$work/$name.${STARTS[$name]}.log"
  use_process "$name" || return 1
  if [ "$name" = main ]; then
    n8n_start_bg "$log"
    ready_url="$N8N_URL"
  else
    # One execution at a time, so an execution held mid-run fills the worker.
    n8n_start_bg "$log" worker --concurrency=1
    WORKER_LOGS="${WORKER_LOGS:+$WORKER_LOGS,}$name=$log"
    ready_url="http://127.0.0.1:${HEALTH[$name]}"
  fi
  PIDS[$name]=$N8N_PID
  N8N_URL="$ready_url" n8n_wait_ready 300 || { tail -n 30 "$log" | sed 's/^/    /' >&2; return 1; }
  if grep -Eq 'Failed to load package|Skipping package|Unrecognized node type|Cannot find module' "$log"; then
    echo "    $name: $(grep -Em3 'Failed to load package|Skipping package|Unrecognized node type|Cannot find module' "$log" | tr '\n' ' ')" >&2
    return 1
  fi
}

# Every listening socket of the processes this test started (by process group) is on loopback.
check_loopback_only() {
  local groups=" ${PIDS[*]} $PG_PID $REDIS_PID $SANDBOX_PID " line addr pid pgid ours=() outside=()
  while read -r line; do
    addr="$(awk '{print $4}' <<<"$line")"
    for pid in $(grep -oE 'pid=[0-9]+' <<<"$line" | cut -d= -f2 | sort -u); do
      pgid="$(ps -o pgid= -p "$pid" | tr -d ' ')"
      case "$groups" in *" $pgid "*) ;; *) continue ;; esac
      case "$addr" in
        127.0.0.1:* | '[::1]:'* | '[::ffff:127.0.0.1]:'*) ours+=("$addr") ;;
        *) outside+=("$addr (pid $pid)") ;;
      esac
    done
  done < <(ss -Hltnp 2>/dev/null)
  echo "listening: $(printf '%s\n' "${ours[@]}" | sort -u | tr '\n' ' ')"
  # Those at least: Postgres, Redis, the sandbox, the editor, each worker's health and task broker
  # (the main instance runs no task broker when manual runs go to the workers).
  local port missing=()
  for port in "$PG_PORT" "$REDIS_PORT" "${SANDBOX_URL##*:}" "${PORTS[main]}" "${HEALTH[worker-1]}" "${HEALTH[worker-2]}" "${BROKERS[worker-1]}" "${BROKERS[worker-2]}"; do
    printf '%s\n' "${ours[@]}" | grep -qx "127.0.0.1:$port" || missing+=("$port")
  done
  if [ "${#outside[@]}" -eq 0 ] && [ "${#missing[@]}" -eq 0 ]; then
    ok "every port the test's processes listen on is on loopback (${#ours[@]} sockets)"
  else
    not_ok "every port the test's processes listen on is on loopback: outside ${outside[*]:-none}; not seen on loopback: ${missing[*]:-none}"
  fi
}

# A step of scripts/queue-test/story.mjs, shown as it runs. In the background and waited for,
# so Ctrl-C or a TERM reaches the traps at once (bash runs them only between commands).
story() {
  run_step "$1" scripts/queue-test/story.mjs "$1" "$work/story.json"
}
# $1: a name; the rest: a node script and its arguments.
run_step() {
  local step=$1 out="$work/story-$1.$((++story_runs)).out"
  shift
  : >"$out"
  N8N_URL="$main_url" WORKER_LOGS="$WORKER_LOGS" setsid "$node_bin/node" "$@" >"$out" 2>&1 &
  STORY_PID=$!
  tail -n +1 -f --pid="$STORY_PID" "$out" &
  local shown=$!
  wait "$STORY_PID"
  wait "$shown"
  STORY_PID=
  tally "$out" "queue story: $step"
  STORY_OUT="$out"
}
story_runs=0
STORY_PID=

# 1. Postgres, Redis, n8n, the tarball in each process's user folder.
queue_services_ensure >"$work/services.log" 2>&1 || abort "Postgres and Redis installed (Debian packages)" "$work/services.log"
ensure_n8n >"$work/ensure.log" 2>&1 || abort "n8n runtime installed (scripts/n8n-runtime.sh)" "$work/ensure.log"
node_bin="$(n8n_node_bin)"
postgres_start_bg "$work/postgres" 5932 2>"$work/postgres.err" || abort "Postgres starts on 127.0.0.1" "$work/postgres.err"
taken+=("$PG_PORT")
redis_start_bg "$work/redis" 6389 "${taken[@]}" 2>"$work/redis.err" || abort "Redis starts on 127.0.0.1" "$work/redis.err"
taken+=("$REDIS_PORT")
ok "Postgres ($(queue_sql 'show server_version')) on 127.0.0.1:$PG_PORT and Redis ($(redis-server --version | grep -o 'v=[^ ]*')) on 127.0.0.1:$REDIS_PORT, throwaway data"
queue_env
# Quicker than n8n's defaults (a minute's lock, a stalled check every 30 s) so the worker-kill
# step settles sooner; "Running at scale" in docs/reliability.md describes the defaults.
export QUEUE_WORKER_LOCK_DURATION=20000 QUEUE_WORKER_LOCK_RENEW_TIME=5000 QUEUE_WORKER_STALLED_INTERVAL=10000
# As docs/notifications.md advises for many notifications in queue mode: an expression isolate only where an expression runs.
export N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true

tgz="$(community_pack "$work")" || abort "npm pack made a tarball"
for name in "${PROCESSES[@]}"; do
  community_install "$tgz" "$work/$name" 2>>"$work/install.log" || abort "the tarball installs into $name's user folder" "$work/install.log"
done
ok "the packed tarball $(basename "$tgz") installed into the user folder of main, worker-1 and worker-2"

pick_port 'PORTS[main]' 5990
for name in "${PROCESSES[@]}"; do pick_port "BROKERS[$name]" 5995; done
for name in worker-1 worker-2; do
  pick_port "PORTS[$name]" 5990
  pick_port "HEALTH[$name]" 6090
done

# 2. The sandbox (no demo activity: the test counts the bids it makes), the credential and the
#    workflow, imported once into Postgres for every process.
use_process main || abort "free ports for n8n"
pick_port sandbox_port 8390
sandbox_start_bg "$work/sandbox.log" "$sandbox_port" quiet || abort "the sandbox starts" "$work/sandbox.log"
sandbox_credential_import "$SANDBOX_URL" estBrokerSandbox "$work/import.log" || abort "the credential imports into Postgres" "$work/import.log"
n8n_cmd import:workflow --input="$root/scripts/queue-test/workflows/newBidOnWorkers.json" >>"$work/import.log" 2>&1 \
  && n8n_cmd publish:workflow --id=estQueueNewBid >>"$work/import.log" 2>&1 \
  || abort "the New Bid workflow imports and publishes" "$work/import.log"
ok "credential and the New Bid workflow stored in Postgres (queue mode, one encryption key)"

# 3. Main, then the workers (the main instance migrates the database first).
start_process main || abort "the main instance starts in queue mode" "$work/main.1.log"
main_url="$N8N_URL"
for name in worker-1 worker-2; do
  start_process "$name" || abort "$name starts" "$work/$name.1.log"
done
ok "main instance (editor $main_url) and two workers (health on 127.0.0.1:${HEALTH[worker-1]} and :${HEALTH[worker-2]}) ready"
check_loopback_only
export OWNER_EMAIL="owner@queue-test.invalid" OWNER_PASSWORD="Queue-Test-1" WORKFLOW_ID=estQueueNewBid SANDBOX_URL E2E_NOTIFICATION_SECRET

# 4. Bids one per poll, spread over the workers.
echo "# trigger on the main instance, executions on the workers"
story spread

# 5. A worker killed mid-run.
echo "# a worker killed while it holds an execution"
story hold-one
victim="$(sed -n 's/^KILL //p' "$STORY_OUT")"
if [ -n "$victim" ] && [ -n "${PIDS[$victim]:-}" ]; then
  kill -KILL -- "-${PIDS[$victim]}" 2>/dev/null
  wait "${PIDS[$victim]}" 2>/dev/null
  PIDS[$victim]=
  echo "killed $victim (SIGKILL to its process group)"
  story after-kill
  start_process "$victim" || abort "$victim starts again" "$work/$victim.${STARTS[$victim]}.log"
  ok "$victim started again"
else
  not_ok "an execution was held on a worker to kill"
fi

# 6. The main instance restarted between polls: stopped after a poll, bids made meanwhile.
echo "# the main instance restarted between polls"
before="$(queue_sql "select \"staticData\" from workflow_entity where id = 'estQueueNewBid'")"
n8n_kill_group "${PIDS[main]}" 30
PIDS[main]=
# Meanwhile the examples, as the end-to-end test sets them up (scripts/e2e/setup.sh), stored in
# Postgres and published: the main instance activates them when it starts again.
use_process main || abort "free ports for n8n"
E2E_FILES_DIR="$work/files"
mkdir -p "$E2E_FILES_DIR"
smtp_start_bg "$work/smtp.log" "$work/mail" 2690 || abort "the SMTP receiver starts" "$work/smtp.log"
smtp_credential_import "$work/import.log" || abort "the SMTP credential imports" "$work/import.log"
e2e_import_examples "$work/examples" "$work/import.log" \
  && n8n_cmd import:workflow --separate --input="$root/scripts/e2e/workflows" >>"$work/import.log" 2>&1 \
  || abort "the examples import into Postgres" "$work/import.log"
for id in estExampleOptOutSync estExampleLeadRouting estE2eNewBidWatch estE2eNotificationCount; do
  n8n_cmd publish:workflow --id="$id" >>"$work/import.log" 2>&1 || abort "workflow $id publishes" "$work/import.log"
done
story bid
story bid
after_stop="$(queue_sql "select \"staticData\" from workflow_entity where id = 'estQueueNewBid'")"
echo "static data in Postgres while main is down: ${after_stop:0:300}"
if [ -n "$after_stop" ] && [ "$after_stop" != null ] && [ "$after_stop" = "$before" ]; then
  ok "the trigger's static data is in Postgres and unchanged while the main instance is down"
else
  not_ok "the trigger's static data is in Postgres: before stop ${before:0:120}, after ${after_stop:0:120}"
fi
start_process main || abort "the main instance starts again" "$work/main.${STARTS[main]}.log"
main_url="$N8N_URL"
story after-restart

# 7. Every bid once; both workers used.
echo "# tally"
story tally

# 8. The examples on the workers, checked by the end-to-end test's own stories.
echo "# the examples on the workers (scripts/e2e/stories.mjs live: opt-out webhook, lead routing, New Bid)"
run_step examples-live scripts/e2e/stories.mjs live "$main_url" "$SANDBOX_URL" "$MAIL_DIR" 2 1
story examples

echo "# notifications: the webhook taken on the main instance, each run once on a worker"
story notifications

finish
