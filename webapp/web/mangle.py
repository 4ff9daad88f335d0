"""Served JavaScript with short names and compact syntax: Terser, run by the build in Node.

Why a Node tool in a Python build: renaming local names is what makes scripts small (the app's
bundle 50.4 -> 40.2 KB brotli, the worker's 9.7 -> 7.1 KB, where stripping comments and
indentation alone, `minify.javascript`, gave 50.4; esbuild's minifier gave 42.1 and 7.8), and
doing it right needs a whole JavaScript scope analysis, which Terser has kept correct for ten
years. Only the build runs it, once per change of the files; servers never do.

A machine without Node or without `npm ci` still builds and serves the same app: its scripts
keep their names (`minify.javascript`), the build says so, and the build's key (`identity`)
tells the two apart. `HALLWAY_MINIFIER=plain` asks for that on purpose.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from functools import cache
from pathlib import Path

from ..domain import jsontext

RUNNER = Path(__file__).resolve().with_name("terser.mjs")
# Where Node finds `terser` for RUNNER: the project's node_modules (package.json, `npm ci`).
PACKAGE = RUNNER.parents[2] / "node_modules" / "terser" / "package.json"
TIMEOUT = 300  # seconds: the whole app takes ~5 s
MAP = ".map"  # a module's source map is its path with this added (terser.mjs)


class MinifierFailed(Exception):
    """Terser refused a script or could not run: the build stops and says which."""


@cache
def identity() -> str:
    """Which minifier the build uses ("terser 5.51.4", or "plain" with the reason).
    HALLWAY_MINIFIER: unset (Terser where the machine has it), "plain", or "terser" (Terser or
    an error saying what is missing); any other value is an error, never a silent choice."""
    asked = os.environ.get("HALLWAY_MINIFIER", "").strip().lower()
    if asked not in ("", "plain", "terser"):
        raise MinifierFailed(f"HALLWAY_MINIFIER={asked!r}: say plain or terser, or leave it unset")
    if asked == "plain":
        return "plain (HALLWAY_MINIFIER=plain)"
    if shutil.which("node") is None:
        missing = "no node on PATH"
    else:
        try:
            return f"terser {jsontext.loads(PACKAGE.read_text(encoding='utf-8'))['version']}"
        except (OSError, ValueError, KeyError):
            missing = "terser not installed: npm ci"
    if asked == "terser":
        raise MinifierFailed(f"HALLWAY_MINIFIER=terser, but {missing}")
    return f"plain ({missing})"


def available() -> bool:
    return identity().startswith("terser ")


def scripts(
    files: dict[str, bytes], classic: frozenset[str] = frozenset(), pages: frozenset[str] = frozenset()
) -> dict[str, bytes]:
    """`files` (path -> ES module source; `classic`: paths of the workers' classic scripts,
    `pages`: of the page's) minified, and the source map of each module and page script beside it
    (`path.map`, which the script names)."""
    if not files:
        return {}
    request = {
        "files": {p: b.decode("utf-8") for p, b in files.items()},
        "scripts": sorted(classic),
        "pages": sorted(pages),
    }
    try:
        done = subprocess.run(
            ["node", str(RUNNER)],
            input=json.dumps(request).encode(),
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise MinifierFailed(f"terser did not run: {exc}") from exc
    try:
        answer = jsontext.loads(done.stdout)
    except ValueError:
        said = done.stderr.decode("utf-8", "replace").strip()[-2000:]
        raise MinifierFailed(f"terser stopped (exit {done.returncode}): {said}") from None
    if "error" in answer:
        raise MinifierFailed(f"terser refused {answer['error']}")
    made = answer["files"]
    return {p: made[p].encode("utf-8") for p in made if p in files or p.removesuffix(MAP) in files}
