"""One cleaning rule for every text that enters the schedule. With DEL and U+0001 in a source
of each format, or in a correction, /schedule.ics has no control character (RFC 5545) and
/export/schedule.xml stays well-formed: Giggity or ConfClerk would reject the whole file."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from hypothesis import given
from hypothesis import strategies as st
from icalendar import Calendar

from tests.conftest import FIXTURES
from webapp import create_app
from webapp.domain.model import Event, Link, Schedule, Session, Speaker
from webapp.domain.serialize import schedule_from_dict, schedule_to_dict
from webapp.domain.storage import save_schedule
from webapp.domain.text import clean, clean_schedule
from webapp.importers.merge import Overrides, merge
from webapp.importers.sources import parse_source

ROOT = Path(__file__).resolve().parents[3]
# What RFC 5545 TEXT and XML 1.0 refuse, or what no reader wants: controls but tab and newline
# (CR only as the ends of calendar lines, checked apart), DEL, C1, surrogates, U+FFFE/FFFF.
FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
TOKEN = "organizer-token"


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("a\x7fb\x01c", "abc"),
        ("\x00\x08\x0e\x1b\x1fx", "x"),
        ("tab\tand\nnewline", "tab\tand\nnewline"),
        ("crlf\r\ncr\rend", "crlf\ncr\nend"),
        ("vt\x0bff\x0cfs\x1cnel\x85ls\u2028ps\u2029end", "vt\nff\nfs\nnel\nls\nps\nend"),
        ("c1\x80\x84\x86\x9fend", "c1end"),
        ("lone\ud800half\udfff", "lone\ufffdhalf\ufffd"),
        ("non\ufffe\uffffchar", "nonchar"),
        ("é ✓ 😀 \u00a0 \ufeff kept", "é ✓ 😀 \u00a0 \ufeff kept"),
    ],
)
def test_the_rule(raw, kept):
    assert clean(raw) == kept


@given(st.text(alphabet=st.characters(codec=None)))
def test_cleaned_text_is_always_valid_xml_and_ical_text(text):
    kept = clean(text)
    assert not FORBIDDEN.search(kept) and "\r" not in kept
    assert clean(kept) == kept
    assert ET.fromstring(f"<a>{escape(kept)}</a>".encode()).text in (kept or None, None)


def test_clean_schedule_reaches_every_text_field():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    at = datetime(2026, 4, 7, 9, tzinfo=ZoneInfo("Europe/Paris"))
    dirty = Schedule(
        event=Event(id="e", name="Con\x7f", timezone="Europe/Paris", venue="Hall\x01", city="Paris\r\n"),
        speakers=(Speaker(id="a", name="A\x01da", role="R\x7f", company="C\x80", bio="B\x01io"),),
        sessions=(
            Session(
                id="s",
                title="T\x01",
                start=at,
                end=at,
                kind="K\x7f",
                description=("\x7f", "P\x01"),
                subtitle="Sub\x01",
                links=(Link(url="https://x.org/\x7f", title="Sli\x01des"),),
            ),
        ),
    )
    cleaned = clean_schedule(dirty)
    assert not FORBIDDEN.search(json.dumps(schedule_to_dict(cleaned), ensure_ascii=False))
    assert cleaned.sessions[0].description == ("", "P")
    assert (cleaned.event.city, cleaned.speakers[0].name) == ("Paris\n", "Ada")
    assert cleaned.sessions[0].links == (Link(url="https://x.org/", title="Slides"),)


def test_a_schedule_file_is_cleaned_as_it_is_read():
    doc = json.loads((FIXTURES / "mini_schedule.json").read_text(encoding="utf-8"))
    doc["sessions"][0]["title"] = "Open\x7fing\x01"
    assert schedule_from_dict(doc).sessions[0].title == "Opening"


# --- every import format ------------------------------------------------------------------


def _frab_json() -> bytes:
    event = {
        "guid": "00000000-0000-4000-8000-000000000001",
        "id": 1,
        "date": "2026-04-07T09:00:00+02:00",
        "duration": "00:30",
        "room": "Hall\u007f",
        "title": "Solder\u007fing\u0001",
        "abstract": "<p>Heat\u0001 it.</p>",
        "persons": [
            {"name": "Ada\u0001", "guid": "00000000-0000-4000-8000-0000000000aa", "biography": "Bio\u007f."}
        ],
    }
    conf = {"title": "Con", "acronym": "con", "time_zone_name": "Europe/Paris"}
    conf["days"] = [{"index": 1, "date": "2026-04-07", "rooms": {"Hall\u007f": [event]}}]
    # json.dumps writes the controls as escapes ("\u0001"); a raw one is added too.
    return (
        json.dumps({"schedule": {"version": "1", "conference": conf}})
        .replace("Heat", "He\x01a\x7ft")
        .encode()
    )


def _frab_xml() -> bytes:
    text = (FIXTURES / "frab_mini.xml").read_text(encoding="utf-8")
    text = text.replace("Soldering for Everyone", "Solder\x7fing&#x1; for&#127; Every\x01one")
    text = text.replace("Bring nothing", "Bring&#1; noth\x7fing")
    return text.encode()


def _sched_html() -> bytes:
    text = (FIXTURES / "sched_list.html").read_text(encoding="utf-8")
    return text.replace("Tables, but fast.", "Tab&#127;les,\x7f but&#1; fast.\x01").encode()


def _sched_api() -> bytes:
    text = (FIXTURES / "sched_api.json").read_text(encoding="utf-8")
    return text.replace("Tables, but fast.", "Tab\\u007fles,\x7f but\\u0001 fast.\x01").encode()


def _sessionize() -> bytes:
    text = (FIXTURES / "sessionize_all.json").read_text(encoding="utf-8")
    return text.replace("Bring a laptop.", "Bri\\u007fng a\x7f lap\\u0001top.\x01").encode()


def _sched_text() -> bytes:
    path = sorted((ROOT / "data" / "sources").glob("*.txt"))[0]
    text = path.read_text(encoding="utf-8")
    return text.replace("Modern GPUs are fast", "Modern\x7f GPUs\x01 are fast\x0b\x1f").encode()


def test_the_xml_parser_alone_reads_a_file_with_raw_and_referenced_controls():
    from webapp.importers import frab_xml

    assert frab_xml.parse(_frab_xml().decode(), "x.xml").sessions[0].title == "Soldering for Everyone"


FORMATS = {
    "frab schedule.json": (_frab_json, "Soldering", None),
    "frab schedule.xml": (_frab_xml, "Soldering for Everyone", None),
    "Sched HTML page": (_sched_html, "Tables, but fast.", None),
    "Sched API JSON": (
        _sched_api,
        "Tables, but fast.",
        Overrides(event_name="Con", timezone="Europe/Lisbon"),
    ),
    "Sched page text": (_sched_text, "Modern GPUs are fast", None),
    "Sessionize All JSON": (
        _sessionize,
        "Bring a laptop.",
        Overrides(event_name="Con", timezone="Europe/Lisbon"),
    ),
}


def _app(tmp_path: Path, schedule: Schedule):
    data = tmp_path / "data"
    data.mkdir()
    save_schedule(data / "schedule.json", schedule)
    return create_app({"TESTING": True, "DATA_DIR": str(data), "ADMIN_TOKEN": TOKEN})


def _exports(client) -> tuple[str, str]:
    """The texts of the whole-event calendar and of the frab XML, after checking each file
    would be accepted: no control character, parsed whole."""
    ics = client.get("/schedule.ics")
    assert ics.status_code == 200
    assert not FORBIDDEN.search(ics.get_data(as_text=True).replace("\r\n", "")), "a control in /schedule.ics"
    events = Calendar.from_ical(ics.data).walk("VEVENT")
    xml = client.get("/export/schedule.xml")
    assert xml.status_code == 200
    assert not FORBIDDEN.search(xml.get_data(as_text=True))
    root = ET.fromstring(xml.data)  # well-formed, or ParseError
    calendar_text = "\n".join(
        str(e.get(k, "")) for e in events for k in ("SUMMARY", "DESCRIPTION", "LOCATION")
    )
    return calendar_text, "\n".join(root.itertext())


@pytest.mark.parametrize("fmt", FORMATS)
def test_controls_from_each_import_format_never_reach_the_schedule_or_its_exports(fmt, tmp_path):
    make, expected, overrides = FORMATS[fmt]
    data = make()
    assert b"\x7f" in data and (b"\x01" in data or b"\\u0001" in data)  # the fixture does carry them
    schedule, _ = merge([parse_source(data, "source")], overrides or Overrides())
    stored = json.dumps(schedule_to_dict(schedule), ensure_ascii=False)
    assert not FORBIDDEN.search(stored)
    assert expected in stored
    ics, xml = _exports(_app(tmp_path, schedule).test_client())
    assert expected in ics and expected in xml  # words cut apart by the controls are whole again


def test_controls_in_a_correction_are_cleaned_before_it_is_stored(tmp_path):
    doc = json.loads((FIXTURES / "mini_schedule.json").read_text(encoding="utf-8"))
    client = _app(tmp_path, schedule_from_dict(doc)).test_client()
    body = {
        "kind": "edit",
        "session": "s1a2b3",
        "title": "Open\x7fing\x01 talk",
        "description": ["Line\x01 one\r\nline two", "\x7f"],
        "note": "fix\x7f",
    }
    resp = client.post("/api/v1/corrections", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    stored = resp.get_json()
    assert stored["after"]["title"] == "Opening talk"
    assert stored["after"]["description"] == ["Line one\nline two", ""]
    assert stored["note"] == "fix"
    session = client.get("/api/v1/schedule.json").get_json()
    session = next(s for s in session["sessions"] if s["id"] == "s1a2b3")
    assert session["title"] == "Opening talk"
    ics, xml = _exports(client)
    assert "Opening talk" in ics and "Line one" in ics
    assert "Opening talk" in xml and "Line one" in xml


def test_a_correction_stays_literal_text(tmp_path):
    doc = json.loads((FIXTURES / "mini_schedule.json").read_text(encoding="utf-8"))
    client = _app(tmp_path, schedule_from_dict(doc)).test_client()
    text = ["<p>Not <b>markup</b></p>", "**not** [a link](https://x.org)"]
    body = {"kind": "edit", "session": "s1a2b3", "description": text}
    resp = client.post("/api/v1/corrections", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert resp.status_code == 201
    session = next(
        s for s in client.get("/api/v1/schedule.json").get_json()["sessions"] if s["id"] == "s1a2b3"
    )
    assert session["description"] == text
