"""Behind a reverse proxy: trust its X-Forwarded-* headers, and only when told how many hops.

Without this, every request behind nginx comes from 127.0.0.1: the write path's rate limit
would be one bucket for all organizers and its log would name the proxy. Trusting the headers
without a proxy would let any client choose its address, so the default (0) trusts none.
"""

from __future__ import annotations

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix


def init_app(app: Flask) -> None:
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]
