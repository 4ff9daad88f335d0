"""A correction published the two ways organizers publish one: over HTTP with the organizers'
token (`publish`, and `post_correction` for a test that reads the answer's status), or with the
command line on the data directory, which works while the server is down (`publish_cli`).
`hallway(...)` is the command line itself, as an organizer runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from . import ROOT
from .net import Address, Answer, request

TOKEN = "e2e-organizer-token-7f3a9c"  # HALLWAY_ADMIN_TOKEN of the servers tests write to
WRITABLE = {"HALLWAY_ADMIN_TOKEN": TOKEN}


def post_correction(
    server: Address,
    body: dict[str, Any],
    token: str = TOKEN,
    key: str | None = None,
    force: bool = True,
    timeout: float = 10.0,
) -> Answer:
    """POST a correction. `force` by default: these tests set up what attendees see, and the
    small fixture schedule makes many a move clash (the clash checks have their own tests)."""
    if force and "force" not in body:
        body = {**body, "force": True}
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return request(server, "POST", "/api/v1/corrections", json.dumps(body).encode(), headers, timeout)


def publish(server: Address, body: dict[str, Any], **options: Any) -> dict[str, Any]:
    """Publishes over HTTP and returns the stored correction (its `version`, its `session`)."""
    answer = post_correction(server, body, **options)
    assert answer.status == 201, (answer.status, answer.body[:500])
    return answer.json()


def hallway(*args: str, data_dir: Path | None = None, env: dict[str, str] | None = None) -> str:
    """`hallway ARGS...` (Flask's command line with the app chosen); fails the test unless it
    exits 0. Returns what it printed."""
    full_env = {**os.environ, **(env or {})}
    if data_dir is not None:
        full_env["HALLWAY_DATA_DIR"] = str(data_dir)
    cmd = [sys.executable, "-m", "flask", "--app", "webapp", *args]
    done = subprocess.run(cmd, cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def cli_args(body: dict[str, Any]) -> list[str]:
    """A correction as the API takes it, as `hallway corrections add` takes it."""
    fields = dict(body)
    args = [fields.pop("kind")]
    bare = "room" if args[0] == "room_status" else "session"
    if bare in fields:
        args.append(fields.pop(bare))
    note = fields.pop("note", None)
    for name, value in fields.items():
        args.append(f"{name}={value}" if isinstance(value, str) else f"{name}:={json.dumps(value)}")
    return args + (["--note", note] if note is not None else [])


def publish_cli(data_dir: Path, body: dict[str, Any], env: dict[str, str] | None = None) -> str:
    """Publishes with the command line on `data_dir` (forced, as `publish` is)."""
    return hallway("corrections", "add", *cli_args(body), "--force", data_dir=data_dir, env=env)


def import_schedule(source: Path, out: Path, *options: str, data_dir: Path | None = None) -> Path:
    """`hallway schedule import SOURCE --out OUT`, as an organizer runs it."""
    hallway("schedule", "import", str(source), "--out", str(out), *options, data_dir=data_dir)
    return out
