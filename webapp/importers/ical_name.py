"""The event's name from a calendar: X-WR-CALNAME (or RFC 7986's NAME), unless that is a slug
(`kccnceu2026`, as Sched writes) and the file says a better one (Sched's PRODID, a
meaningful X-WR-CALDESC).

A calendar that names nothing (pretalx writes no X-WR-CALNAME) is still imported: the
import gets a stand-in name, the most meaningful the file has (its description, the web
address its events share, the file's own name), and says so (`fallback_event_name`).
"""

from __future__ import annotations

import re
from pathlib import PurePath
from urllib.parse import SplitResult, urlsplit

from icalendar import Calendar, Component

from .ical_exporters import sched_event_name

_SLUG = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")
_GENERIC = {"event", "events", "calendar", "schedule", "feed", "the", "of", "all", "basic", "export",
            "ical", "ics", "agenda", "program", "programme", "programm", "fahrplan", "talk", "talks",
            "session", "sessions", "index", "download", "cal", "e", "test"}  # fmt: skip


def event_name(cal: Calendar, events: list[Component], source: str) -> tuple[str | None, str | None]:
    """(the name the calendar gives, a stand-in when it gives none)."""
    named = _text(cal.get("X-WR-CALNAME") or cal.get("NAME"))
    # Pentabarf names every calendar "iCal": a name of generic words only names no event.
    given = named if _meaningful(named) or (named and len(named) > 80) else None
    better = sched_event_name(str(cal.get("PRODID", ""))) or _meaningful(cal.get("X-WR-CALDESC"))
    if given and _SLUG.match(given) and better:
        return better, None
    if given:
        return given, None
    if sched_event_name(str(cal.get("PRODID", ""))):
        return better, None
    stand_in = better or _address(events) or file_name(source) or _product(str(cal.get("PRODID", "")))
    return None, stand_in or source


def _text(value: object) -> str | None:
    return " ".join(str(value).split()) or None if value is not None else None


def _meaningful(value: object) -> str | None:
    """A description short enough to be a name and saying more than "Event Calendar"."""
    text = _text(value)
    words = re.findall(r"\w+", (text or "").lower())
    return text if text and len(text) <= 80 and any(w not in _GENERIC for w in words) else None


def _address(events: list[Component]) -> str | None:
    """The web address the events' URLs share (host and common path, less words like
    "talk"): `cfp.openondemand.org/2025` for pretalx's `.../2025/talk/RXCFVB/`."""
    urls = [u for u in (_url(e.get("URL")) for e in events) if u and u.scheme in ("http", "https")]
    urls = [u for u in urls if u.hostname]
    if not urls or len(urls) * 2 < len(events) or len({u.hostname for u in urls}) > 1:
        return None
    paths = [[p for p in u.path.split("/") if p] for u in urls]
    common: list[str] = []
    for segments in zip(*paths, strict=False):
        if len(set(segments)) > 1 or len(common) == min(len(p) for p in paths) - 1:
            break
        common.append(segments[0])
    while common and common[-1].lower() in _GENERIC:
        common.pop()
    return "/".join([str(urls[0].hostname), *common])


def _product(prodid: str) -> str | None:
    """The product PRODID names: `-//Google Inc//Google Calendar 70.9054//EN` is
    "Google Inc Google Calendar 70.9054"."""
    parts = [p.strip() for p in prodid.removeprefix("-").split("//") if p.strip()]
    if len(parts) > 1 and re.fullmatch(r"[A-Za-z]{2}(-[A-Za-z]{2})?", parts[-1]):
        parts.pop()
    return " ".join(parts) or None


def _url(value: object) -> SplitResult | None:
    try:
        return urlsplit(str(value).strip()) if value else None
    except ValueError:  # "http://[::1" is no address
        return None


def file_name(source: str) -> str | None:
    stem = PurePath(source).name.split(".")[0]
    words = re.findall(r"[^\W_]+", stem.lower())
    return stem if any(w not in _GENERIC for w in words) else None
