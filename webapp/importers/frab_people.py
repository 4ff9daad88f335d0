"""The rooms, tracks and speakers a frab file names, each given one stable id.

frab names rooms and tracks by their display name inside every event; a person is an
object repeated in each of their events. This collects them once, in the order the file
first gives them, and hands out ids: a slug the file gives, else one made from the name.

A name written `Name [Org]` (as some pretalx events ask their speakers to) is the name and
the company, as the ICS importer reads pretalx's titles: one person, however it is imported.

Who is the same person: a guid (or pretalx's speaker code) says it outright, and two
different guids are never one person, however alike their names. A frab `id` is not unique
across a file (some exporters write 0 for everyone), so it only tells apart two people of
the same name; without either, the name decides.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Any

from ..domain.colors import hex_color
from ..domain.interchange import slugify
from ..domain.model import Room, Speaker, Track
from .affiliation import name_and_org
from .markup import as_text

_SLUG = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class _Named:
    """Names -> ids, first come first served, never two names on one id."""

    def __init__(self, fallback: str) -> None:
        self.fallback = fallback
        self.ids: dict[str, str] = {}

    def add(self, name: str, slug: Any = None) -> str:
        if name in self.ids:
            return self.ids[name]
        base = slug if isinstance(slug, str) and _SLUG.match(slug) else slugify(name)[:48] or self.fallback
        candidate, n = base, 1
        while candidate in self.ids.values():
            n += 1
            candidate = f"{base}-{n}"
        self.ids[name] = candidate
        return candidate


class Catalog:
    def __init__(self, extension: dict[str, Any], *, markup: bool = True, orgs: bool = True) -> None:
        self._markup = markup  # whether bios may be HTML or Markdown (not in our own export)
        self._orgs = orgs  # whether `Name [Org]` is a company (our own export names people as they are)
        self._rooms = _Named("room")
        self._tracks = _Named("track")
        self._people: dict[tuple[str, ...], Speaker] = {}
        # How each person's name is written, in the order met: a file merged from several
        # sub-schedules may spell one guid two ways; the person is named as written most.
        self._spellings: dict[tuple[str, ...], Counter[str]] = {}
        self._room_guids: dict[str, str] = {}
        self._track_colors: dict[str, str] = {}  # pretalx and frab give tracks[].color
        self._taken: set[str] = set()
        extra = extension.get("speakers") if isinstance(extension, dict) else None
        self._extra: dict[str, Any] = extra if isinstance(extra, dict) else {}

    def declare(self, rooms: Any, tracks: Any) -> None:
        for table, items in ((self._rooms, rooms), (self._tracks, tracks)):
            for item in items if isinstance(items, list) else ():
                if isinstance(item, dict) and isinstance(item.get("name"), str) and item["name"].strip():
                    name = item["name"].strip()
                    table.add(name, item.get("slug"))
                    guid = item.get("guid")
                    if table is self._rooms and isinstance(guid, str) and guid.strip():
                        self._room_guids.setdefault(name, guid.strip())
                    color = hex_color(item.get("color"))
                    if table is self._tracks and color:
                        self._track_colors.setdefault(name, color)

    def forget_room_guids(self, source_guids: dict[str, Any]) -> None:
        """Keep only the room guids our own export says came from a source."""
        self._room_guids = {n: g for n, g in source_guids.items() if isinstance(g, str) and g}

    def room(self, name: str | None) -> str | None:
        return self._rooms.add(name) if name else None

    def track(self, name: str | None) -> str | None:
        return self._tracks.add(name) if name else None

    def speaker(self, person: Any, where: str) -> str | None:
        """The person's id; None for one with no name, whom the caller sets aside."""
        if isinstance(person, str):  # a person written as their name alone
            person = {"name": person}
        if not isinstance(person, dict):
            return None
        names = (person.get(key) for key in ("name", "public_name", "full_name"))
        name = next((n for n in names if isinstance(n, str) and n.strip()), None)
        if name is None:
            return None
        name, org = name_and_org(" ".join(name.split())) if self._orgs else (" ".join(name.split()), None)
        guid = person.get("guid") if isinstance(person.get("guid"), str) and person["guid"].strip() else None
        key = _identity(person, name, guid)
        self._spellings.setdefault(key, Counter())[name] += 1
        if key in self._people:
            return self._people[key].id
        extra = self._extra.get(person.get("guid"), {})
        extra = extra if isinstance(extra, dict) else {}
        speaker_id = extra.get("id") if isinstance(extra.get("id"), str) else self._speaker_id(name, key[-1])
        self._people[key] = Speaker(
            id=speaker_id,
            name=name,
            role=_opt(extra.get("role")),
            company=_opt(extra.get("company")) or org,
            bio=as_text(person.get("biography"), markup=self._markup),
            bio_truncated=extra.get("bio_truncated") is True,
            # Our own export's guids are made up unless the extension says it kept a source's.
            guid=_opt(extra.get("guid")) if extra else guid.strip().lower() if guid else None,
        )
        self._taken.add(speaker_id)
        return speaker_id

    def _speaker_id(self, name: str, key: str) -> str:
        # A name slug: the same person gets the same id from every source that names them.
        base = slugify(name)[:48] or "speaker"
        candidate, n = base, 1
        while candidate in self._taken:
            n += 1
            candidate = f"{base}-{slugify(key)[:8]}" if n == 2 and slugify(key) else f"{base}-{n}"
        return candidate

    def rooms(self) -> tuple[Room, ...]:
        return tuple(Room(id=i, name=n, guid=self._room_guids.get(n)) for n, i in self._rooms.ids.items())

    def tracks(self) -> tuple[Track, ...]:
        return tuple(
            Track(id=i, name=n, color=self._track_colors.get(n)) for n, i in self._tracks.ids.items()
        )

    def room_name(self, room_id: str | None) -> str:
        return next((n for n, i in self._rooms.ids.items() if i == room_id), "")

    def speakers(self) -> tuple[Speaker, ...]:
        """In the order of the Hallway extension when there is one (our own export), else as met."""
        order = {v.get("id"): n for n, v in enumerate(self._extra.values()) if isinstance(v, dict)}
        people = [replace(p, name=self._spellings[k].most_common(1)[0][0]) for k, p in self._people.items()]
        return tuple(sorted(people, key=lambda p: order.get(p.id, len(order))))


def _identity(person: dict[str, Any], name: str, guid: str | None) -> tuple[str, ...]:
    if guid:
        return ("guid", guid.strip().lower())
    if isinstance(person.get("code"), str) and person["code"].strip():
        return ("code", person["code"].strip())
    if person.get("id") not in (None, ""):
        return ("id", name, str(person["id"]))
    return ("name", name)


def _opt(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None
