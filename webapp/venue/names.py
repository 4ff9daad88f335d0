"""Buildings and floors read from room names, for a venue nobody described in a file.

Large venues name rooms by a convention their attendees navigate by: FOSDEM's `K.3.201` is
building K, third floor; `UD2.120` is wing UD, second floor; `H.1301` is building H, first
floor (its first digit). Other events write the building out: "Hall 7 | Room B". The rule,
first match wins, on the name without a trailing "(...)":

1. `<letters>.<level>.<room>`  (K.3.201, K.-1.05)      -> building <letters>, floor <level>
2. `<letters><level>.<room>`   (UD2.120, AW1.126)      -> building <letters>, floor <level>
3. `<letters>.<digits>`        (H.1301, H.2215)        -> building <letters>, floor: the first
   digit when the number has four digits or more (rooms numbered by floor), else unknown
4. `<building> | <room>` or `<building> / <room>`     -> building as written, floor unknown
5. anything else                                       -> no building (listed as other rooms)

`<letters>` is one to three capital letters, so ordinary names ("Room 1.2", "Stage A") stay
out. What the organizer writes in venue.json (`rooms[].building`, `rooms[].level`, a floor's
`building` and `level`) wins over the rule. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

LETTERS = r"(?P<b>[A-Z]{1,3})"
DOTTED = re.compile(LETTERS + r"\.(?P<l>-?\d{1,2})\.\w+")
JOINED = re.compile(LETTERS + r"(?P<l>-?\d)\.\w+")
NUMBERED = re.compile(LETTERS + r"\.(?P<n>\d{2,})\w*")
SPLIT = re.compile(r"\s+[|/]\s+")
ASIDE = re.compile(r"\s*\([^()]*\)\s*$")


class Place(NamedTuple):
    building: str | None
    level: int | None


NOWHERE = Place(None, None)


def place(name: str) -> Place:
    """Where a room is, read from its name alone."""
    bare = ASIDE.sub("", name).strip()
    for pattern in (DOTTED, JOINED):
        m = pattern.fullmatch(bare)
        if m:
            return Place(m["b"], int(m["l"]))
    m = NUMBERED.fullmatch(bare)
    if m:
        number = m["n"]
        return Place(m["b"], int(number[0]) if len(number) >= 4 else None)
    parts = SPLIT.split(bare, maxsplit=1)
    if len(parts) == 2 and parts[0].strip():
        return Place(parts[0].strip(), None)
    return NOWHERE


def places(rooms: Mapping[str, str]) -> dict[str, Place]:
    """room id -> its place, for every room of the schedule (id -> name)."""
    return {rid: place(name) for rid, name in rooms.items()}


def building_order(found: Iterable[str | None]) -> list[str]:
    """Buildings in the order they first appear (the schedule's room order), once each."""
    return list(dict.fromkeys(b for b in found if b is not None))
