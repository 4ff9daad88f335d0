"""Real conferences' calendars (../shared/specs/realworld/): what `schedule import` makes of
them, against a reading of the files written here with nothing but regular expressions, and
both frab exports of the result valid against the formats' own schemas. Then calendars of
other tools (../shared/specs/realworld2/: pretalx, Google Calendar, a university's own)
through `parse_source` and `merge`, against the icalendar library's reading of each (and,
for pretalx's speakers packed into titles, the same event's pretalx JSON)."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import icalendar
import jsonschema
import pytest
import xmlschema

from tests.conftest import shared_or_skip
from webapp import create_app
from webapp.domain.storage import load_schedule
from webapp.importers.merge import Overrides, merge
from webapp.importers.sources import parse_source

# (file, --timezone, the event's zone): Kiel's calendar is in UTC alone, so the venue's zone
# is named, as the import's warning asks.
CALENDARS = [("jres_2022.ics", None, "Europe/Paris"), ("kielux_2020.ics", "Europe/Berlin", "Europe/Berlin")]


def unescape(text: str) -> str:
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m[1] in "nN" else m[1], text)


def instant(prop: str) -> datetime:
    """`DTSTART;TZID=Europe/Paris:20220517T110000` or `DTSTART:20200918T110000Z` as UTC."""
    zone = re.search(r";TZID=([^;:]+)", prop)
    clock = re.search(r":(\d{8}T\d{6})(Z?)$", prop)
    assert clock, prop
    naive = datetime.strptime(clock[1], "%Y%m%dT%H%M%S")
    return naive.replace(tzinfo=UTC if clock[2] else ZoneInfo(zone[1])).astimezone(UTC)


def independent_reading(data: bytes) -> list[tuple]:
    """(title, start, end, room, speakers) of each VEVENT, in UTC, by regular expressions."""
    # JRES ends some lines with a stray CR before CRLF: it belongs to the line break.
    text = re.sub(rb"\r*\n[ \t]", b"", data).decode("utf-8")
    out = []
    for block in re.findall(r"^BEGIN:VEVENT\r?$(.*?)^END:VEVENT\r?$", text, re.M | re.S):
        props: dict[str, list[str]] = {}
        for line in block.strip().split("\n"):
            props.setdefault(re.match(r"[A-Z-]+", line)[0], []).append(line.rstrip("\r"))
        value = {name: unescape(lines[0].split(":", 1)[1]) for name, lines in props.items()}

        speakers = tuple(re.search(r';CN="?([^";:]+)', a)[1] for a in props.get("ATTENDEE", []))
        out.append(
            (
                " ".join(value["SUMMARY"].split()),
                instant(props["DTSTART"][0]),
                instant(props["DTEND"][0]),
                value.get("LOCATION", "").strip() or None,
                speakers,
            )
        )
    return sorted(out)


def imported_reading(schedule) -> list[tuple]:
    return sorted(
        (
            s.title,
            s.start.astimezone(UTC),
            s.end.astimezone(UTC),
            schedule.room(s.room).name if s.room else None,
            tuple(schedule.speaker(i).name for i in s.speakers),
        )
        for s in schedule.sessions
    )


@pytest.fixture(scope="module")
def json_schema():
    schema = json.loads(shared_or_skip("specs", "schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft6Validator(schema, format_checker=jsonschema.Draft6Validator.FORMAT_CHECKER)


@pytest.fixture(scope="module")
def xsd():
    return xmlschema.XMLSchema(str(shared_or_skip("specs", "schedule.xml.xsd")))


@pytest.mark.parametrize(("name", "timezone", "zone"), CALENDARS, ids=[c[0] for c in CALENDARS])
def test_real_calendar_imports_as_written_and_exports_valid_frab(
    name, timezone, zone, tmp_path, json_schema, xsd
):
    source = shared_or_skip("specs", "realworld", name)
    expected = independent_reading(source.read_bytes())
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    args = ["schedule", "import", str(source)] + (["--timezone", timezone] if timezone else [])
    result = app.test_cli_runner().invoke(args=args)
    assert result.exit_code == 0, result.output
    schedule = load_schedule(tmp_path / "schedule.json")

    assert len(schedule.sessions) == len(expected) > 20
    assert imported_reading(schedule) == expected
    assert schedule.event.timezone == zone
    local_days = {start.astimezone(ZoneInfo(zone)).date() for _, start, _, _, _ in expected}
    assert set(schedule.event.days) == local_days
    # Each UID proposes its session's id: importing again into an empty place gives the same.
    assert len({s.id for s in schedule.sessions}) == len(expected)

    client = app.test_client()
    doc = client.get("/export/schedule.json").get_json()
    errors = sorted(json_schema.iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    xml = client.get("/export/schedule.xml").data.decode("utf-8")
    assert not [str(e) for e in xsd.iter_errors(xml)][:5]
    events = [e for day in doc["schedule"]["conference"]["days"] for r in day["rooms"].values() for e in r]
    assert len(events) == len([s for s in schedule.sessions if s.status != "cancelled"])


def test_a_calendar_in_utc_alone_imports_in_utc_with_a_warning_naming_the_option(tmp_path):
    source = shared_or_skip("specs", "realworld", "kielux_2020.ics")
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    result = app.test_cli_runner().invoke(args=["schedule", "import", str(source)])
    assert result.exit_code == 0, result.output
    assert "names no timezone" in result.output and "--timezone" in result.output
    schedule = load_schedule(tmp_path / "schedule.json")
    assert schedule.event.timezone == "UTC"
    assert imported_reading(schedule) == independent_reading(source.read_bytes())


# Set 2 (../shared/specs/realworld2/): (file, --timezone, the event's zone, its name). GOOD's
# pretalx calendar names no event; Bristol's is in UTC alone, so the venue's zone is named.
CALENDARS_2 = [
    ("good-2025.pretalx-schedule.ics", None, "US/Eastern", "cfp.openondemand.org/2025"),
    ("lgbt-history-festival-2015.google-calendar.ics", None, "Europe/London", "Main Festival"),
    ("bristol-data-week-2025.ics", "Europe/London", "Europe/London", "Bristol Data Week 2025"),
]


def pretalx_talks(name: str) -> dict[str, tuple[str, tuple]]:
    """talk URL -> (title, ((name, organisation), ...)) from the same event's pretalx JSON:
    another export of the schedule, so the calendar's packed SUMMARY is checked against it."""
    doc = json.loads(shared_or_skip("specs", "realworld2", name).read_text(encoding="utf-8"))
    talks = {}
    for day in doc["schedule"]["conference"]["days"]:
        for events in day["rooms"].values():
            for e in events:
                people = (re.fullmatch(r"(.*?) \[(.*)\]", p["public_name"]) for p in e["persons"])
                names = tuple((m[1], m[2]) if m else (p["public_name"], None)
                              for m, p in zip(people, e["persons"], strict=True))  # fmt: skip
                talks[e["url"]] = (" ".join(e["title"].split()), names)
    return talks


