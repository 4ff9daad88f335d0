"""What goes on a door sign: one room, one day, its sessions in the event's timezone.

Pure: a Schedule in, plain data out; the print templates only lay it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from babel.dates import format_date

from ..domain.kinds import kind_name
from ..domain.model import Room, Schedule, Session
from ..domain.timeutil import zone
from ..i18n.locale_data import babel_locale, skeleton_pattern
from ..i18n.translate import Translator, translator

# English as the signs always wrote the day (no comma after the weekday); others from CLDR.
ENGLISH_DAY = "EEEE d MMMM y"


@dataclass(frozen=True)
class SignSession:
    id: str
    title: str
    start: str  # "09:00", event time
    end: str
    speakers: tuple[str, ...]  # names
    kind: str | None
    cancelled: bool


@dataclass(frozen=True)
class Sign:
    room: Room
    day: date
    day_label: str  # "Tuesday 7 April 2026"
    tz_label: str  # "CEST (Europe/Paris)"
    sessions: tuple[SignSession, ...]


def days(schedule: Schedule) -> tuple[date, ...]:
    """The event's days as declared, else every day that has a session."""
    if schedule.event.days:
        return tuple(sorted(schedule.event.days))
    return tuple(sorted({schedule.event.day_of(s.start) for s in schedule.sessions}))


def day_label(day: date, lang: str = "en") -> str:
    """ "Tuesday 7 April 2026", "mardi 7 avril 2026", "Dienstag, 7. April 2026"."""
    loc = babel_locale(lang)
    pattern = ENGLISH_DAY if lang == "en" else skeleton_pattern(loc, "yMMMMEEEEd")
    return format_date(day, pattern, locale=loc)


def _tz_label(name: str, day: date) -> str:
    # The abbreviation can change within a year (CET/CEST), so take the one of that day.
    noon = datetime(day.year, day.month, day.day, 12, tzinfo=zone(name))
    abbreviation = noon.tzname() or name
    return abbreviation if abbreviation == name else f"{abbreviation} ({name})"


def _entry(schedule: Schedule, session: Session, t: Translator) -> SignSession:
    tz = zone(schedule.event.timezone)
    names = []
    for speaker_id in session.speakers:
        speaker = schedule.speaker(speaker_id)
        names.append(speaker.name if speaker else speaker_id)
    return SignSession(
        id=session.id,
        title=session.title,
        start=f"{session.start.astimezone(tz):%H:%M}",
        end=f"{session.end.astimezone(tz):%H:%M}",
        speakers=tuple(names),
        kind=session.kind and t._(kind_name(session.kind)),
        cancelled=session.status == "cancelled",
    )


def sign(schedule: Schedule, room: Room, day: date, lang: str = "en") -> Sign:
    """`lang`: the event's language, the sign's day and kinds are written in."""
    # The conference's day: a 01:00 session is on the evening's sign, as in the app.
    chosen = sorted(
        (s for s in schedule.sessions if s.room == room.id and schedule.event.day_of(s.start) == day),
        key=lambda s: (s.start, s.end, s.title),
    )
    return Sign(
        room=room,
        day=day,
        day_label=day_label(day, lang),
        tz_label=_tz_label(schedule.event.timezone, day),
        sessions=tuple(_entry(schedule, s, translator(lang, "messages")) for s in chosen),
    )


def index(schedule: Schedule, lang: str = "en") -> list[Sign]:
    """Every room on every day, in the schedule's room order, empty signs included."""
    return [sign(schedule, room, day, lang) for room in schedule.rooms for day in days(schedule)]
