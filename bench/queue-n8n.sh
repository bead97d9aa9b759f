#!/usr/bin/env bash
# For `npm run bench -- notifications`: n8n in queue mode on this machine, as an office that
# takes many notifications runs it: Postgres and Redis (scripts/queue-services.sh), one main
# instance that takes the webhooks and one worker that runs the executions (20 at a time), the
# staged package. The caller's environment goes to every process (e.g. N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE).
#
#   bash bench/queue-n8n.sh <work folder> <import folder> <workflow id to publish>...
#
# Imports credentials.json and the workflows of the import folder, publishes the ids given,
# starts everything, and prints "PIDS <process groups>" and "URL <main instance>". The caller
# stops each group (n8n_kill_group); on a failure here, what was started is stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/n8n-runtime.sh
source scripts/queue-services.sh

work="$(mkdir -p "$1" && cd "$1" && pwd)"
files=$2
shift 2
# Postgres runs as its own user (it refuses root) and keeps its data below.
chmod 755 "$work"
groups=()
stop_started() {
  local group
  for group in "${groups[@]}"; do n8n_kill_group "$group" 20; done
}
trap 'stop_started' ERR

queue_services_ensure >"$work/services.log" 2>&1
ensure_n8n >"$work/ensure.log" 2>&1
n8n_stage_extension
postgres_start_bg "$work/postgres" 5932 2>"$work/postgres.err"
groups+=("$PG_PID")
redis_start_bg "$work/redis" 6389 "$PG_PORT" 2>"$work/redis.err"
groups+=("$REDIS_PID")
queue_env

n8n_env "$work/main" 5700 5750 >/dev/null
n8n_cmd import:credentials --input="$files/credentials.json" >"$work/import.log" 2>&1
n8n_cmd import:workflow --separate --input="$files" >>"$work/import.log" 2>&1
for id in "$@"; do n8n_cmd publish:workflow --id="$id" >>"$work/import.log" 2>&1; done
n8n_start_bg "$work/main.log"
groups+=("$N8N_PID")
main_url=$N8N_URL

n8n_env "$work/worker" 5800 5850 >/dev/null
export QUEUE_HEALTH_CHECK_PORT
QUEUE_HEALTH_CHECK_PORT="$(n8n_free_port 6090 "$PG_PORT" "$REDIS_PORT")"
n8n_start_bg "$work/worker.log" worker --concurrency=20
groups+=("$N8N_PID")
N8N_URL="http://127.0.0.1:$QUEUE_HEALTH_CHECK_PORT" n8n_wait_ready 300
N8N_LOG="$work/main.log" N8N_URL="$main_url" n8n_wait_ready 300

echo "PIDS ${groups[*]}"
echo "URL $main_url"
