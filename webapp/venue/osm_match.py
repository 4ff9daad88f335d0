"""Which OpenStreetMap room is which room of the schedule: by `ref` or `name`, ignoring case and
punctuation, so the schedule's "K.3.201 (Foo)" finds the room mapped as ref=K.3.201."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

_ASIDE = re.compile(r"\([^)]*\)|\[[^\]]*\]")


@dataclass(frozen=True)
class Mapped:
    osm: str  # "way/12"
    ref: str | None
    name: str | None


@dataclass(frozen=True)
class Match:
    room: str  # the schedule's room id
    osm: str
    by: str  # "ref" or "name"


def key(text: str | None) -> str:
    """Letters and digits only, case-folded and without accents: "K.3.201" -> "k3201"."""
    if not text:
        return ""
    plain = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in plain if c.isalnum())


def _keys_of(rid: str, name: str) -> list[str]:
    """The schedule room's keys, most exact first: its name, its name without what is in
    brackets ("H.1301 (Cornil)" -> "H.1301"), its id."""
    return [key(name), key(_ASIDE.sub(" ", name)), key(rid)]


def match(rooms: Mapping[str, str], mapped: list[Mapped]) -> tuple[list[Match], list[str]]:
    """Each schedule room (id -> name) with the one mapped room it names, and a sentence for
    each name more than one mapped room answers to (those stay unmatched: a guess would put
    attendees in the wrong room)."""
    index: dict[str, list[tuple[Mapped, str]]] = {}
    for m in mapped:
        for by, value in (("ref", m.ref), ("name", m.name)):
            k = key(value)
            if k and all(found is not m for found, _ in index.get(k, [])):
                index.setdefault(k, []).append((m, by))
    taken: set[str] = set()
    found: dict[str, Match] = {}
    doubts: dict[str, str] = {}
    for rank in range(3):  # every exact name first, so a bracketed name never takes its room
        for rid, name in rooms.items():
            if rid in found or rid in doubts:
                continue
            k = _keys_of(rid, name)[rank]
            if not k or (rank and k in _keys_of(rid, name)[:rank]):
                continue
            options = [(m, by) for m, by in index.get(k, []) if m.osm not in taken]
            if len(options) == 1:
                m, by = options[0]
                found[rid] = Match(rid, m.osm, by)
                taken.add(m.osm)
            elif options:
                which = ", ".join(m.osm for m, _ in options)
                doubts[rid] = f"{name}: {len(options)} mapped rooms answer to it ({which}); left unmatched"
    ordered = [found[rid] for rid in rooms if rid in found]
    return ordered, [doubts[rid] for rid in rooms if rid in doubts]
