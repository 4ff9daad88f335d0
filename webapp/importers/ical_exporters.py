"""What two schedule tools write into their calendars, told by PRODID, beyond RFC 5545.

Sched (`all.ics`, PRODID `-//Sched.com <event name>//EN`):
- `X-WR-TIMEZONE:UTC` in every calendar, whatever the venue's zone, and times in UTC: the
  file cannot say the event's zone, so the import needs `--timezone`;
- `X-WR-CALNAME` is the event's slug (`kccnceu2026`), its name is in PRODID;
- LOCATION is the room followed by the venue's address (", City, Country"), the same on
  every room: that tail is the event's venue and city, not part of each room's name.

pretalx (`schedule.ics`, PRODID `-//pretalx//<host>//<event slug>`) writes no calendar name.
Both write the speakers into SUMMARY (`ical_summary`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from ..domain.ids import normalize
from .ical_summary import split_titles
from .raw import RawPage, RawSpeaker, split_kind

SCHED_ZONE = (
    "a Sched calendar says X-WR-TIMEZONE:UTC whatever the venue's zone (Sched writes it in "
    "every calendar), so the file cannot tell the event's zone, which day boundaries and "
    "clocks need: pass --timezone with the venue's zone (an IANA name like Europe/Amsterdam)"
)
_EMOJI = re.compile(r"^[^\w]+")  # "📚 Tutorial": the kind is "Tutorial"
_SCHED = re.compile(r"^-//Sched\.com\b\s*(.*?)\s*//[A-Za-z-]*$", re.IGNORECASE)


def apply_conventions(page: RawPage, exporter: str | None) -> None:
    """Speakers out of the titles, and Sched's venue address off the rooms, onto the event."""
    if exporter == "sched":  # "Whole Ship\,": the comma before a venue address Sched left empty
        for s in page.sessions:
            s.room = (s.room.rstrip(", ") or None) if s.room else None
    split = split_titles((s.title for s in page.sessions if s.title), exporter)
    tail = venue_tail(s.room for s in page.sessions if s.room) if exporter == "sched" else []
    if len(tail) > 1:
        page.city, page.venue = ", ".join(tail[-2:]), ", ".join(tail[:-2]) or None
    elif tail:
        page.venue = tail[0]
    for s in page.sessions:
        s.room = without_tail(s.room, tail)
        if s.title in split:
            s.title, people = split[s.title]
            s.heading_people = [(n, c) for n, _, c in people]
            known = {normalize(sp.name) for sp in s.speakers}
            s.speakers += [
                RawSpeaker(n, role=r, company=c) for n, r, c in people if normalize(n) not in known
            ]
        if exporter == "sched" and s.kind is None and s.title:
            # The kind a "Keynote: " prefix says, beside a title kept as published.
            kind, _ = split_kind(s.title)
            s.kind = _EMOJI.sub("", kind).strip() or None if kind else None


def exporter_of(prodid: str) -> str | None:
    """Who wrote the calendar: "sched", "pretalx", or None (any other tool)."""
    if _SCHED.match(prodid.strip()):
        return "sched"
    if prodid.strip().lower().startswith("-//pretalx//"):
        return "pretalx"
    return None


def sched_event_name(prodid: str) -> str | None:
    found = _SCHED.match(prodid.strip())
    return " ".join(found[1].split()) or None if found else None


def venue_tail(locations: Iterable[str]) -> list[str]:
    """The ", "-separated tail ("Amsterdam", "Netherlands") that most rooms with a comma
    share, two at least, each keeping a name without it; else []. (A room of another place,
    "Online", keeps its name.)"""
    parts = [loc.split(", ") for loc in dict.fromkeys(locations) if ", " in loc]
    tail: list[str] = []
    while True:
        k = len(tail) + 1
        counts = Counter(p[-k] for p in parts if len(p) > k and p[len(p) - len(tail) :] == tail)
        part, count = counts.most_common(1)[0] if counts else ("", 0)
        if count < 2 or count * 2 <= len(parts):
            return tail
        tail.insert(0, part)


def without_tail(location: str | None, tail: list[str]) -> str | None:
    suffix = ", " + ", ".join(tail)
    if location and tail and location.endswith(suffix):
        return location[: -len(suffix)]
    return location
