import json
from dataclasses import replace
from datetime import UTC, datetime
from types import SimpleNamespace

import icalendar
import jsonschema
import pytest
import vobject
import xmlschema

from tests.conftest import FIXTURES, shared_or_skip
from webapp.domain.storage import load_schedule
from webapp.importers import frab_json, frab_xml
from webapp.views import exports

ALL = {"s1a2b3", "k9x8y7", "q4w5e6"}


def _uids(resp):
    return [str(e["UID"]).split("@")[0] for e in icalendar.Calendar.from_ical(resp.data).walk("VEVENT")]


def _calendar_ok(resp, filename):
    assert resp.status_code == 200
    assert resp.headers["Content-Type"] == "text/calendar; charset=utf-8"
    assert resp.headers["Content-Disposition"] == f'attachment; filename="{filename}"'
    assert vobject.readOne(resp.data.decode("utf-8")).name == "VCALENDAR"


def test_whole_event_calendar_has_every_session(client):
    resp = client.get("/schedule.ics")
    _calendar_ok(resp, "minicon-2026.ics")
    assert set(_uids(resp)) == ALL


def test_session_calendar_has_just_that_session(client):
    resp = client.get("/session/k9x8y7.ics")
    _calendar_ok(resp, "minicon-2026-k9x8y7.ics")
    assert _uids(resp) == ["k9x8y7"]


def test_room_calendar_has_the_rooms_sessions(client):
    resp = client.get("/room/main.ics")
    _calendar_ok(resp, "minicon-2026-room-main.ics")
    assert _uids(resp) == ["s1a2b3", "q4w5e6"]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/session/nope.ics", "No session with id 'nope'"),
        ("/session/a.b.ics", "No session with id 'a.b'"),
        ("/session/%3Cscript%3E.ics", "No session with id '<script>'"),
        ("/room/attic.ics", "No room with id 'attic'"),
    ],
)
def test_unknown_or_malformed_ids_get_a_clear_404(client, url, message):
    resp = client.get(url)
    assert resp.status_code == 404
    assert resp.mimetype == "text/plain"
    assert message in resp.get_data(as_text=True)


def test_starred_calendar_skips_ids_no_longer_in_the_schedule(client):
    resp = client.get("/my.ics?s=q4w5e6,gone42,k9x8y7,k9x8y7")
    _calendar_ok(resp, "minicon-2026-my.ics")
    assert _uids(resp) == ["k9x8y7", "q4w5e6"]


def test_starred_calendar_with_no_stars_is_an_empty_calendar(client):
    resp = client.get("/my.ics?s=")
    _calendar_ok(resp, "minicon-2026-my.ics")
    assert _uids(resp) == []


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "Give the starred sessions"),
        ("?s=k9x8y7,a/b", "Not a session id: 'a/b'"),
        ("?s=" + ",".join(f"x{i}" for i in range(exports.MAX_STARRED + 1)), "At most"),
        ("?s=k9x8y7&alarm=soon", "alarm"),
        ("?s=k9x8y7&alarm=99999", "alarm"),
    ],
)
def test_starred_calendar_refuses_bad_queries_with_400(client, query, message):
    resp = client.get("/my.ics" + query)
    assert resp.status_code == 400
    assert message in resp.get_data(as_text=True)


def test_starred_calendar_can_remind_before_each_session(client):
    resp = client.get("/my.ics?s=k9x8y7,s1a2b3&alarm=15")
    cal = icalendar.Calendar.from_ical(resp.data)
    triggers = [str(a["TRIGGER"].to_ical(), "ascii") for a in cal.walk("VALARM")]
    assert triggers == ["-PT15M", "-PT15M"]


def test_links_use_the_public_url_when_set(app, client):
    app.config["PUBLIC_URL"] = "https://sched.example.org/"
    ev = icalendar.Calendar.from_ical(client.get("/session/k9x8y7.ics").data).walk("VEVENT")[0]
    assert str(ev["URL"]) == "https://sched.example.org/session/k9x8y7"
    doc = client.get("/export/schedule.json").get_json()
    assert doc["schedule"]["base_url"] == "https://sched.example.org/"


def test_links_use_the_request_host_otherwise(client):
    ev = icalendar.Calendar.from_ical(client.get("/session/k9x8y7.ics").data).walk("VEVENT")[0]
    assert str(ev["URL"]) == "http://localhost/session/k9x8y7"


def test_calendar_answers_304_to_a_matching_etag(client):
    first = client.get("/schedule.ics")
    again = client.get("/schedule.ics", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert again.data == b""
    other = client.get("/room/main.ics", headers={"If-None-Match": first.headers["ETag"]})
    assert other.status_code == 200


def test_schedule_json_export_is_valid_and_reimports_as_served(client, data_dir):
    schema = json.loads(shared_or_skip("specs", "schema.json").read_text(encoding="utf-8"))
    resp = client.get("/export/schedule.json")
    assert resp.mimetype == "application/json"
    jsonschema.validate(resp.get_json(), schema, cls=jsonschema.Draft6Validator)
    served = frab_json.parse(resp.get_data(as_text=True), "served.json")
    assert served == load_schedule(data_dir / "schedule.json")


def test_schedule_xml_export_is_valid_and_reimports(client):
    xsd = xmlschema.XMLSchema(str(shared_or_skip("specs", "schedule.xml.xsd")))
    resp = client.get("/export/schedule.xml")
    assert resp.mimetype == "application/xml"
    xsd.validate(resp.get_data(as_text=True))
    again = frab_xml.parse(resp.get_data(as_text=True), "served.xml")
    assert {s.id for s in again.sessions} == ALL


def test_exports_follow_what_published_serves(client, monkeypatch):
    """Corrections reach the files: a cancelled session and a revision from `published`."""
    schedule = load_schedule(FIXTURES / "mini_schedule.json")
    cancelled = replace(schedule.session("k9x8y7"), status="cancelled")
    corrected = schedule.with_sessions(tuple(cancelled if s.id == "k9x8y7" else s for s in schedule.sessions))
    when = datetime(2026, 4, 7, 8, 0, tzinfo=UTC)
    pub = SimpleNamespace(schedule=corrected, version=4, etag='"v4-x"', revisions={"k9x8y7": (2, when)})
    monkeypatch.setattr(exports, "published", lambda app: pub)
    ev = icalendar.Calendar.from_ical(client.get("/session/k9x8y7.ics").data).walk("VEVENT")[0]
    assert (str(ev["STATUS"]), ev.decoded("SEQUENCE"), ev.decoded("LAST-MODIFIED")) == ("CANCELLED", 2, when)
    doc = client.get("/export/schedule.json").get_json()
    assert doc["schedule"]["version"] == "4"
    served = frab_json.build(doc, "served.json")
    assert {s.id for s in served.sessions} == ALL - {"k9x8y7"}


def test_parameters_no_export_reads_do_not_make_new_etags(client):
    # Each new ETag was a new body to compress at the best level and keep.
    tags = {client.get(f"/export/schedule.json?n={n}").headers["ETag"] for n in range(5)}
    assert len(tags) == 1
    assert client.get("/export/schedule.json").headers["ETag"] in tags
    starred = {client.get(f"/my.ics?s=s1a2b3&utm={n}").headers["ETag"] for n in range(3)}
    assert len(starred) == 1
    assert client.get("/my.ics?s=s1a2b3&alarm=10").headers["ETag"] not in starred  # read: a new body
