"""What is wrong with this process's data files right now, for `/healthz` and the log.

A damaged file must not take the site down, but it must not go unnoticed either: each
problem is kept under a name ("store", "schedule file") until it is gone, logged once when
it appears or changes (not on every request) and once when it clears.
"""

from __future__ import annotations

from flask import Flask

KEY = "hallway.problems"


def report(app: Flask, name: str, message: str) -> None:
    problems: dict[str, str] = app.extensions.setdefault(KEY, {})
    if problems.get(name) != message:
        app.logger.error("%s", message)
    problems[name] = message


def clear(app: Flask, name: str) -> None:
    problems: dict[str, str] = app.extensions.setdefault(KEY, {})
    if problems.pop(name, None) is not None:
        app.logger.warning("%s: resolved", name)


def current(app: Flask) -> dict[str, str]:
    return dict(app.extensions.get(KEY, {}))
