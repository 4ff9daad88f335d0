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
from collections.abc import Callable, Container, Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from difflib import SequenceMatcher

from rapidfuzz import process
from rapidfuzz.distance import Indel

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


def is_id(text: str) -> bool:
    """Whether `text` can be an id as it is (lowercase, URL-safe, at most 64 characters)."""
    return bool(_ID.match(text))


def normalize(text: str) -> str:
    return " ".join(re.findall(r"\w+", unicodedata.normalize("NFKC", text).casefold()))


def slug(text: str) -> str:
    """At most 64 characters, like every id (a name parsed from a broken page can be long)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:64].rstrip("-") or "x"


def similarity(a: str, b: str) -> float:
    return SequenceMatcher(None, normalize(a), normalize(b)).ratio()


def session_ids(
    new: Sequence[SessionKey], previous: Sequence[tuple[str, SessionKey]], taken: Iterable[str] = ()
) -> list[str]:
    """An id for each of `new`, reusing the id of the previous session each one continues;
    never one of `taken` (ids already given to other sessions).

    Four passes, each giving every new session still without an id (earliest first) the best
    free previous one: same title and start; same title (nearest start); a similar title in
    the same slot and room; a very similar title (nearest start). Ties go to the greater id.
    Candidates come from indexes and a cheap bound, not from comparing every pair.
    """
    ids: list[str | None] = [None] * len(new)
    free = dict(previous)
    titles = [normalize(k.title) for k in new]
    old_titles = {pid: normalize(p.title) for pid, p in free.items()}
    order = sorted(range(len(new)), key=lambda k: (new[k].start, new[k].title))

    def nearest(i: int, pid: str) -> float:
        return -abs((new[i].start - free[pid].start).total_seconds())

    def any_of(i: int, pid: str) -> float:
        return 0.0

    by_title_start = _index(free, lambda pid, p: (old_titles[pid], p.start))
    by_title = _index(free, lambda pid, p: old_titles[pid])
    by_slot = _index(free, lambda pid, p: (p.start, p.room))
    passes: list[tuple[Callable[[int], Iterable[str]], Callable[[int, str], float]]] = [
        (lambda i: by_title_start.get((titles[i], new[i].start), ()), any_of),
        (lambda i: by_title.get(titles[i], ()), nearest),
        (
            lambda i: [
                pid
                for pid in by_slot.get((new[i].start, new[i].room), ())
                if pid in free and _ratio(titles[i], old_titles[pid]) >= 0.5
            ],
            any_of,
        ),
        (lambda i: _similar(titles[i], old_titles, free, 0.8), nearest),
    ]
    for candidates, rank in passes:
        for i in order:
            if ids[i] is not None:
                continue
            options = [(rank(i, pid), pid) for pid in candidates(i) if pid in free]
            if options:
                ids[i] = max(options)[1]
                del free[ids[i]]
    used = {pid for pid, _ in previous} | {i for i in ids if i} | set(taken)
    for i in order:
        if ids[i] is None:
            ids[i] = _fresh_session_id(new[i], used)
            used.add(ids[i])
    return [i for i in ids if i is not None]


def _index(
    free: dict[str, SessionKey], key: Callable[[str, SessionKey], Hashable]
) -> dict[Hashable, list[str]]:
    out: dict[Hashable, list[str]] = {}
    for pid, p in free.items():
        out.setdefault(key(pid, p), []).append(pid)
    return out


def _ratio(a: str, b: str) -> float:
    """`similarity` of two texts already normalized."""
    return SequenceMatcher(None, a, b).ratio()


def _similar(text: str, others: dict[str, str], free: Container[str], at_least: float) -> list[str]:
    """The keys of `others` (normalized texts) still in `free` whose similarity to `text` is
    `at_least`. difflib's ratio (2M/T, M: the characters of its matching blocks) is never above
    the ratio of the longest common subsequence, which rapidfuzz computes in C for all of them
    at once: only the few that pass that bound need difflib, and the result is the same. (Its
    cutoff is lowered a little: at a score exactly on the cutoff rapidfuzz may say no.)"""
    bound = process.extract(
        text, others, scorer=Indel.normalized_similarity, score_cutoff=at_least - 0.01, limit=None
    )
    return [pid for _, _, pid in bound if pid in free and _ratio(text, others[pid]) >= at_least]


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
    rank = {pid: n for n, pid in enumerate(free)}
    used = set(free)
    ids: list[str | None] = [None] * len(names)
    keys = [normalize(n) for n in names]
    old = {pid: normalize(name) for pid, name in free.items()}
    same: dict[str, list[str]] = {}
    for pid, text in old.items():
        same.setdefault(text, []).append(pid)
    for exact in (True, False):
        for i, text in enumerate(keys):
            if ids[i] is not None:
                continue
            if exact:
                # A ratio of 1.0 needs equal texts (and difflib's heuristic for long texts can
                # still say less, so it is asked).
                found = [
                    (1.0, pid) for pid in same.get(text, ()) if pid in free and _ratio(text, old[pid]) == 1.0
                ]
            else:
                found = [(_ratio(text, old[pid]), pid) for pid in _similar(text, old, free, fuzzy)]
            if found:
                # Ties go to the first in the previous order: two people of one name keep their
                # ids import after import (the greater id flipped them each time).
                ids[i] = max(found, key=lambda f: (f[0], -rank[f[1]]))[1]
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
