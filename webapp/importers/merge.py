"""Several sources of one event -> one Schedule.

The same session seen in several files appears once, with every field any of them shows.
Pages without titles (a session's own page, a fragment of one) only add to the session
they belong to. Ids come from `webapp.domain.ids`, reusing those of the previous schedule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from ..domain.ids import normalize
from ..domain.model import Schedule
from ..domain.text import clean_schedule
from ..domain.timeutil import guess_zone, localize, zone
from .build import build_schedule
from .ical_name import file_name
from .raw import RawPage, RawSession, SourceError, split_kind


@dataclass(frozen=True)
class Overrides:
    timezone: str | None = None
    event_name: str | None = None
    venue: str | None = None
    city: str | None = None
    language: str | None = None  # the event's main language, e.g. "en"
    strict: bool = False  # refuse on the first problem instead of setting the row aside
    # Spreadsheets: (field, header) for columns whose names are not recognized (--column), and
    # "day-first" or "month-first" for dates like 03/04/2026 (--date-format).
    columns: tuple[tuple[str, str], ...] = ()
    date_format: str | None = None


@dataclass
class Group:
    """One session as several sources saw it; `filters` are (page, field, value) said by a
    page's filter rather than by the session's own lines."""

    seen: list[RawSession] = field(default_factory=list)
    filters: list[tuple[str, str, str]] = field(default_factory=list)
    bios: list[tuple[str, str, bool]] = field(default_factory=list)  # (source, bio, truncated)


def merge(
    pages: Sequence[RawPage], overrides: Overrides = Overrides(), previous: Schedule | None = None
) -> tuple[Schedule, list[str]]:
    """The merged schedule and warnings (things a person should look at, nothing lost).

    The pages are used up: their times are made aware in place.
    """
    if not pages:
        raise ValueError("no sources to import")
    if not any(s.title for p in pages for s in p.sessions):
        raise SourceError(", ".join(p.source for p in pages), "no sessions with a title in these sources")
    name, stand_in = _event_name(pages, overrides)
    tz, guessed = _timezone(pages, overrides)
    warnings: list[str] = [w for w in (stand_in, guessed) if w]
    warnings += [note for page in pages for note in page.notes]
    groups: dict[tuple[str, datetime, int], Group] = {}
    for page in pages:
        for s in page.sessions:
            if s.title is None:
                continue
            if s.start is None or s.end is None:
                raise SourceError(page.source, f"session {s.title!r} has no time", s.line)
            s.start, s.end = _aware(s.start, tz), _aware(s.end, tz)
            # One page never lists a session twice: same title and time there are two sessions.
            # Sched's calendar, pages and API keep "Keynote: " in their titles, a source without
            # the prefix (another tool's file, an older capture) names the same talk: one
            # session either way.
            key: tuple[str, datetime, int] = (normalize(split_kind(s.title)[1]), s.start, 0)
            while any(x.source == s.source for x in groups.get(key, Group()).seen):
                key = (key[0], key[1], key[2] + 1)
            group = groups.setdefault(key, Group())
            group.seen.append(s)
            if page.filter_track:
                group.filters.append((page.source, "track", page.filter_track))
            if page.filter_level:
                group.filters.append((page.source, "level", page.filter_level))
    for page in pages:
        for s in page.sessions:
            if s.title is None:
                _attach(page, s, list(groups.values()), tz, warnings)
    schedule = build_schedule(name, tz, pages, overrides, list(groups.values()), previous)
    return clean_schedule(schedule), warnings


def _event_name(pages: Sequence[RawPage], overrides: Overrides) -> tuple[str, str | None]:
    """The event's name, and a warning when it is a stand-in."""
    named = [(p.source, p.event_name) for p in pages if p.event_name]
    first = named[0] if named else None
    for source, other in named:
        if first and normalize(other) != normalize(first[1]):
            raise SourceError(
                source, f"is for {other!r} but {first[0]} is for {first[1]!r}: different events"
            )
    name = overrides.event_name or (first[1] if first else None)
    if name:
        return name, None
    for page in pages:
        if page.fallback_event_name:
            return page.fallback_event_name, (
                f"{page.source} does not name the event: it is called {page.fallback_event_name!r}, "
                "from what the file has; pass --event-name to name it"
            )
    # One rule for every format: a source that names no event is imported under its file's
    # name (as a calendar without X-WR-CALNAME is), with the same warning.
    source = pages[0].source
    stand_in = file_name(source) or source
    return stand_in, (
        f"{source} does not name the event: it is called {stand_in!r}, from the file's name; "
        "pass --event-name to name it"
    )


