"""iCalendar files of the schedule: the whole event, one session, a room, starred sessions.

Times carry the event's own zone with its VTIMEZONE, so a calendar shows 09:00 in Paris
as 09:00 in Paris wherever the phone is. A session's UID is its id at the event's id: it
does not depend on the host the file was fetched from, so a subscription made on the
local address and one made on the public one update the same entries. Corrections bump
a session's SEQUENCE and LAST-MODIFIED (its revision), so subscribed calendars replace
the entry instead of adding a second one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from icalendar import Alarm, Calendar, Event
from icalendar.prop import vText

from ..domain.interchange import (
    ICAL_KIND,
    ICAL_PRODID,
    ICAL_ROOM,
    ICAL_SPEAKER,
    ICAL_SPEAKER_ID,
    ICAL_TRACK,
    ICAL_URL,
)
from ..domain.kinds import kind_name
from ..domain.model import Schedule, Session
from ..domain.timeutil import zone
from ..i18n.translate import Translator, translator

# (SEQUENCE, LAST-MODIFIED) of a session, from the corrections layer.
Revisions = Mapping[str, tuple[int, datetime]]
MAX_ALARM_MINUTES = 24 * 60


def parse_alarm(text: str | None) -> int | None:
    """Minutes before a session for a reminder (`?alarm=10`); None for no reminder."""
    if text is None or text == "":
        return None
    # ASCII digits only: str.isdigit() also takes "٣", which no calendar wants.
    if not re.fullmatch(r"[0-9]{1,4}", text) or int(text) > MAX_ALARM_MINUTES:
        raise ValueError(f"alarm: a whole number of minutes from 0 to {MAX_ALARM_MINUTES}, not {text!r}")
    return int(text)


def uid(schedule: Schedule, session: Session) -> str:
    return f"{session.id}@{schedule.event.id}"


def titles(t: Translator) -> dict[str, str]:
    """The names of a session's, a room's and the starred sessions' calendars, as templates
    (`{event}`, `{session}`, `{room}`) in `t`'s language; the whole event's is its name."""
    return {
        "session": t._("{event}: {session}"),
        "room": t._("{event}: {room}"),
        # Translators: the name of the calendar of the sessions a person starred.
        "my": t._("{event}: my schedule"),
    }


def cancelled_word(t: Translator) -> str:
    # Translators: the first line of a cancelled session's description in a calendar.
    return t._("CANCELLED")


def category(t: Translator, kind: str) -> str:
    """A kind as the calendar's CATEGORIES names it: its name (domain/kinds.py) translated."""
    return t._(kind_name(kind))


def words(t: Translator, kinds: Iterable[str]) -> dict[str, Any]:
    """The words this module writes into calendar files in `t`'s language (the event's) that
    are not English, for the app to make the same files offline (static/js/data/calendar-file.js,
    through the outline's `calendar_words`). Only what differs from English, which the app
    knows: an English event's outline carries nothing.

    {"cancelled": str, "titles": {"session"|"room"|"my": template}, "kinds": {raw: name}}, each
    key absent when English; `kinds` holds a kind of `kinds` whose category differs from its
    English name (the outline's `kind_names`, else the raw word).
    """
    english = translator("en", "messages")
    out: dict[str, Any] = {}
    if cancelled_word(t) != cancelled_word(english):
        out["cancelled"] = cancelled_word(t)
    named = {k: v for k, v in titles(t).items() if v != titles(english)[k]}
    if named:
        out["titles"] = named
    names = {k: category(t, k) for k in sorted(set(kinds)) if k and category(t, k) != kind_name(k)}
    if names:
        out["kinds"] = names
    return out


