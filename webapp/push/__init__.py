"""Web Push (issue 27): reminders and changes that reach a phone with the app closed, without
the server learning what anyone starred. A device registers its push subscription, its lead
time and the wake-up instants it needs (docs/api.md says what that reveals); one process sends
the wake-ups at their instants and a changes message after the schedule changed (runner.py).

What triggers a changes message is the corrections store's version, which every published
correction and every recorded import raises, in whichever process (an API request, the command
line, the follower): the sending process reads it each tick (one indexed query). No write path
calls into push, so a correction's request never waits for it, and none can be forgotten.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from flask import Flask

from .keys import VapidKey, from_private, load_or_create
from .store import STORE_FILE, PushStore

SENT = "version_sent/"  # + store id: the version the last changes message named
DEFAULT_SUBJECT = "mailto:push@localhost"


def enabled(app: Flask) -> bool:
    return bool(app.config.get("PUSH"))


def store(app: Flask) -> PushStore:
    found = app.extensions.get("hallway.push_store")
    if found is None:
        found = app.extensions["hallway.push_store"] = PushStore(Path(app.config["DATA_DIR"]) / STORE_FILE)
    return found


def vapid_key(app: Flask) -> VapidKey:
    """The setting's key, else the one kept in DATA_DIR (made on first use)."""
    found = app.extensions.get("hallway.vapid_key")
    if found is None:
        given = app.config.get("PUSH_VAPID_KEY")
        found = from_private(given) if given else load_or_create(Path(app.config["DATA_DIR"]))
        app.extensions["hallway.vapid_key"] = found
    return found


def subject(app: Flask) -> str:
    """Who push services may contact about this server's messages (the JWT's `sub`)."""
    public = app.config.get("PUBLIC_URL") or ""
    return app.config.get("PUSH_SUBJECT") or (public if public.startswith("https://") else DEFAULT_SUBJECT)


def serving() -> bool:
    """Whether this process is a server's: a gunicorn worker, or `flask run`. Apps made in a test
    run or for a command send nothing: a sending process per app made in a test run would pile
    up, each reading its own data directory while the test changes it. (Tests drive the loop
    themselves, runner.Runner; the e2e tests run gunicorn.)"""
    if "gunicorn" in sys.modules:
        return True
    return os.environ.get("FLASK_RUN_FROM_CLI") == "true" and "run" in sys.argv[1:]


def init_app(app: Flask) -> None:
    """Fork the sending loop's process for this serving process (all but one wait for the lead)."""
    if not enabled(app) or app.testing or not serving():
        return
    vapid_key(app)  # made now, at start, not at a visitor's first request
    store(app).count()  # the file and its tables exist before any request
    from . import runner

    runner.fork(app)
