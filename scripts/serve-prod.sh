#!/usr/bin/env bash
# Serves Hallway with gunicorn on loopback: WORKERS processes (default 2) on 127.0.0.1:PORT
# (default 8000). Every worker reads the corrections store in DATA_DIR, so a correction
# published through one is served by all at once.
#
# REDIS=1 also starts a private redis-server on 127.0.0.1:REDIS_PORT (default 6380) and shares
# the feed cache through it; it is stopped with the server. To use a Redis you run yourself,
# set HALLWAY_CACHE_TYPE=RedisCache and HALLWAY_CACHE_REDIS_URL instead.
set -euo pipefail
cd "$(dirname "$0")/.."
WORKERS="${WORKERS:-2}"
PORT="${PORT:-8000}"
REDIS_PORT="${REDIS_PORT:-6380}"

[ -x .venv/bin/gunicorn ] || { python3 -m venv .venv && .venv/bin/pip install -q -e '.[prod]'; }
# Workers read the static files built into build/static/ and refuse to start without them:
# built here once, not in each worker (nothing is done when they have not changed).
source scripts/terser.sh
.venv/bin/hallway build

# gunicorn runs in the background and this script passes on the signals sent to it: bash waits
# for a foreground child to end before it runs a trap, so a SIGTERM to this script (kill, a
# container's stop) stopped nothing, and a SIGHUP reloaded nothing. TERM and INT stop gunicorn
# (its workers finish their requests, their push senders end with them), then Redis; HUP
# reloads gunicorn's workers.
redis_pid=""
gunicorn_pid=""
stop() {
  if [ -n "$gunicorn_pid" ]; then
    kill -TERM "$gunicorn_pid" 2>/dev/null || true
    wait "$gunicorn_pid" 2>/dev/null || true
  fi
  [ -n "$redis_pid" ] && kill "$redis_pid" 2>/dev/null
  wait 2>/dev/null || true
}
trap stop EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
trap '[ -n "$gunicorn_pid" ] && kill -HUP "$gunicorn_pid"' HUP

if [ "${REDIS:-0}" = 1 ]; then
  # Sized: the cache holds what many phones share, and the least recently used goes first.
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no \
    --maxmemory "${REDIS_MAXMEMORY:-256mb}" --maxmemory-policy allkeys-lru &
  redis_pid=$!
  for _ in $(seq 50); do  # up to 5 s for it to answer
    redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  export HALLWAY_CACHE_TYPE=RedisCache
  export HALLWAY_CACHE_REDIS_URL="redis://127.0.0.1:${REDIS_PORT}/0"
fi

# gunicorn answers a request it cannot parse (a request line or header past its limits) with
# its own page, which carries none of the app's security headers: its limits are raised to the
# most it allows (8190 bytes) so that nginx's (8k, deploy/nginx-proxy.conf) refuse first, and
# nginx adds the headers to any page the app did not make.
.venv/bin/gunicorn --workers "$WORKERS" --bind "127.0.0.1:${PORT}" --access-logfile - \
  --limit-request-line 8190 --limit-request-field_size 8190 \
  --graceful-timeout 10 'webapp:create_app()' &
gunicorn_pid=$!
# A trapped signal (HUP) ends a `wait` early: wait again while gunicorn runs, then for its status.
while kill -0 "$gunicorn_pid" 2>/dev/null; do wait "$gunicorn_pid" || true; done
status=0
wait "$gunicorn_pid" || status=$?
gunicorn_pid=""
exit "$status"
