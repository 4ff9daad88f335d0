"""Reading JSON from outside (imported files, the schedule file, request bodies, the store).

Python's reader recurses once per nested array or object and raises RecursionError (not a
ValueError) past about a thousand levels: a few kilobytes of "[[[[" would escape every
`except ValueError` and take a route or a command down. Every JSON read in webapp/ goes
through `loads`, so that error is a JSONDecodeError like any other malformed input.
"""

from __future__ import annotations

import json
from typing import Any


def loads(text: str | bytes, **options: Any) -> Any:
    try:
        return json.loads(text, **options)
    except RecursionError:
        doc = text if isinstance(text, str) else text.decode("utf-8", "replace")
        raise json.JSONDecodeError("nested too deeply (more than about 1000 levels)", doc, 0) from None