def calendar(
    schedule: Schedule,
    sessions: Iterable[Session],
    *,
    title: str,
    app_url: str,
    stamp: datetime,
    revisions: Revisions | None = None,
    alarm_minutes: int | None = None,
    t: Translator | None = None,
) -> bytes:
    """An iCalendar file of `sessions`; its words (the kinds, "Cancelled") in `t`'s language,
    the event's (English when none is given).

    `app_url` is where the app lives (links back to each session's page); `stamp` is when
    the schedule was published: DTSTAMP of every entry and LAST-MODIFIED of those that
    have no revision.
    """
    tz = zone(schedule.event.timezone)
    cal = Calendar()
    cal.add("prodid", ICAL_PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    # A property of its own line: a line break from the data (a corrected title) would break it.
    cal.add("x-wr-calname", " ".join(title.split()))
    cal.add("x-wr-timezone", schedule.event.timezone)
    # Subscribed calendars poll; an hour keeps corrections reaching them on the day.
    cal.add("refresh-interval", timedelta(hours=1), parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", "PT1H")
    chosen = sorted(sessions, key=lambda s: (s.start, s.id))
    base = app_url.rstrip("/")
    t = t or translator("en", "messages")
    for s in chosen:
        cal.add_component(_vevent(schedule, s, tz, base, stamp, revisions or {}, alarm_minutes, t))
    if chosen:
        cal.add_missing_timezones(
            first_date=chosen[0].start.date() - timedelta(days=366),
            last_date=chosen[-1].end.date() + timedelta(days=366),
        )
    return cal.to_ical()


def _vevent(
    schedule: Schedule,
    s: Session,
    tz: tzinfo,
    base: str,
    stamp: datetime,
    revisions: Revisions,
    alarm_minutes: int | None,
    t: Translator,
) -> Event:
    sequence, modified = revisions.get(s.id, (0, stamp))
    url = f"{base}/session/{s.id}"
    ev = Event()
    ev.add("uid", uid(schedule, s))
    ev.add("dtstamp", stamp.astimezone(UTC))
    ev.add("dtstart", s.start.astimezone(tz))
    ev.add("dtend", s.end.astimezone(tz))
    ev.add("summary", s.title)
    ev.add("sequence", sequence)
    ev.add("last-modified", modified.astimezone(UTC))
    ev.add("status", "CANCELLED" if s.status == "cancelled" else "CONFIRMED")
    ev.add("url", url)
    location = _location(schedule, s)
    if location:
        ev.add("location", location)
    ev.add("description", _description(schedule, s, url, t))
    track = schedule.track(s.track) if s.track else None
    categories = [c for c in (s.kind and category(t, s.kind), track.name if track else None) if c]
    if categories:
        ev.add("categories", categories)
    # For our importer: what LOCATION, CATEGORIES and DESCRIPTION mix, each on its own.
    room = schedule.room(s.room) if s.room else None
    for name, value in (
        (ICAL_ROOM, room.name if room else None),
        (ICAL_KIND, s.kind),
        (ICAL_TRACK, track.name if track else None),
    ):
        if value:
            ev.add(name, vText(value))  # as text: the library writes an X- value unescaped
    if s.url:
        ev.add(ICAL_URL, vText(s.url))
    for speaker in (schedule.speaker(i) for i in s.speakers):
        if speaker:
            # The id tells apart two people whose names differ only in case ("bi3n3", "Bi3n3").
            ev.add(ICAL_SPEAKER, vText(speaker.name), parameters={ICAL_SPEAKER_ID: speaker.id})
    if alarm_minutes is not None and s.status != "cancelled":
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", s.title)
        alarm.add("trigger", timedelta(minutes=-alarm_minutes))
        ev.add_component(alarm)
    return ev


def _location(schedule: Schedule, s: Session) -> str:
    room = schedule.room(s.room) if s.room else None
    return ", ".join(p for p in (room.name if room else None, schedule.event.venue, schedule.event.city) if p)


def _description(schedule: Schedule, s: Session, url: str, t: Translator) -> str:
    names = [sp.name for sp in (schedule.speaker(i) for i in s.speakers) if sp]
    parts = []
    if s.status == "cancelled":
        parts.append(cancelled_word(t))
    if names:
        parts.append(", ".join(names))
    parts.extend(s.description)
    parts.append(url)
    return "\n\n".join(parts)