def library_reading(data: bytes, talks: dict[str, tuple[str, tuple]] | None) -> list[tuple]:
    """(title, start, end, room, speakers as (name, company)) of each timed VEVENT, in UTC, as
    the icalendar library reads it; ATTENDEE names that are not e-mail addresses speak."""
    out = []
    for event in icalendar.Calendar.from_ical(data).walk("VEVENT"):
        start, end = event["DTSTART"].dt, event["DTEND"].dt
        if not isinstance(start, datetime):
            continue
        room = html.unescape(" ".join(str(event.get("LOCATION", "")).split())) or None
        if talks is not None:
            title, speakers = talks[str(event["URL"])]
        else:
            title = " ".join(str(event["SUMMARY"]).split())
            attendees = event.get("ATTENDEE", [])
            attendees = attendees if isinstance(attendees, list) else [attendees]
            cns = [str(a.params.get("CN", "")) for a in attendees]
            speakers = tuple((cn, None) for cn in cns if cn and "@" not in cn)
        out.append((title, start.astimezone(UTC), end.astimezone(UTC), room, speakers))
    return sorted(out)


@pytest.mark.parametrize(("name", "timezone", "zone", "event"), CALENDARS_2, ids=[c[0] for c in CALENDARS_2])
def test_calendars_of_other_tools_import_as_the_files_say(name, timezone, zone, event):
    source = shared_or_skip("specs", "realworld2", name)
    talks = pretalx_talks(name.replace(".ics", ".json")) if "pretalx" in name else None
    expected = library_reading(source.read_bytes(), talks)

    page = parse_source(source.read_bytes(), name, timezone)
    schedule, warnings = merge([page], Overrides(timezone=timezone))

    got = sorted(
        (
            s.title,
            s.start.astimezone(UTC),
            s.end.astimezone(UTC),
            schedule.room(s.room).name if s.room else None,
            tuple((schedule.speaker(i).name, schedule.speaker(i).company) for i in s.speakers),
        )
        for s in schedule.sessions
    )
    assert len(got) == len(expected) > 15
    assert got == expected
    assert schedule.event.timezone == zone and schedule.event.name == event
    assert set(schedule.event.days) == {start.astimezone(ZoneInfo(zone)).date() for _, start, *_ in expected}
    assert [w for w in warnings if "does not name the event" in w] == (
        [] if talks is None else [f"{name} does not name the event: it is called {event!r}, "
                                  "from what the file has; pass --event-name to name it"]
    )  # fmt: skip
    if talks is not None:  # the packed speakers are the point of this file
        assert sum(len(s.speakers) for s in schedule.sessions) > 50
