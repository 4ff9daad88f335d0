"""Behind a reverse proxy: trust its X-Forwarded-* headers, and only when told how many hops.

Without this, every request behind nginx comes from 127.0.0.1: the write path's rate limit
would be one bucket for all organizers and its log would name the proxy. Trusting the headers
without a proxy would let any client choose its address, so the default (0) trusts none.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, request
from flask_babel import get_locale
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix

from ..i18n.translate import translator


def init_app(app: Flask) -> None:
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]

    @app.before_request
    def port_named_by_the_operator() -> Response | None:
        # Flask's host check ignores the port, and links in QR codes, door signs and calendars
        # are built from the Host when PUBLIC_URL is unset: any port would be handed out (and
        # fill the caches). The ports this server answers on are its own and the ones named.
        if app.config.get("TRUSTED_HOSTS") is None:
            return None
        port = _port(request.host)
        if port is None or port in _ports(app):
            return None
        return _refused(request.host)

    @app.errorhandler(SecurityError)
    def untrusted_host(exc: SecurityError) -> Response:
        # Flask's TRUSTED_HOSTS refused the Host header: say how to serve under that name.
        return _refused(request.environ.get("HTTP_HOST", ""))


def _refused(host: str) -> Response:
    # The event's language (Flask-Babel's locale, webapp.serving.language chooses it): the person
    # reading this may be an attendee who followed a link, not the operator.
    t = translator(str(get_locale() or "en").replace("_", "-"), "messages")
    text = t._(
        "This server does not answer for the host {host}. Its operator can name it in "
        "HALLWAY_TRUSTED_HOSTS or set HALLWAY_PUBLIC_URL.",
        host=repr(host[:100]),
    )
    return Response(
        text + "\n",
        status=400,
        mimetype="text/plain",
        headers={"Cache-Control": "no-store", "Content-Language": t.lang},
    )


def _port(host: str) -> int | None:
    """The port a Host header names (None: none, the scheme's own); -1 when it is no port."""
    try:
        return urlsplit(f"//{host}").port
    except ValueError:
        return -1


def _ports(app: Flask) -> set[int]:
    """The socket's port (or the one the trusted proxy forwarded), the scheme's default, the
    public URL's and any a trusted host entry names (`localhost:8080`)."""
    ports = {443 if request.scheme == "https" else 80}
    if request.environ.get("SERVER_PORT", "").isdigit():
        ports.add(int(request.environ["SERVER_PORT"]))
    public = urlsplit(app.config.get("PUBLIC_URL") or "")
    if public.hostname:
        ports.add(public.port or (443 if public.scheme == "https" else 80))
    for entry in app.config.get("TRUSTED_HOSTS") or ():
        port = _port(entry)
        if port is not None and port > 0:
            ports.add(port)
    return ports
