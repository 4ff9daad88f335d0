"""Behind a reverse proxy: trust its X-Forwarded-* headers, and only when told how many hops.

Without this, every request behind nginx comes from 127.0.0.1: the write path's rate limit
would be one bucket for all organizers and its log would name the proxy. Trusting the headers
without a proxy would let any client choose its address, so the default (0) trusts none.
"""

from __future__ import annotations

from flask import Flask, Response, request
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix


def init_app(app: Flask) -> None:
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]

    @app.errorhandler(SecurityError)
    def untrusted_host(exc: SecurityError) -> Response:
        # Flask's TRUSTED_HOSTS refused the Host header: say how to serve under that name.
        host = request.environ.get("HTTP_HOST", "")[:100]
        return Response(
            f"This server does not answer for the host {host!r}. Its operator can name it in "
            "HALLWAY_TRUSTED_HOSTS or set HALLWAY_PUBLIC_URL.\n",
            status=400,
            mimetype="text/plain",
            headers={"Cache-Control": "no-store"},
        )
