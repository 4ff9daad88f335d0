#!/usr/bin/env bash
# Sets up a virtualenv (first run only) and serves Hallway on the shipped data.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv >/dev/null 2>&1 || true
[ -x .venv/bin/flask ] || .venv/bin/pip install -q -e .
exec .venv/bin/flask --app webapp run --host 127.0.0.1 --port "${PORT:-5000}"
