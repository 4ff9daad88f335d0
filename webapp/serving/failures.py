"""What serving raises when the store fails: the routes answer 503 for these, never a 500."""

from __future__ import annotations

import sqlite3

from ..corrections.store import Damaged

# What a damaged, missing or replaced-by-a-directory store raises.
STORE_ERRORS = (sqlite3.Error, OSError)


class StoreDamaged(sqlite3.DatabaseError):
    """Rows of the store no longer read: the schedule is served without them, writes wait for
    the organizer to set them aside (`hallway corrections set-aside VERSION`)."""

    def __init__(self, damaged: tuple[Damaged, ...]) -> None:
        self.damaged = damaged
        versions = ", ".join(f"v{d.version}" for d in damaged)
        super().__init__(
            f"stored correction(s) {versions} no longer read ({damaged[0].reason}); the schedule is "
            "served without them and writes are refused until each is set aside: "
            "`hallway corrections list` shows them, `hallway corrections set-aside VERSION` repairs"
        )


class StoreUnavailable(Exception):
    """The corrections store cannot be read and this process has no schedule in memory."""
