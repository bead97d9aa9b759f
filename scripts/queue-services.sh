#!/usr/bin/env bash
# What n8n's queue mode needs beside n8n: Postgres (workflows, credentials, executions, static
# data) and Redis (the queue), from Debian's packages, each a throwaway instance on 127.0.0.1
# at a free port, with its data in a folder of the caller's. Used by scripts/queue-test.sh.
#
#   source scripts/n8n-runtime.sh; source scripts/queue-services.sh
#   queue_services_ensure                     # apt-get install postgresql redis-server if missing
#   postgres_start_bg "$work/pg" 5932         # -> PG_PID, PG_PORT, PG_PASSWORD; database "n8n"
#   redis_start_bg "$work/redis" 6389         # -> REDIS_PID, REDIS_PORT
#   queue_env                                 # EXECUTIONS_MODE=queue, DB_*, QUEUE_BULL_*, key
#   queue_sql "select count(*) from execution_entity"
#   redis_stop; postgres_stop
#
# Like n8n-runtime.sh, the functions leave shell options alone and return non-zero on failure.

_qs_log() { echo "[queue-services] $*" >&2; }

# Postgres's programs: Debian puts them in /usr/lib/postgresql/<version>/bin, off PATH.
_qs_pg_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -n "$dir" ] && [ -x "$dir/postgres" ]; then echo "$dir"; return 0; fi
  dir="$(dirname "$(command -v postgres 2>/dev/null)")"
  [ -x "$dir/postgres" ] && [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  return 1
}

_qs_have_services() { _qs_pg_bin >/dev/null && command -v redis-server >/dev/null && command -v redis-cli >/dev/null; }

# Installs Debian's postgresql and redis-server when either is missing (needs root). The
# packages' own services are not started (policy-rc.d says no while installing): the test
# runs instances of its own, and nothing else should listen.
queue_services_ensure() {
  _qs_have_services && return 0
  if [ "$(id -u)" != 0 ]; then
    _qs_log "Postgres or Redis is missing and this is not root: install the Debian packages postgresql and redis-server."
    return 1
  fi
  local policy=/usr/sbin/policy-rc.d made_policy=0 status
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy" && made_policy=1
  fi
  _qs_log "Installing postgresql and redis-server from Debian's packages ..."
  {
    apt-get update -q &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql redis-server
  } >&2
  status=$?
  [ "$made_policy" = 1 ] && rm -f "$policy"
  [ "$status" -eq 0 ] && _qs_have_services || { _qs_log "the install failed"; return 1; }
}

# Runs a Postgres program as the postgres user when root (Postgres refuses to run as root).
_qs_as_pg() {
  if [ "$(id -u)" = 0 ]; then
    setpriv --reuid=postgres --regid=postgres --init-groups "$@"
  else
    "$@"
  fi
}

# Waits up to 2 minutes for a server ($1, process $2, log $3) to answer the command that
# follows (env assignments first allowed); fails at once if it exits, with its log's tail.
_qs_wait_up() {
  local what=$1 pid=$2 log=$3 i
  shift 3
  for ((i = 0; i < 240; i++)); do
    env "$@" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  tail -n 20 "$log" >&2
  _qs_log "$what did not start"
  return 1
}

