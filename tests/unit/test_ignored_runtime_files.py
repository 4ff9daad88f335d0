"""What a run writes under data/ (stores, keys, the follower's state) is never committed; what
the repository ships there (the event's schedule, venue plan and sources) always is.

The names come from the code that writes them, so a store renamed or added there is checked
here as it is written, and the VAPID private key of a dev run cannot end up in a commit."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from webapp.corrections.store import STORE_FILE
from webapp.domain.storage import SCHEDULE_FILE
from webapp.importers.follow_state import FOLLOW_DIR, LOCK_FILE, STATE_FILE
from webapp.push.keys import KEY_FILE, PUSH_DIR
from webapp.push.store import STORE_FILE as PUSH_FILE
from webapp.venue import store as venue_store
from webapp.venue.plan import SVG_DIR, VENUE_FILE
from webapp.web.ratelimit import LIMIT_FILE

ROOT = Path(__file__).resolve().parents[2]
SQLITE = [
    f"{name}{suffix}" for name in (STORE_FILE, LIMIT_FILE, PUSH_FILE) for suffix in ("", "-wal", "-shm")
]
WRITTEN = [
    *SQLITE,
    f"{PUSH_DIR}/{KEY_FILE}",
    f"{PUSH_DIR}/lock",
    f"{FOLLOW_DIR}/{STATE_FILE}",
    f"{FOLLOW_DIR}/{LOCK_FILE}",
    f"{FOLLOW_DIR}/0123abcd.src",
    f".{SCHEDULE_FILE}.k2j3h4.tmp",  # a write_atomic killed before its rename
    f"{SVG_DIR}/{venue_store.STATE_FILE}",
    f"{SVG_DIR}/{venue_store.HISTORY_DIR}/venue.3.json",
    f"{SVG_DIR}/{venue_store.LOCK_FILE}",
    f"{SVG_DIR}/.tmp-k2j3h4",  # the venue store's write_atomic killed before its rename
]
SHIPPED = [SCHEDULE_FILE, VENUE_FILE, "sources/000_f0fe97cd188ad8b4.txt"]


def _ignored(rel: str) -> bool:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.fail("needs git and the repository's .git to ask what is ignored")
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", "-q", f"data/{rel}"], cwd=ROOT, timeout=30, check=False
    )
    assert done.returncode in (0, 1), done
    return done.returncode == 0


@pytest.mark.parametrize("rel", WRITTEN)
def test_what_a_run_writes_under_data_is_ignored(rel: str) -> None:
    assert _ignored(rel), f"data/{rel} is written by a run and must be in .gitignore"


@pytest.mark.parametrize("rel", SHIPPED)
def test_the_shipped_event_under_data_is_not_ignored(rel: str) -> None:
    assert not _ignored(rel)


def test_node_modules_a_folder_or_a_link_to_a_shared_one_is_never_committed() -> None:
    """npm's folder, or the link a second work tree makes to the first one's: a committed link
    replaces every checkout's own folder with a link to a path that may not exist there."""
    git = ["git", "-C", str(ROOT)]
    tracked = subprocess.run([*git, "ls-files", "--", "node_modules"], capture_output=True, text=True)
    assert tracked.stdout == "", "node_modules is committed"
    done = subprocess.run([*git, "check-ignore", "--no-index", "-q", "node_modules"], timeout=30, check=False)
    assert done.returncode == 0, "node_modules must be in .gitignore, with no trailing slash"
