"""Sched's HTML pages (list view and session page), on small fixtures of Sched's markup."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from webapp.importers import ical, sched_api, sched_html
from webapp.importers.merge import merge
from webapp.importers.raw import SourceError
from webapp.importers.sources import READS, parse_source

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def parse(name: str):
    return sched_html.parse((FIXTURES / name).read_text(encoding="utf-8"), name)


def test_list_view_gives_each_session_with_time_room_track_and_slides():
    page = parse("sched_list.html")
    fast, open_data = page.sessions
    assert (fast.kind, fast.title) == ("Lightning Talk", "Lightning Talk: Fast Tables")  # as published
    assert (fast.start, fast.end) == (datetime(2031, 6, 2, 9, 30), datetime(2031, 6, 2, 9, 40))
    assert (fast.room, fast.track, fast.slides) == ("Blue Room", "Data Systems", True)
    assert (open_data.track, open_data.slides) == (None, None)


def test_list_view_preamble_gives_event_city_offset_and_filter():
    page = parse("sched_list.html")
    assert (page.event_name, page.city, page.utc_offset) == ("MiniConf 2031", "Lisbon", 1.0)
    assert page.filter_track == "Data Systems"


def test_description_keeps_paragraphs_and_markup_becomes_plain_text():
    fast = parse("sched_list.html").sessions[0]
    assert fast.description == ("Tables, but fast.", "Second paragraph <script>.")


def test_speaker_blocks_give_name_role_company_and_truncated_bio():
    ana, bo = parse("sched_list.html").sessions[0].speakers
    assert (ana.name, ana.role, ana.company) == ("Ana Sousa", "Engineer", "Tabular")
    assert (ana.bio, ana.bio_truncated) == ("Ana builds tables and has done so for", True)


def test_initials_avatar_is_not_taken_for_a_bio():
    bo = parse("sched_list.html").sessions[0].speakers[1]
    assert (bo.name, bo.role, bo.company, bo.bio) == ("Bo Li", None, "Data Co", None)


def test_session_page_is_read_as_a_detail_page_with_level():
    page = parse("sched_event.html")
    assert page.kind == "detail"
    (s,) = page.sessions
    assert (s.title, s.level, s.track) == ("Open Data in 2031", "Beginner", "Keynotes")


def test_list_and_session_page_merge_into_one_session_in_the_citys_zone():
    schedule, _ = merge([parse("sched_list.html"), parse("sched_event.html")])
    assert schedule.event.timezone == "Europe/Lisbon"
    assert [s.title for s in schedule.sessions] == ["Lightning Talk: Fast Tables", "Open Data in 2031"]
    open_data = schedule.sessions[1]
    assert schedule.track(open_data.track).name == "Keynotes"  # its own line beats the page filter
    assert open_data.start.isoformat() == "2031-06-02T10:00:00+01:00"


def test_html_page_without_sessions_is_refused():
    with pytest.raises(SourceError, match="no Sched sessions"):
        sched_html.parse("<html><body><p>Hello</p></body></html>", "hello.html")


@pytest.mark.parametrize(
    "html",
    [
        "<html><body><p>Hello</p></body></html>",
        # "schedule" is every site's word, no mark of Sched.
        "<!doctype html><html><head><title>Conference schedule</title></head><body></body></html>",
    ],
)
def test_html_page_of_another_site_gets_the_one_sentence_of_every_unread_file(html):
    with pytest.raises(SourceError) as refused:
        parse_source(html.encode(), "page.html")
    assert str(refused.value) == f"page.html: not a schedule this importer reads: {READS}"


@pytest.mark.parametrize(
    "html",
    [
        '<html><body><div class="sched-container"><p>Loading</p></div></body></html>',
        '<html><head><link rel="canonical" href="https://x.sched.com/list/"></head><body></body></html>',
    ],
)
def test_sched_page_without_sessions_says_it_is_a_sched_page_with_none(html):
    with pytest.raises(SourceError, match=r"^s\.html: a Sched page with no sessions on it"):
        parse_source(html.encode(), "s.html")


def test_session_without_a_date_line_is_refused():
    html = '<html><body><div><a class="name">Talk - A B, C</a></div></body></html>'
    with pytest.raises(SourceError, match="no date line"):
        sched_html.parse(html, "nodate.html")


def test_sched_page_api_export_and_calendar_give_one_session_titled_as_published():
    # Sched's pages, API and all.ics all keep "Lightning Talk: " in the title: one session,
    # its title every word the organizer published, the kind beside it.
    calendar = "\r\n".join(
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Sched.com MiniConf 2031//EN",
            "BEGIN:VEVENT",
            "UID:fast-tables@miniconf2031.sched.com",
            "DTSTART;TZID=Europe/Lisbon:20310602T093000",
            "DTEND;TZID=Europe/Lisbon:20310602T094000",
            "SUMMARY:Lightning Talk: Fast Tables - Ana Sousa\\, Tabular & Bo Li\\, Data Co",
            "LOCATION:Blue Room",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ]
    )
    api = (FIXTURES / "sched_api.json").read_text(encoding="utf-8")
    pages = [
        parse("sched_list.html"),
        sched_api.parse(api, "export.json"),
        ical.parse(calendar, "all.ics", "Europe/Lisbon"),
    ]
    schedule, _ = merge(pages)
    fast = [s for s in schedule.sessions if "Fast Tables" in s.title]
    assert [(s.title, s.kind) for s in fast] == [("Lightning Talk: Fast Tables", "Lightning Talk")]
