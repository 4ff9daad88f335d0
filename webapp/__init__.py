"""Hallway: an offline-first conference schedule."""

from __future__ import annotations

from typing import Any

from flask import Flask

from . import settings


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app. A server's worker reads the static tree `hallway build` made before it takes its
    first request (webapp.web.assets.at_start); it never builds it. A server also starts
    following its sources (HALLWAY_FOLLOW, webapp/web/follow.py); a command never does."""
    app = Flask(
        __name__,
        # No default /static route: files are served only under /assets/<hash>/ (webapp/assets.py),
        # so every URL a browser caches immutably names the exact content it holds.
        static_folder=None,
        template_folder=str(settings.PROJECT_ROOT / "templates"),
    )
    app.config.update(settings.load())
    if test_config:
        app.config.update(test_config)
    # Without PUBLIC_URL, links in QR codes, calendars and exports are built from the request's
    # Host: only hosts the operator named may be answered (Flask's own TRUSTED_HOSTS check).
    app.config["TRUSTED_HOSTS"] = settings.trusted_hosts(app.config)

    from . import cli
    from .views import api, exports, health, pages, push, qr, venue
    from .web import assets, caching, compress, proxy, security

    for module in (api, pages, exports, qr, venue, health, push):
        app.register_blueprint(module.bp)
    caching.init_app(app)
    security.init_app(app)
    proxy.init_app(app)
    compress.init_app(app)
    cli.init_app(app)
    assets.at_start(app)
    if assets.serving():  # not a command, which must never race a server to write the schedule
        from . import push as web_push
        from .web import follow

        web_push.init_app(app)  # forks the sending loop: before any thread is started here
        follow.init_app(app)
    return app
