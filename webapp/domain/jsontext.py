"""Reading JSON from outside (imported files, the schedule file, request bodies, the store).

Python's reader recurses once per nested array or object and raises RecursionError (not a
ValueError) past about a thousand levels: a few kilobytes of "[[[[" would escape every
`except ValueError` and take a route or a command down. Every JSON read in webapp/ goes
through `loads`, so that error is a JSONDecodeError like any other malformed input.
"""

from __future__ import annotations

import json
import re
from typing import Any

# Python refuses to turn more than 4,300 digits into an int, with a ValueError that names no
# place; no schedule, request or store row has a number that long.
_LONG_NUMBER = re.compile(r"\d{4000,}")


def loads(text: str | bytes, **options: Any) -> Any:
    try:
        return json.loads(text, **options)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply (more than about 1000 levels)", _str(text), 0) from None
    except json.JSONDecodeError:
        raise
    except ValueError:  # the digits limit: said where, like any malformed input
        doc = _str(text)
        found = _LONG_NUMBER.search(doc)
        digits = len(found[0]) if found else 4300
        raise json.JSONDecodeError(
            f"a number {digits:,} digits long", doc, found.start() if found else 0
        ) from None


def _str(text: str | bytes) -> str:
    return text if isinstance(text, str) else text.decode("utf-8", "replace")
