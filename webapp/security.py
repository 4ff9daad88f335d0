"""Response headers every response carries (Content-Security-Policy and friends)."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    pass
