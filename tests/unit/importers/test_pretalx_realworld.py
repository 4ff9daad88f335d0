"""Real pretalx exports (../shared/specs/realworld2/): what `parse_source` and `merge` make of
them, against a reading of each file written here with nothing but `xml.etree` or `json`.

DENOG16 is a frab-style `schedule.xml` whose days run 04:00 to 03:59 the next morning; GOOD
2025 an older pretalx `schedule.json` (version 0.33, the legacy zone US/Eastern, room guids
null) with its `schedule.ics` beside it. GOOD's speakers wrote their organisation into their
names (`Name [Org]`), and pretalx writes that name alike in both files."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from datetime import UTC, date, datetime, timedelta

import pytest

from tests.conftest import shared_or_skip
from webapp.domain.model import Schedule
from webapp.importers.merge import merge
from webapp.importers.sources import parse_source

DENOG = "denog16.pretalx-schedule.xml"
GOOD = "good-2025.pretalx-schedule.json"
GOOD_ICS = "good-2025.pretalx-schedule.ics"


def raw(name: str) -> bytes:
    return shared_or_skip("specs", "realworld2", name).read_bytes()


def imported(*names: str) -> Schedule:
    schedule, warnings = merge([parse_source(raw(n), n) for n in names])
    assert not any("cannot" in w or "guess" in w for w in warnings), warnings
    return schedule


def span(start: str, duration: str) -> tuple[datetime, datetime]:
    """The instants of a `date` with its offset and an `HH:MM` duration, in UTC."""
    begin = datetime.fromisoformat(start)
    hours, minutes = map(int, duration.split(":"))
    return begin.astimezone(UTC), (begin + timedelta(hours=hours, minutes=minutes)).astimezone(UTC)


def person(public_name: str) -> tuple[str, str | None]:
    """(name, organisation) of "Name [Org]", as GOOD's speakers wrote themselves."""
    if public_name.endswith("]") and " [" in public_name:
        name, _, org = public_name[:-1].partition(" [")
        return name, org
    return public_name, None


def reading(schedule: Schedule) -> dict[str, tuple]:
    """guid -> (id, title, start, end, room, people, day, kind, track) of each session."""
    return {
        s.guid: (
            s.number,
            s.title,
            s.start.astimezone(UTC),
            s.end.astimezone(UTC),
            schedule.room(s.room).name if s.room else None,
            tuple((schedule.speaker(i).name, schedule.speaker(i).company) for i in s.speakers),
            schedule.event.day_of(s.start),
            s.kind,
            schedule.track(s.track).name if s.track else None,
        )
        for s in schedule.sessions
    }


def denog_reading(root: ET.Element) -> dict[str, tuple]:
    out = {}
    for day in root.iter("day"):
        for room in day.iter("room"):
            for e in room.iter("event"):
                assert e.findtext("room") == room.get("name")
                people = tuple((p.text.strip(), None) for p in e.iterfind("persons/person"))
                out[e.get("guid")] = (
                    int(e.get("id")),
                    e.findtext("title"),
                    *span(e.findtext("date"), e.findtext("duration")),
                    room.get("name"),
                    people,
                    date.fromisoformat(day.get("date")),
                    e.findtext("type"),
                    e.findtext("track") or None,
                )
    return out


def test_denog_xml_imports_every_event_at_its_instant_in_its_room_and_day_with_its_speakers():
    root = ET.fromstring(raw(DENOG))
    expected = denog_reading(root)
    schedule = imported(DENOG)
    assert len(expected) == 35 and reading(schedule) == expected
    ev = schedule.event
    assert (ev.id, ev.name, ev.timezone) == ("denog16", "DENOG16", "Europe/Berlin")
    assert [d.isoformat() for d in ev.days] == [d.get("date") for d in root.iter("day")]
    # Day 1 is the six workshop rooms; the Auditorium comes on days 2 and 3.
    rooms = {r.get("name"): r.get("guid") for r in root.iter("room") if r.get("guid")}
    assert {r.name: r.guid for r in schedule.rooms} == rooms
    assert {e[4] for e in expected.values() if e[6] == ev.days[0]} == set(list(rooms)[:6])
    # One guid each, though both of a workshop's slots carry its submission's id.
    assert len({s.id for s in schedule.sessions}) == 35
    assert [s.number for s in schedule.sessions].count(57249) == 2
    people = {(p.get("id"), p.text.strip()) for p in root.iter("person")}
    assert sorted(p.name for p in schedule.speakers) == sorted(name for _, name in people)


def test_denog_days_change_at_four_in_the_morning():
    root = ET.fromstring(raw(DENOG))
    ev = imported(DENOG).event
    for index, day in enumerate(root.iter("day"), start=1):
        when, start, last = day.get("date"), day.get("start"), day.get("end")
        evening = date.fromisoformat(when)
        starts = datetime.fromisoformat(start)
        assert ev.day_of(starts) == evening
        if index > 1:  # 03:59:59 is the night before's
            assert ev.day_of(starts - timedelta(seconds=1)) == evening - timedelta(days=1)
        night = starts.replace(hour=1) + timedelta(days=1)  # a 01:00 session is the evening's
        assert ev.day_of(night) == evening
        # 03:59 is the day's last minute, all of it.
        assert ev.day_of(datetime.fromisoformat(last) + timedelta(seconds=59)) == evening