# A fresh cluster in $1 (created, must not exist or be empty) on 127.0.0.1 at the first free
# port from $2, in a process group of its own; user n8n with a random password, database n8n.
# Sets PG_PID (= its group id), PG_PORT, PG_PASSWORD, PG_DIR.
postgres_start_bg() {
  local dir="${1:?postgres_start_bg: data folder required}" bin port pwfile
  bin="$(_qs_pg_bin)" || { _qs_log "no Postgres found"; return 1; }
  port="$(n8n_free_port "${2:-5932}" "${@:3}")" || return 1
  mkdir -p "$dir" && dir="$(cd "$dir" && pwd)" || return 1
  PG_PASSWORD="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
  pwfile="$dir.pw"
  (umask 077 && printf '%s\n' "$PG_PASSWORD" >"$pwfile") || return 1
  if [ "$(id -u)" = 0 ]; then chown postgres "$dir" "$pwfile" || return 1; fi
  chmod 700 "$dir"
  _qs_as_pg "$bin/initdb" -D "$dir" -U n8n --pwfile="$pwfile" --auth=scram-sha-256 -E UTF8 --no-locale >"$dir.initdb.log" 2>&1 \
    || { rm -f "$pwfile"; tail -n 20 "$dir.initdb.log" >&2; _qs_log "initdb failed"; return 1; }
  rm -f "$pwfile"
  # Loopback only, its socket inside the data folder, no durability needed for a throwaway run.
  local server=("$bin/postgres" -D "$dir" -c listen_addresses=127.0.0.1 -c port="$port"
    -c unix_socket_directories="$dir" -c fsync=off -c synchronous_commit=off -c full_page_writes=off)
  # setpriv hands over to postgres itself (exec), so PG_PID is the postmaster's.
  [ "$(id -u)" = 0 ] && server=(setpriv --reuid=postgres --regid=postgres --init-groups "${server[@]}")
  setsid "${server[@]}" >"$dir.log" 2>&1 &
  PG_PID=$!
  PG_PORT="$port"
  PG_DIR="$dir"
  if _qs_wait_up Postgres "$PG_PID" "$dir.log" PGPASSWORD="$PG_PASSWORD" "$bin/psql" -h 127.0.0.1 -p "$port" -U n8n -d postgres -Atqc 'select 1'; then
    PGPASSWORD="$PG_PASSWORD" "$bin/psql" -h 127.0.0.1 -p "$port" -U n8n -d postgres -qc 'create database n8n' >&2 && return 0
  fi
  postgres_stop
  return 1
}

# A query on the n8n database; rows as text, fields separated by |.
queue_sql() {
  PGPASSWORD="$PG_PASSWORD" "$(_qs_pg_bin)/psql" -h 127.0.0.1 -p "$PG_PORT" -U n8n -d n8n -Atqc "$1"
}

postgres_stop() {
  n8n_kill_group "${PG_PID:-}" 20
  PG_PID=
}

# Redis on 127.0.0.1 at the first free port from $2, nothing saved to disk, its folder $1.
# Sets REDIS_PID (= its group id), REDIS_PORT.
redis_start_bg() {
  local dir="${1:?redis_start_bg: folder required}" port
  port="$(n8n_free_port "${2:-6389}" "${@:3}")" || return 1
  mkdir -p "$dir" && dir="$(cd "$dir" && pwd)" || return 1
  setsid redis-server --bind 127.0.0.1 --port "$port" --protected-mode yes --save '' --appendonly no \
    --dir "$dir" --daemonize no >"$dir/redis.log" 2>&1 &
  REDIS_PID=$!
  REDIS_PORT="$port"
  _qs_wait_up Redis "$REDIS_PID" "$dir/redis.log" redis-cli -h 127.0.0.1 -p "$port" ping && return 0
  redis_stop
  return 1
}

redis_stop() {
  n8n_kill_group "${REDIS_PID:-}" 10
  REDIS_PID=
}

# The environment every n8n process of the installation shares (main, workers, CLI commands):
# queue mode, the Postgres database, the Redis queue, one encryption key (set N8N_ENCRYPTION_KEY
# first to choose it). Per-process ports come from n8n_env and QUEUE_HEALTH_CHECK_PORT.
queue_env() {
  export EXECUTIONS_MODE=queue
  export DB_TYPE=postgresdb
  export DB_POSTGRESDB_HOST=127.0.0.1
  export DB_POSTGRESDB_PORT="$PG_PORT"
  export DB_POSTGRESDB_DATABASE=n8n
  export DB_POSTGRESDB_USER=n8n
  export DB_POSTGRESDB_PASSWORD="$PG_PASSWORD"
  export QUEUE_BULL_REDIS_HOST=127.0.0.1
  export QUEUE_BULL_REDIS_PORT="$REDIS_PORT"
  export N8N_ENCRYPTION_KEY="${N8N_ENCRYPTION_KEY:-$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')}"
  # Runs from the editor go to the workers too (n8n's own advice; the default will change).
  export OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true
  # Workers' health endpoint (/healthz/readiness), on loopback like everything else.
  export QUEUE_HEALTH_CHECK_ACTIVE=true
  export N8N_WORKER_SERVER_ADDRESS=127.0.0.1
}
