"""Real Indico exports (../shared/specs/realworld2/): what `parse_source` and `merge` make of
them, against a reading of each file written here with nothing but `json.load`.

ACAT 2024 is an event export whose times are all in Zurich's zone while the event (Stony
Brook) is in US/Eastern; CHEP 2009 is a timetable export (Prague) of nested days and blocks,
its presenters written "SURNAME, Given". Names are compared without case: how an all-caps name
is written is `test_indico.py`'s business."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import shared_or_skip
from webapp.domain.model import Schedule
from webapp.importers.merge import Overrides, merge
from webapp.importers.sources import parse_source

ACAT = "acat-2024.indico-event-contributions.json"
CHEP = "chep-2009.indico-timetable.json"


def load(name: str) -> tuple[bytes, dict]:
    data = shared_or_skip("specs", "realworld2", name).read_bytes()
    return data, json.loads(data)


def instant(value: dict) -> datetime:
    naive = datetime.fromisoformat(f"{value['date']}T{value['time']}")
    return naive.replace(tzinfo=ZoneInfo(value["tz"])).astimezone(UTC)


def words(text: str | None) -> str | None:
    return " ".join(text.split()) if text else None


def reading(schedule: Schedule) -> list[tuple]:
    """(title, start, end, room, speakers, track) of each session, in UTC, names in lower case."""
    return sorted(
        (
            s.title,
            s.start.astimezone(UTC),
            s.end.astimezone(UTC),
            schedule.room(s.room).name if s.room else None,
            tuple(schedule.speaker(i).name.casefold() for i in s.speakers),
            schedule.track(s.track).name if s.track else None,
        )
        for s in schedule.sessions
    )


def acat_reading(doc: dict) -> tuple[list[tuple], int]:
    """The sessions ACAT's contributions make, and how many have no time."""
    event = doc["results"][0]
    out, untimed = [], 0
    for c in event["contributions"]:
        if c["startDate"] is None:
            untimed += 1
            continue
        people = c["speakers"] or c["primaryauthors"]
        # Three talks have no room and are "Remote": somewhere other than the event's venue.
        room = c["roomFullname"].strip() or ("Remote" if c["location"] == "Remote" else None)
        out.append(
            (
                words(c["title"]),
                instant(c["startDate"]),
                instant(c["endDate"]),
                room,
                tuple(words(f"{p['first_name']} {p['last_name']}").casefold() for p in people),
                c["session"],
            )
        )
    return sorted(out), untimed


def test_acat_event_export_imports_every_timed_contribution_at_its_exact_instant():
    data, doc = load(ACAT)
    schedule, warnings = merge([parse_source(data, ACAT)])
    expected, untimed = acat_reading(doc)
    assert (len(expected), untimed) == (175, 4)  # the README's traps: 4 without a start
    assert reading(schedule) == expected
    assert any(w.startswith(f"{ACAT}: 4 contribution(s) not in the timetable") for w in warnings)
    ev = schedule.event
    assert (ev.name, ev.timezone) == ("ACAT 2024", "US/Eastern")  # the venue's, not the times' Zurich
    assert ev.venue == "Charles B. Wang Center, Stony Brook University"
    days = {s[1].astimezone(ZoneInfo("US/Eastern")).date() for s in expected}
    assert set(ev.days) == days and len(days) == 5
    # Times were in Zurich's zone; the first talk starts at 09:00 on Long Island.
    first = min(schedule.sessions, key=lambda s: s.start)
    assert first.start.isoformat() == "2024-03-11T09:00:00-04:00"


def test_acat_descriptions_are_text_and_speakers_have_their_affiliation():
    data, doc = load(ACAT)
    schedule, _ = merge([parse_source(data, ACAT)])
    texts = [p for s in schedule.sessions for p in s.description]
    assert texts and not any("<p>" in p or "</" in p or "&nbsp;" in p for p in texts)
    affiliations: dict[str, set[str | None]] = {}
    for c in doc["results"][0]["contributions"]:
        for p in (c["speakers"] or c["primaryauthors"]) if c["startDate"] else ():
            name = words(f"{p['first_name']} {p['last_name']}").casefold()
            affiliations.setdefault(name, set()).add(words(p["affiliation"]))
    companies = {p.name.casefold(): p.company for p in schedule.speakers}
    assert set(companies) == set(affiliations)
    # One person with two records (two affiliations) is one speaker, with one of them.
    assert all(companies[name] in affiliations[name] for name in companies)
    assert sum(len(a) > 1 for a in affiliations.values()) >= 1


def chep_reading(doc: dict) -> tuple[list[tuple], set[str]]:
    """Contributions and breaks, inside blocks or not, each once; and the days with none."""
    days = doc["results"]["35523"]
    out, seen = {}, set()
    for entries in days.values():
        for key, entry in entries.items():
            children = entry.get("entries") or {}
            block = entry if entry["entryType"] == "Session" else None
            for child_key, child in children.items() if block else [(key, entry)]:
                if child_key in seen:
                    continue
                seen.add(child_key)
                people = []
                for p in child.get("presenters", []):
                    surname, _, given = p["name"].partition(",")
                    people.append(words(f"{given} {surname}").casefold())
                room = child["room"] or (block["room"] if block else "") or None
                out[child_key] = (
                    words(child["title"]),
                    instant(child["startDate"]),
                    instant(child["endDate"]),
                    room,
                    tuple(people),
                    block["title"] if block else None,
                )
    empty = {day for day, entries in days.items() if not entries}
    return sorted(out.values()), empty


def test_chep_timetable_imports_every_contribution_and_break_of_its_blocks_once():
    data, doc = load(CHEP)
    page = parse_source(data, CHEP)
    schedule, warnings = merge([page], Overrides(event_name="CHEP 2009", timezone="Europe/Prague"))
    expected, empty = chep_reading(doc)
    assert len(expected) == 543 and empty == {"20090321", "20090322"}
    assert reading(schedule) == expected
    assert Counter(s.kind for s in schedule.sessions)["Break"] == 13
    assert schedule.event.timezone == "Europe/Prague" and warnings == []
    days = {s[1].astimezone(ZoneInfo("Europe/Prague")).date().strftime("%Y%m%d") for s in expected}
    assert {d.strftime("%Y%m%d") for d in schedule.event.days} == days
    assert days == set(doc["results"]["35523"]) - empty
    assert schedule.event.venue == "Prague"
    assert "REDACTED" not in json.dumps(schedule.event.url)  # the export's own address holds an API key


def test_chep_timetable_without_a_zone_shows_the_times_zone_and_says_so():
    data, _ = load(CHEP)
    schedule, warnings = merge([parse_source(data, CHEP)], Overrides(event_name="CHEP 2009"))
    assert schedule.event.timezone == "Europe/Zurich"
    assert len(warnings) == 1 and "names no timezone" in warnings[0] and "--timezone" in warnings[0]


@pytest.mark.parametrize("name", [ACAT, CHEP])
def test_import_command_reads_the_real_export(runner, tmp_path, name):
    source = shared_or_skip("specs", "realworld2", name)
    out = tmp_path / "schedule.json"
    result = runner.invoke(
        args=["schedule", "import", str(source), "--out", str(out), "--event-name", "Real"]
    )
    assert result.exit_code == 0, result.output
    assert len(json.loads(out.read_text(encoding="utf-8"))["sessions"]) == {ACAT: 175, CHEP: 543}[name]
