"""Real conferences' calendars (../shared/specs/realworld/): what `schedule import` makes of
them, against a reading of the files written here with nothing but regular expressions, and
both frab exports of the result valid against the formats' own schemas."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import jsonschema
import pytest
import xmlschema

from tests.conftest import shared_or_skip
from webapp import create_app
from webapp.domain.storage import load_schedule

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
