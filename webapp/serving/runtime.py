"""The runtime object: everything a serving process keeps between requests, typed, in one place.

One per app, made by `serving.init_app` as the app is created and reached only through
`serving.runtime(app)` / `serving.current_runtime()`. It holds the stores (corrections, rate
limits, push subscriptions), the clock, what this process has noticed and built (each value
in a `Memo` with what it was built from, so a new version, file or build replaces it) and the
background loops it started.
"""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from flask import Flask

from ..corrections.store import STORE_FILE, Head, Store, utcnow
from ..domain.model import Schedule
from ..domain.storage import SCHEDULE_FILE
from ..push import keys
from ..push.store import STORE_FILE as PUSH_FILE
from ..push.store import PushStore
from ..web import assets, security
from ..web.ratelimit import LIMIT_FILE, Limiter
from .building import Builds
from .problems import Problems

if TYPE_CHECKING:
    from .follow import Runner as FollowRunner
    from .published import Current, Published
    from .shell import Documents
    from .venue import VenueBody

K = TypeVar("K")
V = TypeVar("V")
FileStamp = tuple[int, ...] | None  # (mtime, size, inode) of the schedule file; None: it is missing
Document = tuple[str, bytes]  # (ETag, body)


class Memo(Generic[K, V]):
    """One value and the key it was built for. Held as one tuple, so a thread that reads while
    another replaces it sees the old pair or the new, never a mix."""

    def __init__(self) -> None:
        self._held: tuple[K, V] | None = None

    def get(self, key: K) -> V | None:
        held = self._held
        return held[1] if held is not None and held[0] == key else None

    def put(self, key: K, value: V) -> V:
        self._held = (key, value)
        return value

    def last(self) -> V | None:
        """The value last built, whatever it was built for."""
        held = self._held
        return None if held is None else held[1]

    def held(self) -> tuple[K, V] | None:
        return self._held


class Runtime:
    def __init__(self, app: Flask) -> None:
        self.app = app
        self.config = app.config  # read when used: the export and tests change settings of an app
        self.logger: logging.Logger = app.logger
        data_dir = Path(app.config["DATA_DIR"])
        self.data_dir = data_dir
        self.schedule_path = data_dir / SCHEDULE_FILE
        self.store = Store(data_dir / STORE_FILE, clock=self.now)
        self.limiter = Limiter(data_dir / LIMIT_FILE)
        self.push_store = PushStore(
            data_dir / PUSH_FILE, max_bytes=app.config["PUSH_STORE_MAX_MB"] * 1024 * 1024
        )
        self.problems = Problems(app.logger)
        # What this process noticed and built, each with what it came from.
        self.file_stamp: FileStamp = ()  # the schedule file as last looked at; (): not yet
        self.base: Memo[str, Schedule] = Memo()  # the newest import, by its sha256
        self.current: Memo[Head, Current] = Memo()
        self.published: Memo[Head, Published] = Memo()
        self.builds = Builds()  # a new version built apart from the readers (serving/building.py)
        self.schedule_document: Memo[tuple[str, dict[str, Any]], Document] = Memo()  # by ETag, notices
        self.outline_document: Memo[tuple[str, dict[str, Any]], Document] = Memo()
        self.texts_document: Memo[Head, Document] = Memo()
        self.source_changes: dict[tuple[str, int, str | None], list[dict[str, Any]] | str] = {}
        self.shell: Memo[tuple[str, str, str], Documents] = Memo()
        # Pages drawn with their first screen (serving/first_page.py), and the outline they are
        # drawn from (indexed, by its ETag).
        self.first_pages: dict[tuple[str, ...], Any] = {}
        self.first_outline: Memo[str, Any] = Memo()
        self.venue: Memo[tuple[object, ...], VenueBody] = Memo()
        self.venue_version: Memo[tuple[object, ...], int] = Memo()  # by the files' stat
        self.assets: Memo[Path, assets.AssetTree] = Memo()
        self.style: Memo[str, str | None] = Memo()  # the shell style's CSP source, by tree hash
        self.cache_bypassed_until = 0.0  # monotonic time: the shared cache failed, left alone until then
        self._vapid_key: keys.VapidKey | None = None
        # When this process started: a follower with no check since is reported as stuck.
        self.started: datetime = self.now()
        # The loops this process started (a serving process only).
        self.follow: FollowRunner | None = None
        self.push_process: int | None = None  # the Web Push sending loop's (serving/push.py)

    def now(self) -> datetime:
        """The one clock of the server side (tests set `CLOCK` in the app's config)."""
        clock = self.config.get("CLOCK")
        return clock() if clock else utcnow()

    def tree_dir(self) -> Path:
        return Path(self.config["STATIC_DIR"])

    def tree(self) -> assets.AssetTree:
        """The static build this process serves (webapp.web.assets.tree)."""
        held = self.assets.held()
        if held is not None and not self.app.debug:  # read once: a deployment is a build and a restart
            return held[1]
        where, tree = assets.tree(self.tree_dir(), self.app.debug, held)
        return self.assets.put(where, tree)

    def style_hash(self) -> str | None:
        """The CSP source allowing the shell's inline style, worked out once per build."""
        tree = self.tree()
        held = self.style.held()
        if held is not None and held[0] == tree.tree_hash:
            return held[1]
        return self.style.put(tree.tree_hash, security.style_hash(tree))

    def vapid_key(self) -> keys.VapidKey:
        """The setting's key, else the one kept in DATA_DIR (made on first use)."""
        if self._vapid_key is None:
            given = self.config.get("PUSH_VAPID_KEY")
            self._vapid_key = keys.from_private(given) if given else keys.load_or_create(self.data_dir)
        return self._vapid_key
