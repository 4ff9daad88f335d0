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

redis_pid=""
stop() { [ -n "$redis_pid" ] && kill "$redis_pid" 2>/dev/null; wait 2>/dev/null || true; }
trap stop EXIT INT TERM

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
  --graceful-timeout 10 'webapp:create_app()'
