"""A session's own page at its source (frab's and pretalx's <url>, Indico's contribution page,
a calendar event's URL) is kept as the session's `url`, carried by schedule.json, and reaches
the phone as the first of the session's links (in the texts document, drawn as text by
ui/source-links.js)."""

from __future__ import annotations

import json

from tests.conftest import FIXTURES
from tests.unit.importers.test_frab_json import _minimal
from webapp.domain.serialize import schedule_from_dict, schedule_to_dict
from webapp.importers import frab_json
from webapp.importers.merge import Overrides, merge
from webapp.importers.sources import parse_source
from webapp.serving.texts import split_rows

PAGE = "https://pretalx.example/democon/talk/G9JGWY/"


def _schedule():
    doc = _minimal(url=PAGE, links=[{"url": "https://slides.example/a.pdf", "title": "Slides"}])
    page = parse_source(json.dumps(doc).encode(), "schedule.json")
    return merge([page], Overrides())[0]


def test_a_frab_events_url_is_the_sessions_page_and_stays_through_the_schedule_file():
    schedule = _schedule()
    (session,) = schedule.sessions
    assert session.url == PAGE
    assert schedule_from_dict(json.loads(json.dumps(schedule_to_dict(schedule)))).sessions[0].url == PAGE


def test_only_a_web_address_is_a_page():
    (session,) = frab_json.build(_minimal(url="javascript:alert(1)"), "x.json").sessions
    assert session.url is None


def test_the_xml_url_is_read_too():
    text = (FIXTURES / "frab_mini.xml").read_text(encoding="utf-8")
    title = "<title>Soldering for Everyone</title>"
    text = text.replace(title, f"<url>https://frab.example/events/1.html</url>{title}")
    page = parse_source(text.encode(), "frab_mini.xml")
    urls = {s.title: s.url for s in page.sessions}
    assert urls["Soldering for Everyone"] == "https://frab.example/events/1.html"


def test_a_sched_calendar_events_url_is_its_page():
    data = (FIXTURES / "sched-all.ics").read_bytes()
    schedule, _ = merge(
        [parse_source(data, "all.ics", "Europe/Amsterdam")], Overrides(timezone="Europe/Amsterdam")
    )
    welcome = next(s for s in schedule.sessions if s.title.endswith("Welcome Back"))
    assert welcome.url and welcome.url.startswith("https://kccnceu2026.sched.com/event/2CW01/")


def test_the_phone_gets_the_page_as_the_first_link_once_marked_as_the_page_and_not_in_the_outline():
    doc = schedule_to_dict(_schedule())
    doc["sessions"][0]["links"].append({"url": PAGE, "title": None, "kind": "link"})  # listed already
    outline, texts = split_rows({**doc, "version": 1, "store": "s"})
    sid = doc["sessions"][0]["id"]
    shown = [(x["url"], x["kind"]) for x in texts["links"][sid]]
    assert shown == [("https://slides.example/a.pdf", "link"), (PAGE, "page")]
    del doc["sessions"][0]["links"][-1]
    outline, texts = split_rows({**doc, "version": 1, "store": "s"})
    shown = [(x["url"], x["kind"]) for x in texts["links"][sid]]
    assert shown == [(PAGE, "page"), ("https://slides.example/a.pdf", "link")]
    assert "url" not in outline["sessions"][0]


def test_an_indico_contributions_page_is_its_url():
    page = parse_source((FIXTURES / "indico_event.json").read_bytes(), "42.json", "Europe/Zurich")
    assert [s.url for s in page.sessions if s.url], "the export's contributions carry their url"
    assert all(s.url.startswith(("https://", "http://")) for s in page.sessions if s.url)


def test_a_sched_list_pages_headings_link_each_sessions_page_at_the_root_of_the_event_host():
    data = (FIXTURES / "sched_list.html").read_bytes()
    page = parse_source(data, "https://miniconf2031.sched.com/list/descriptions", "Europe/Lisbon")
    assert [s.url for s in page.sessions] == [
        "https://miniconf2031.sched.com/event/1a2b/lightning-talk-fast-tables",
        "https://miniconf2031.sched.com/event/3c4d/keynote-open-data",
    ]
    # A saved file names no host: a relative link is no address, so there is none.
    assert [s.url for s in parse_source(data, "sched_list.html", "Europe/Lisbon").sessions] == [None, None]


def test_a_sched_sessions_own_page_names_its_address_in_its_canonical_link():
    page = parse_source((FIXTURES / "sched_event.html").read_bytes(), "event.html", "Europe/Lisbon")
    assert [s.url for s in page.sessions] == ["https://miniconf2031.sched.com/event/3c4d/keynote-open-data"]


def test_a_spreadsheets_url_column_is_the_sessions_page_and_a_non_address_is_dropped():
    text = (FIXTURES / "sheet_voctosched.csv").read_text(encoding="utf-8").splitlines()
    rows = [text[0] + ",Session URL"] + [
        row + ("," + ("https://talks.example/102/" if row.endswith(",102") else "javascript:alert(1)"))
        for row in text[1:]
    ]
    page = parse_source("\n".join(rows).encode(), "talks.csv", "Europe/Berlin")
    urls = {s.title: s.url for s in page.sessions}
    assert urls["Building Tables Fast"] == "https://talks.example/102/"
    assert urls["Opening"] is None


def test_sessionize_exports_carry_no_session_page():
    # Sessionize's API gives no public address per session (only live stream and recording
    # links, kept as links): nothing to keep, and nothing made up.
    page = parse_source((FIXTURES / "sessionize_all.json").read_bytes(), "all.json", "Europe/Oslo")
    assert page.sessions and all(s.url is None for s in page.sessions)
