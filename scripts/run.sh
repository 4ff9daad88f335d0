#!/usr/bin/env bash
# Sets up a virtualenv (kept up to date with pyproject.toml) and serves Hallway on the shipped data.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -e .
# The static files are built once (bundled, minified, compressed) into build/static/; the server
# only reads them. Nothing is done when they have not changed since the last build.
source scripts/terser.sh
.venv/bin/hallway build
exec .venv/bin/flask --app webapp run --host 127.0.0.1 --port "${PORT:-5000}"
