"""What is wrong with this process's data files right now, for `/healthz` and the log.

A damaged file must not take the site down, but it must not go unnoticed either: each
problem is kept under a name ("store", "schedule file") until it is gone, logged once when
it appears or changes (not on every request) and once when it clears.
"""

from __future__ import annotations

import logging


class Problems:
    def __init__(self, logger: logging.Logger) -> None:
        self._logger = logger
        self._found: dict[str, str] = {}

    def report(self, name: str, message: str) -> None:
        if self._found.get(name) != message:
            self._logger.error("%s", message)
        self._found[name] = message

    def clear(self, name: str) -> None:
        if self._found.pop(name, None) is not None:
            self._logger.warning("%s: resolved", name)

    def current(self) -> dict[str, str]:
        return dict(self._found)
