"""The linters run with the tests: ruff on every Python file of the repository, Biome on the
app's JavaScript (biome.jsonc) and on the service worker's template. A finding fails the test
with the linter's own words."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUFF = Path(sys.executable).parent / "ruff"
BIOME = ROOT / "node_modules" / ".bin" / "biome"
SETUP = "run `bash scripts/test.sh` (it installs the pinned linters: ruff in .venv, Biome with npm ci)"


def run(tool: Path, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    assert tool.exists(), f"{tool} is missing: {SETUP}"
    return subprocess.run([str(tool), *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_python_passes_ruff_check() -> None:
    done = run(RUFF, "check", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_python_is_as_ruff_formats_it() -> None:
    done = run(RUFF, "format", "--check", ".")
    assert done.returncode == 0, f"`ruff format <file>` fixes these:\n{done.stdout}{done.stderr}"


def test_biome_is_the_version_package_json_pins() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    pinned = package["devDependencies"]["@biomejs/biome"]
    done = run(BIOME, "--version")
    assert done.stdout.split() == ["Version:", pinned], f"{done.stdout}{done.stderr}: {SETUP}"


def test_the_apps_javascript_passes_biome_lint() -> None:
    done = run(BIOME, "lint", "--error-on-warnings", "--max-diagnostics=none", "static")
    assert done.returncode == 0, done.stdout + done.stderr
    # The configuration reached the files: Biome says how many it checked.
    checked = re.search(r"Checked (\d+) files?", done.stdout + done.stderr)
    assert checked and int(checked[1]) >= len(list((ROOT / "static" / "js").rglob("*.js")))


def test_the_service_worker_template_passes_biome_lint(tmp_path: Path) -> None:
    """templates/sw.js is Jinja around a classic script: its values, put in as JSON, become
    `null` and its slot for the worker's modules (linted above, in static/js) is emptied. The
    copy is a `.cjs` so that Biome reads it as a script, not a module, with the project's rules."""
    template = (ROOT / "templates" / "sw.js").read_text(encoding="utf-8")
    script = template.replace("{{ modules|safe }}", "")
    script = re.sub(r"\{\{ [\w.]+\|tojson \}\}", "null", script)
    assert "{{" not in script and "{%" not in script, "a kind of placeholder this test does not know"
    (tmp_path / "sw.cjs").write_text(script, encoding="utf-8")
    config = {"extends": [str(ROOT / "biome.jsonc")], "vcs": {"enabled": False}, "files": {"includes": ["*"]}}
    (tmp_path / "biome.json").write_text(json.dumps(config), encoding="utf-8")
    done = run(BIOME, "lint", "--error-on-warnings", "--max-diagnostics=none", "sw.cjs", cwd=tmp_path)
    assert done.returncode == 0, (done.stdout + done.stderr).replace("sw.cjs", "templates/sw.js (rendered)")
    assert "Checked 1 file" in done.stdout + done.stderr
