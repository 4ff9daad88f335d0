"""The outline document indexed as the app indexes it (static/js/data/store.js, `index`), with
the venue's clock (static/js/data/time.js): the zone table the outline carries, its day ranges,
and the zone's labels (the words for days, times and lengths are the reader's: voice.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

ID_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
DAY_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _when(value: Any) -> datetime | None:
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except (AttributeError, TypeError, ValueError):
        return None
    return parsed if parsed.tzinfo else None


def iso(at: datetime) -> str:
    """As JavaScript's Date.prototype.toISOString writes it."""
    utc = at.astimezone(UTC)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


@dataclass
class Session:
    raw: dict[str, Any]
    id: str
    title: str
    start: datetime
    end: datetime
    day: str
    lang: str | None
    people: list[dict[str, Any]]
    cancelled: bool


class Outline:
    def __init__(self, doc: dict[str, Any]) -> None:
        event = doc["event"]
        self.doc = doc
        self.event = event
        self.zone_name = _str(event.get("timezone")) or "UTC"
        try:
            self.zone: Any = ZoneInfo(self.zone_name)
        except (ZoneInfoNotFoundError, ValueError):
            self.zone = UTC
        self.periods = self._periods(doc.get("zone"))
        self.ranges = [
            (d["date"], s, e)
            for d in event.get("day_ranges") or []
            if isinstance(d, dict)
            and DAY_RE.fullmatch(str(d.get("date")))
            and (s := _when(d.get("start")))
            and (e := _when(d.get("end")))
            and s < e
        ]
        self.rooms = self._named(doc.get("rooms"))
        self.tracks = self._named(doc.get("tracks"))
        speakers = self._named(doc.get("speakers"))
        room_order = {rid: i for i, rid in enumerate(self.rooms)}
        sessions = []
        for raw in doc.get("sessions") or []:
            if (
                not isinstance(raw, dict)
                or not ID_RE.fullmatch(str(raw.get("id")))
                or not _str(raw.get("title"))
            ):
                continue
            start, end = _when(raw.get("start")), _when(raw.get("end"))
            if not start or not end:
                continue
            people = [speakers[p] for p in raw.get("speakers") or [] if p in speakers]
            lang = _str(raw.get("language")) or _str(event.get("language"))
            sessions.append(
                Session(
                    raw,
                    raw["id"],
                    raw["title"],
                    start,
                    end,
                    self.conference_day(start),
                    lang,
                    people,
                    raw.get("status") == "cancelled",
                )
            )
        sessions.sort(key=lambda s: (s.start, room_order.get(s.raw.get("room"), -1)))
        self.sessions = sessions
        self.by_id = {s.id: s for s in sessions}
        days = [d for d in event.get("days") or [] if isinstance(d, str) and DAY_RE.fullmatch(d)]
        self.days = days or list(dict.fromkeys(s.day for s in sessions))
        self.languages = sorted({s.lang for s in sessions if s.lang})
        self.kind_names = doc.get("kind_names") if isinstance(doc.get("kind_names"), dict) else {}
        self.language_names = doc.get("language_names") if isinstance(doc.get("language_names"), dict) else {}

    @staticmethod
    def _named(items: Any) -> dict[str, dict[str, Any]]:
        return {
            x["id"]: x
            for x in items or []
            if isinstance(x, dict) and ID_RE.fullmatch(str(x.get("id"))) and _str(x.get("name"))
        }

    def _periods(self, table: Any) -> tuple[datetime, list[tuple[datetime, int, str]]] | None:
        if not isinstance(table, dict) or table.get("name") != self.zone_name:
            return None
        until = _when(table.get("until"))
        periods = [
            (f, p["offset"], p["label"])
            for p in table.get("periods") or []
            if isinstance(p, dict) and (f := _when(p.get("from")))
        ]
        return (until, periods) if until and periods else None

    def _period(self, at: datetime) -> tuple[datetime, int, str] | None:
        if not self.periods or not (self.periods[1][0][0] <= at < self.periods[0]):
            return None
        return [p for p in self.periods[1] if p[0] <= at][-1]

    def local(self, at: datetime) -> datetime:
        period = self._period(at)
        if period:
            return (at + timedelta(minutes=period[1])).astimezone(UTC).replace(tzinfo=None)
        return at.astimezone(self.zone).replace(tzinfo=None)

    def zone_label(self, at: datetime) -> str:
        period = self._period(at)
        return period[2] if period else at.astimezone(self.zone).tzname() or self.zone_name

    def conference_day(self, at: datetime) -> str:
        for date, start, end in self.ranges:
            if start <= at < end:
                return date
        return self.local(at).strftime("%Y-%m-%d")

    def kind_name(self, kind: str) -> str:
        return self.kind_names.get(kind, kind)

    def language_name(self, tag: str) -> str:
        name = self.language_names.get(tag)
        return name if isinstance(name, str) and name.strip() else tag
