"""Real conferences' Sessionize exports (../shared/specs/realworld2/): what the import makes of
them, against a reading of the files written here with nothing but `json`, and the frab
exports of the result valid against the formats' own schemas."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import jsonschema
import pytest
import xmlschema

from tests.conftest import shared_or_skip
from tests.unit.importers.test_ical_realworld import imported_reading
from webapp import create_app
from webapp.domain.storage import load_schedule
from webapp.importers.merge import Overrides, merge
from webapp.importers.sources import parse_source

# (file, the venue's zone passed as --timezone, sessions, of which without speakers, days)
EXPORTS = [
    ("orlando-codecamp-2020.sessionize-all.json", "America/New_York", 99, 12, ["2020-03-28"]),
    ("global-azure-bootcamp-2021-linz.sessionize-all.json", "Europe/Vienna", 37, 0, ["2021-04-16"]),
    ("droidcon-nyc-2024.sessionize-gridsmart.json", "America/New_York", 80, 19, ["2024-09-19", "2024-09-20"]),
]
IDS = [e[0].split(".")[0] for e in EXPORTS]


def listed(doc) -> list[tuple[dict, str, list[str]]]:
    """(session, room name, speaker names) for each session, once; read as the formats are
    described: "All" names rooms and speakers by id, GridSmart lists each session twice."""
    if isinstance(doc, dict):
        rooms = {r["id"]: r["name"] for r in doc["rooms"]}
        people = {p["id"]: p["fullName"] for p in doc["speakers"]}
        return [(s, rooms[s["roomId"]], [people[i] for i in s["speakers"]]) for s in doc["sessions"]]
    seen: dict[str, tuple[dict, str, list[str]]] = {}
    for day in doc:
        for room in day["rooms"]:
            for s in room["sessions"]:
                seen.setdefault(s["id"], (s, room["name"], [p["name"] for p in s["speakers"]]))
        for slot in day["timeSlots"]:
            for cell in slot["rooms"]:
                s = cell["session"]
                seen.setdefault(s["id"], (s, cell["name"], [p["name"] for p in s["speakers"]]))
    return list(seen.values())


def independent_reading(doc, tz: str) -> list[tuple]:
    """(title, start, end in UTC, room, speakers) of each scheduled session."""

    def instant(text: str) -> datetime:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=ZoneInfo(tz)).astimezone(UTC)

    return sorted(
        (" ".join(s["title"].split()), instant(s["startsAt"]), instant(s["endsAt"]), room, tuple(names))
        for s, room, names in listed(doc)
        if s["startsAt"]
    )


@pytest.mark.parametrize(("name", "tz", "count", "unspoken", "days"), EXPORTS, ids=IDS)
def test_real_export_imports_every_session_at_its_instant_in_its_room_with_its_speakers(
    name, tz, count, unspoken, days
):
    source = shared_or_skip("specs", "realworld2", name)
    raw = source.read_bytes()
    doc = json.loads(raw.decode("utf-8-sig"))  # Orlando's starts with a BOM
    expected = independent_reading(doc, tz)

    page = parse_source(raw, name)
    schedule, warnings = merge([page], Overrides(timezone=tz, event_name=name))

    assert len(schedule.sessions) == len(expected) == count
    assert imported_reading(schedule) == expected
    assert sum(not s.speakers for s in schedule.sessions) == unspoken
    assert schedule.event.timezone == tz
    assert [d.isoformat() for d in schedule.event.days] == days
    assert not any("not on the schedule yet" in w for w in warnings)  # all of these are scheduled
    # Each Sessionize id proposed its session's id (numeric) or, for a GUID, its guid.
    ids = {str(s["id"]) for s, _, _ in listed(doc)}
    assert {s.id for s in schedule.sessions if s.id.isdigit()} == {i for i in ids if i.isdigit()}
    assert {s.guid for s in schedule.sessions if not s.id.isdigit()} == {i for i in ids if not i.isdigit()}


@pytest.mark.parametrize(("name", "tz", "count", "unspoken", "days"), EXPORTS, ids=IDS)
def test_real_export_through_the_command_gives_valid_frab_exports(name, tz, count, unspoken, days, tmp_path):
    source = shared_or_skip("specs", "realworld2", name)
    schema = json.loads(shared_or_skip("specs", "schema.json").read_text(encoding="utf-8"))
    xsd = xmlschema.XMLSchema(str(shared_or_skip("specs", "schedule.xml.xsd")))
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    args = ["schedule", "import", str(source), "--timezone", tz, "--event-name", "Real Event"]
    result = app.test_cli_runner().invoke(args=args)
    assert result.exit_code == 0, result.output
    assert f"sessions: {count}," in result.output
    assert len(load_schedule(tmp_path / "schedule.json").sessions) == count

    client = app.test_client()
    doc = client.get("/export/schedule.json").get_json()
    validator = jsonschema.Draft6Validator(schema, format_checker=jsonschema.Draft6Validator.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    xml = client.get("/export/schedule.xml").data.decode("utf-8")
    assert not [str(e) for e in xsd.iter_errors(xml)][:5]
