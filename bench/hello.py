"""The smallest WSGI app: what gunicorn and this machine serve when the app costs nothing.

bench/load.py measures it under the same wrk load as the feed, so the feed's figure can be
read against the machine's floor at that moment (other work on the cores lowers both).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

BODY = b'{"ok":true}'


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(BODY)))])
    return [BODY]
