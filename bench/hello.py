"""The smallest WSGI app: what gunicorn and this machine serve when the app costs nothing.

bench/load.py measures it under the same wrk load as the feed, so the feed's figure can be
read against the machine's floor at that moment (other work on the cores lowers both).
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

BODY = b'{"ok":true}'


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(BODY)))])
    return [BODY]


# bench/overhead.py's second floor: each request answered with the exact status, headers and body
# Hallway gave for it (recorded in the file HALLWAY_REPLAY names), so that what gunicorn costs to
# send those bytes is told apart from what the app costs to decide them.
ANSWERS: dict[tuple[str, bool], tuple[str, list[tuple[str, str]], bytes]] = {}
if os.environ.get("HALLWAY_REPLAY"):
    for entry in json.loads(Path(os.environ["HALLWAY_REPLAY"]).read_text()):
        ANSWERS[(entry["url"], entry["conditional"])] = (
            entry["status"],
            [tuple(h) for h in entry["headers"]],
            base64.b64decode(entry["body"]),
        )


def replay(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    url = environ["PATH_INFO"] + ("?" + environ["QUERY_STRING"] if environ.get("QUERY_STRING") else "")
    found = ANSWERS.get((url, "HTTP_IF_NONE_MATCH" in environ))
    if found is None:
        return app(environ, start_response)  # the servers' start probe
    status, headers, body = found
    start_response(status, list(headers))
    return [body] if body else []