def _timezone(pages: Sequence[RawPage], overrides: Overrides) -> tuple[str, str | None]:
    """The event's zone, and a warning when it is a guess."""
    if overrides.timezone:
        zone(overrides.timezone)  # refuse an unknown name before anything else
        return overrides.timezone, None
    for page in pages:
        if page.timezone:
            return page.timezone, None
    city = overrides.city or next((p.city for p in pages if p.city), None)
    offset = next((p.utc_offset for p in pages if p.utc_offset is not None), None)
    when = next((s.start for p in pages for s in p.sessions if s.start is not None), None)
    guessed = guess_zone(city, offset, when) if city and offset is not None and when else None
    if guessed is not None:
        return guessed, None
    for page in pages:
        if page.fallback_timezone:
            return page.fallback_timezone, (
                f"{page.source} names no timezone: times are shown in {page.fallback_timezone}; "
                "pass --timezone with the venue's (e.g. Europe/Berlin) to show them as its clocks do"
            )
    if city is None and offset is None:
        raise SourceError(
            pages[0].source, "the times name no timezone; pass --timezone (an IANA name like Europe/Paris)"
        )
    if city is None:  # a Sched export: wall-clock times, and instants that give only the offset
        raise SourceError(
            pages[0].source,
            f"the times are the venue's clock at UTC{offset:+g} and name no timezone; pass --timezone "
            "(an IANA name like Europe/Paris), or --city to find the zone of that offset there",
        )
    raise SourceError(
        pages[0].source, f"cannot tell the timezone (city {city!r}, UTC offset {offset}); pass --timezone"
    )


def _aware(value: datetime, tz: str) -> datetime:
    return localize(value, tz) if value.tzinfo is None else value.astimezone(zone(tz))


def _attach(page: RawPage, s: RawSession, groups: list[Group], tz: str, warnings: list[str]) -> None:
    """Add a title-less page to the one session it belongs to; it never creates one."""
    if s.start is not None and s.end is not None:
        s.start, s.end = _aware(s.start, tz), _aware(s.end, tz)
        found = [g for g in groups if (g.seen[0].start, g.seen[0].end) == (s.start, s.end)]
        if len(found) > 1 and s.room:
            found = [g for g in found if any(normalize(x.room or "") == normalize(s.room) for x in g.seen)]
    else:
        mine = {normalize(p) for p in s.description} | {normalize(b) for b, _ in page.loose_bios}
        scored = [(len(mine & _paragraphs(g)), n) for n, g in enumerate(groups)]
        best = max(scored)[0] if scored else 0
        found = [groups[n] for score, n in scored if score == best and best > 0]
    if len(found) != 1:
        what = "no session" if not found else f"{len(found)} sessions"
        raise SourceError(
            page.source, f"this page has no title and matches {what} in the other sources", s.line
        )
    group = found[0]
    group.seen.append(s)
    group.bios.extend((page.source, bio, cut) for bio, cut in page.loose_bios)
    if page.kind != "fragment":
        return
    # A fragment's paragraphs are description or bio; only matching tells which.
    others = [x for x in group.seen if x is not s]
    said = {normalize(p) for x in others for p in x.description}
    bios = {normalize(sp.bio) for x in others for sp in x.speakers if sp.bio}
    kept = []
    for p in s.description:
        if normalize(p) in said:
            kept.append(p)
        elif normalize(p) in bios:
            group.bios.append((page.source, p, False))
        else:
            warnings.append(
                f"{page.source}: a paragraph matches nothing of {group.seen[0].title!r}: {p[:60]!r}"
            )
    s.description = tuple(kept)


def _paragraphs(group: Group) -> set[str]:
    out = {normalize(p) for s in group.seen for p in s.description}
    out |= {normalize(sp.bio) for s in group.seen for sp in s.speakers if sp.bio}
    return out
