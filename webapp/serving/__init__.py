"""What a phone receives, built in one place, and everything a serving process keeps.

`init_app` makes the runtime (`runtime.Runtime`: the stores, the clock, the published schedule
and the documents built from it, the static build, the background loops) as the app is created;
`runtime(app)` and `current_runtime()` are the one way to it. The published schedule
(`published`), the feed documents (`feed`, `texts`), the changes feed (`changes`), the shell
and manifest (`shell`), the venue plan (`venue`) and the write path (`writes`) read and keep
their state there, never in `app.extensions` under names of their own.
"""

from __future__ import annotations

from flask import Flask, current_app

from ..web import assets
from . import cache
from .runtime import Runtime

KEY = "hallway.runtime"


def init_app(app: Flask) -> Runtime:
    """The app's runtime, made now; a server's worker reads the static build before it takes
    its first request (webapp.web.assets.at_start)."""
    rt = Runtime(app)
    app.extensions[KEY] = rt
    cache.init_app(app)
    if assets.at_start(rt.tree_dir(), app.debug):
        rt.tree()
    return rt


def start(rt: Runtime) -> None:
    """The background loops of a serving process (never a command's, which must not race a
    server to write the schedule): Web Push's sending process first, forked before any thread
    starts here, then following the sources (HALLWAY_FOLLOW)."""
    if not assets.serving():
        return
    from . import follow, push  # here: a command's app never loads the senders' crypto

    push.start(rt)
    follow.start(rt)


def runtime(app: Flask) -> Runtime:
    return app.extensions[KEY]


def current_runtime() -> Runtime:
    """The runtime of the app handling this request or command."""
    return current_app.extensions[KEY]
