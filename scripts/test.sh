#!/usr/bin/env bash
# Sets up everything the tests need on a fresh machine, then runs them all.
set -euo pipefail
cd "$(dirname "$0")/.."

# System packages: a browser for the e2e tests, redis-server and wrk for the serving tests,
# cairo for rasterising SVG in the QR tests.
need=()
[ -x /usr/bin/chromium ] || [ -n "${HALLWAY_CHROMIUM:-}" ] || need+=(chromium)
command -v redis-server >/dev/null || need+=(redis-server)
command -v wrk >/dev/null || need+=(wrk)
# nginx serves a static export with deploy/nginx-static.conf in tests/e2e/deploy/test_nginx_serves_the_export.py.
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
# Node runs the build's minifier (scripts/terser.sh); the tests check its output.
command -v npm >/dev/null || need+=(nodejs npm)
# cairosvg (rasterises QR SVGs in the tests) needs the cairo library.
ldconfig -p 2>/dev/null | grep -q 'libcairo\.so\.2' || need+=(libcairo2)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "missing system packages: ${need[*]} (install them, or set HALLWAY_CHROMIUM)" >&2
  fi
fi

python3 -m venv .venv
.venv/bin/pip install -q -e '.[test,prod]'
source scripts/terser.sh
.venv/bin/hallway build  # the servers the tests start read it (the session checks it is current)
exec .venv/bin/python -m pytest "$@"
