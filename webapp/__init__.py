"""Hallway: an offline-first conference schedule."""

from __future__ import annotations

from typing import Any

from flask import Flask

from . import settings


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app. A server's worker reads the static tree `hallway build` made before it takes its
    first request (webapp.web.assets.at_start); it never builds it. A server also starts
    following its sources (HALLWAY_FOLLOW, webapp/serving/follow.py); a command never does."""
    app = Flask(
        __name__,
        # No default /static route: files are served only under /assets/<hash>/ (webapp/web/assets.py),
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
    from .push import unsafe

    if (refusal := unsafe(app.config)) is not None:
        raise ValueError(refusal)

    from . import cli, serving
    from .domain.serialize import ScheduleFormatError
    from .serving.failures import StoreUnavailable
    from .views import (
        api_read,
        api_write,
        errors,
        exports,
        health,
        pages,
        push,
        qr,
        venue,
        venue_osm,
        venue_source,
        venue_write,
    )
    from .web import compress, fastpath, proxy, security

    rt = serving.init_app(app)  # the runtime: stores, clock, caches, the static build
    from .serving import language

    language.init_app(app, rt)  # the event's language, for what the server writes (Flask-Babel)
    for module in (
        api_read,
        api_write,
        pages,
        exports,
        qr,
        venue,
        venue_osm,
        venue_write,
        venue_source,
        health,
        push,
    ):
        app.register_blueprint(module.bp)
    # Any route that reads the schedule may meet these: a 503 that says why, never a 500.
    app.register_error_handler(ScheduleFormatError, errors.no_schedule)
    app.register_error_handler(StoreUnavailable, errors.store_unavailable)
    for code in (404, 405):  # a wrong link, said in the event's language
        app.register_error_handler(code, errors.no_such_address)
    security.init_app(app, rt.style_hash)
    # Revalidations and repeated fetches of the feed and the shell, answered before Flask with
    # Flask's own earlier answers; behind the proxy fix, so they see the client's host and scheme.
    shell, changes = pages.revalidated(rt), api_read.replayed(rt)
    routes = {**api_read.revalidated(rt), **shell, **changes}
    app.wsgi_app = fastpath.FastPath(app, routes, whole=[*shell, *changes], queried=changes)  # type: ignore[method-assign]
    proxy.init_app(app)
    compress.init_app(app)
    cli.init_app(app)
    serving.start(rt)  # a server's background loops (push, following); a command's app has none
    return app