def test_denog_text_is_decoded_and_empty_fields_are_none():
    root = ET.fromstring(raw(DENOG))
    schedule = imported(DENOG)
    by_guid = {s.guid: s for s in schedule.sessions}
    for e in root.iter("event"):
        s = by_guid[e.get("guid")]
        assert (s.subtitle, s.track, s.language) == (None, None, e.findtext("language"))
        text = " ".join("\n".join(s.description).split())
        assert "&#" not in text and "&amp;" not in text
        abstract = e.findtext("abstract")  # its character references read by the XML parser
        assert " ".join(abstract.split()[:4]) in text
    assert any("’" in p for s in schedule.sessions for p in s.description)


def good_reading(doc: dict) -> dict[str, tuple]:
    out = {}
    for day in doc["schedule"]["conference"]["days"]:
        for room, events in day["rooms"].items():  # a dict keyed by the room's name
            for e in events:
                out[e["guid"]] = (
                    e["id"],
                    " ".join(e["title"].split()),  # two titles have a double space
                    *span(e["date"], e["duration"]),
                    room,
                    tuple(person(p["public_name"]) for p in e["persons"]),
                    date.fromisoformat(day["date"]),
                    e["type"],
                    e["track"],
                )
    return out


def test_good_json_imports_every_event_at_its_instant_in_its_room_and_day_with_its_speakers():
    doc = json.loads(raw(GOOD))
    expected = good_reading(doc)
    schedule = imported(GOOD)
    assert len(expected) == 72 and reading(schedule) == expected
    assert sum(not s.speakers for s in schedule.sessions) == 14
    conf = doc["schedule"]["conference"]
    ev = schedule.event
    assert (ev.id, ev.name, ev.timezone) == ("2025", "GOOD 2025", "US/Eastern")
    assert [d.isoformat() for d in ev.days] == [d["date"] for d in conf["days"]]
    assert {r.name: r.guid for r in schedule.rooms} == {r["name"]: None for r in conf["rooms"]}
    for day in conf["days"]:
        assert ev.day_of(datetime.fromisoformat(day["day_start"])) == date.fromisoformat(day["date"])
    # Brackets in a type or track are the event's own words, not an organisation.
    assert "Other [Share your creative idea for the program]" in {s.kind for s in schedule.sessions}
    codes = {p["code"]: person(p["public_name"]) for e in expected for p in _persons(doc, e)}
    assert sorted((p.name, p.company) for p in schedule.speakers) == sorted(codes.values())


def _persons(doc: dict, guid: str) -> list[dict]:
    days = doc["schedule"]["conference"]["days"]
    return next(e["persons"] for d in days for es in d["rooms"].values() for e in es if e["guid"] == guid)


def speakers_by_talk(schedule: Schedule) -> dict[tuple[datetime, str], list[tuple[str, str | None]]]:
    return {
        (s.start, s.title): [(schedule.speaker(i).name, schedule.speaker(i).company) for i in s.speakers]
        for s in schedule.sessions
    }


def test_good_json_and_ics_name_the_same_people_the_same_way():
    from_json, from_ics = imported(GOOD), imported(GOOD_ICS)
    assert speakers_by_talk(from_json) == speakers_by_talk(from_ics)
    assert {p.id for p in from_json.speakers} == {p.id for p in from_ics.speakers}


def test_good_json_and_ics_imported_together_give_one_person_per_speaker():
    doc = json.loads(raw(GOOD))
    together = imported(GOOD, GOOD_ICS)
    alone = imported(GOOD)
    assert len(together.sessions) == 72
    codes = {p["code"] for e in good_reading(doc) for p in _persons(doc, e)}
    assert len(together.speakers) == len(codes) == 63
    assert speakers_by_talk(together) == speakers_by_talk(alone)


@pytest.mark.parametrize(("names", "count"), [((DENOG,), 35), ((GOOD,), 72), ((GOOD, GOOD_ICS), 72)])
def test_import_command_reads_the_real_exports(runner, tmp_path, names, count):
    out = tmp_path / "schedule.json"
    sources = [str(shared_or_skip("specs", "realworld2", n)) for n in names]
    result = runner.invoke(args=["schedule", "import", *sources, "--out", str(out)])
    assert result.exit_code == 0, result.output
    written = json.loads(out.read_text(encoding="utf-8"))
    assert len(written["sessions"]) == count
    people = {sp for s in written["sessions"] for sp in s["speakers"]}
    assert people == {p["id"] for p in written["speakers"]}
    assert len(written["speakers"]) == {DENOG: 40, GOOD: 63}[names[0]]
