"""Stable ids: once a session or speaker id is published (on a door, in a QR code, in a
calendar), no later import may change it or hand it to someone else.

New ids are derived from content (a hash of the normalized title, a slug of the name);
existing ids are carried over from the previous schedule by matching sessions, so a
session that moves room or time, or has its title's typo fixed, keeps its id.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from difflib import SequenceMatcher

# No 0/o, 1/l: ids are read off doors and typed by hand.
_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
SESSION_ID_LENGTHS = (6, 7, 8)


@dataclass(frozen=True)
class SessionKey:
    title: str
    start: datetime
    room: str | None = None  # the room's name, not its id: room ids may change too
    proposed: str | None = None  # an id the source gives (frab), used for a new session


def normalize(text: str) -> str:
    return " ".join(re.findall(r"\w+", unicodedata.normalize("NFKC", text).casefold()))


def slug(text: str) -> str:
    """At most 64 characters, like every id (a name parsed from a broken page can be long)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:64].rstrip("-") or "x"


def similarity(a: str, b: str) -> float:
    return SequenceMatcher(None, normalize(a), normalize(b)).ratio()


def session_ids(new: Sequence[SessionKey], previous: Sequence[tuple[str, SessionKey]]) -> list[str]:
    """An id for each of `new`, reusing the id of the previous session each one continues."""
    ids: list[str | None] = [None] * len(new)
    free = dict(previous)

    def same_title(n: SessionKey, p: SessionKey) -> float:
        return 1.0 if normalize(n.title) == normalize(p.title) else 0.0

    passes: list[Callable[[SessionKey, SessionKey], float]] = [
        lambda n, p: same_title(n, p) * (n.start == p.start),
        same_title,
        lambda n, p: similarity(n.title, p.title) * (n.start == p.start and n.room == p.room) >= 0.5,
        lambda n, p: similarity(n.title, p.title) >= 0.8,
    ]
    for score in passes:
        for i in sorted(range(len(new)), key=lambda k: (new[k].start, new[k].title)):
            if ids[i] is not None:
                continue
            options = [
                (score(new[i], p), -abs((new[i].start - p.start).total_seconds()), pid)
                for pid, p in free.items()
            ]
            options = [o for o in options if o[0] > 0]
            if options:
                ids[i] = max(options)[2]
                del free[ids[i]]
    used = {pid for pid, _ in previous} | {i for i in ids if i}
    for i in sorted(range(len(new)), key=lambda k: (new[k].start, new[k].title)):
        if ids[i] is None:
            ids[i] = _fresh_session_id(new[i], used)
            used.add(ids[i])
    return [i for i in ids if i is not None]


def _fresh_session_id(key: SessionKey, used: set[str]) -> str:
    if key.proposed and _ID.match(key.proposed) and key.proposed not in used:
        return key.proposed
    for salt in range(1000):
        seed = normalize(key.title) + (f"#{salt}" if salt else "")
        digest = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest(), "big")
        code = "".join(_ALPHABET[(digest >> (5 * k)) & 31] for k in range(max(SESSION_ID_LENGTHS)))
        for length in SESSION_ID_LENGTHS:
            if code[:length] not in used:
                return code[:length]
    raise RuntimeError("no free session id after 1000 tries")  # 32**8 ids: not reachable


def named_ids(names: Sequence[str], previous: Iterable[tuple[str, str]], fuzzy: float = 1.0) -> list[str]:
    """Ids for people, rooms or tracks: the previous id of the same (or, with `fuzzy` < 1,
    a very similar) name, else a slug of the name made unique with -2, -3..."""
    free = {pid: name for pid, name in previous}
    used = set(free)
    ids: list[str | None] = [None] * len(names)
    for exact in (True, False):
        for i, name in enumerate(names):
            if ids[i] is not None:
                continue
            found = [(similarity(name, old), pid) for pid, old in free.items()]
            found = [(s, pid) for s, pid in found if (s == 1.0 if exact else s >= fuzzy)]
            if found:
                ids[i] = max(found)[1]
                del free[ids[i]]
    for i, name in enumerate(names):
        if ids[i] is None:
            # Ids are at most 64 characters (schemas/schedule.schema.json): a name parsed from a
            # broken page can be a whole paragraph; room is left for a "-NNN" suffix.
            base = slug(name)[:56].rstrip("-") or "x"
            candidate, n = base, 1
            while candidate in used:
                n += 1
                candidate = f"{base}-{n}"
            ids[i] = candidate
            used.add(candidate)
    return [i for i in ids if i is not None]
