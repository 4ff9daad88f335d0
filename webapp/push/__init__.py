"""Web Push (issue 27): reminders and changes that reach a phone with the app closed, without
the server learning what anyone starred. A device registers its push subscription, its lead
time and the wake-up instants it needs (docs/api.md says what that reveals); one process sends
the wake-ups at their instants and a changes message after the schedule changed (runner.py).

What triggers a changes message is the corrections store's version, which every published
correction and every recorded import raises, in whichever process (an API request, the command
line, the follower): the sending process reads it each tick (one indexed query). No write path
calls into push, so a correction's request never waits for it, and none can be forgotten. The
serving layer holds the subscriptions, the key and the loop (webapp/serving/push.py).
"""

from __future__ import annotations

import ipaddress
import os
import sys
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

SENT = "version_sent/"  # + store id: the version the last changes message named
DEFAULT_SUBJECT = "mailto:push@localhost"


def enabled(config: Mapping[str, Any]) -> bool:
    return bool(config.get("PUSH"))


def subject(config: Mapping[str, Any]) -> str:
    """Who push services may contact about this server's messages (the JWT's `sub`)."""
    public = config.get("PUBLIC_URL") or ""
    return config.get("PUSH_SUBJECT") or (public if public.startswith("https://") else DEFAULT_SUBJECT)


def unsafe(config: Mapping[str, Any]) -> str | None:
    """Why this server must not start, or None: PUSH_LOOPBACK lets any visitor make it POST to
    the machine's own services (Redis, the app itself); it is for the tests' local push service,
    and a PUBLIC_URL naming another host says this is a real server."""
    if not config.get("PUSH_LOOPBACK"):
        return None
    host = (urlsplit(config.get("PUBLIC_URL") or "").hostname or "").lower()
    if not host or host == "localhost" or host.endswith(".localhost") or _loopback_address(host):
        return None
    return (
        f"HALLWAY_PUSH_LOOPBACK is for tests only (a local push service on http://127.0.0.1) and "
        f"this server's HALLWAY_PUBLIC_URL names {host}: unset HALLWAY_PUSH_LOOPBACK"
    )


def _loopback_address(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serving() -> bool:
    """Whether this process is a server's: a gunicorn worker, or `flask run`. Apps made in a test
    run or for a command send nothing: a sending process per app made in a test run would pile
    up, each reading its own data directory while the test changes it. (Tests drive the loop
    themselves, runner.Runner; the e2e tests run gunicorn.)"""
    if "gunicorn" in sys.modules:
        return True
    return os.environ.get("FLASK_RUN_FROM_CLI") == "true" and "run" in sys.argv[1:]
