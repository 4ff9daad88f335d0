#!/usr/bin/env bash
# Installs the build's minifier (Terser, pinned in package-lock.json; webapp/web/mangle.py) and
# the JS linter the tests run (Biome, tests/unit/test_lint.py) when they are missing or the lock
# changed (both are devDependencies: --include=dev holds even under NODE_ENV=production).
# Sourced by run.sh, test.sh and serve-prod.sh. Without Node,
# or offline, `hallway build` keeps the scripts' names and says so: the app is the same.
if command -v npm >/dev/null && ! [ node_modules/.package-lock.json -nt package-lock.json ]; then
  npm ci --include=dev --silent --no-audit --no-fund >/dev/null || echo "npm ci failed: scripts will keep their names" >&2
fi
