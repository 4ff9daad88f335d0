"""Speakers as organizers write them into a Sched calendar's titles (`Title - Name,
Affiliation & Name, Affiliation`): groups by `;`, people by `&`, `and` and `,`, and a job
title or an organization after a name is that person's affiliation, never a person. Titles
keep every word Sched published ("Keynote: ...", "📚 Tutorial: ..."); the kind is beside them."""

from __future__ import annotations

from datetime import UTC

import pytest

from webapp.importers.ical_summary import split_titles
from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import RawPage, RawSession
from webapp.importers.sources import parse_source

HEAD = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:kccnceu2026\r\nMETHOD:PUBLISH\r\n"
    "PRODID:-//Sched.com KubeCon + CloudNativeCon Europe 2026//EN\r\nX-WR-TIMEZONE:UTC\r\n"
)


def _event(n: int, summary: str) -> str:
    # As Sched writes one: UTC times, the commas of SUMMARY escaped, the venue after the room.
    escaped = summary.replace(",", "\\,").replace(";", "\\;")
    return (
        f"BEGIN:VEVENT\r\nDTSTART:20260324T{8 + n:02d}0000Z\r\nDTEND:20260324T{8 + n:02d}3000Z\r\n"
        f"SUMMARY:{escaped}\r\nLOCATION:Hall {n}\\, Amsterdam\\, Netherlands\r\n"
        f"UID:{n:032x}\r\nEND:VEVENT\r\n"
    )


TITLES = [
    "Keynote: Riding the Waves of Change - Ricardo Rocha, Lead Platforms Infrastructure & "
    "Klaus Ohlmann, Founder",
    "Panel: Networking Futures - Nick Young & James Strong, Isovalent at Cisco; Katarzyna Łach & "
    "Rostislav Bobrovsky, Google; Norwin Schnyder, Airlock",
    "📚 Tutorial: AI on Kubernetes - Jane Doe, Acme Inc",
    "Running CERN on Kubernetes - Ricardo Rocha, Lead Platforms Infrastructure, CERN & "
    "Anna Berg, Software Engineer, CERN",
    "Cilium Deep Dive - Nick Young and James Strong, Isovalent at Cisco",
    "Lightning Talk: Small Clusters - Dana Scully",
]


def _imported():
    data = (HEAD + "".join(_event(n, t) for n, t in enumerate(TITLES)) + "END:VCALENDAR\r\n").encode()
    schedule, _ = merge(
        [parse_source(data, "all.ics", "Europe/Amsterdam")], Overrides(timezone="Europe/Amsterdam")
    )
    return schedule, {s.start.astimezone(UTC).hour: s for s in schedule.sessions}


def _people(schedule, session):
    return [(p.name, p.role, p.company) for p in (schedule.speaker(i) for i in session.speakers)]


CASES = [
    (0, "Keynote: Riding the Waves of Change", "Keynote",
     [("Ricardo Rocha", "Lead Platforms Infrastructure", None), ("Klaus Ohlmann", "Founder", None)]),
    (1, "Panel: Networking Futures", "Panel",
     [("Nick Young", None, "Isovalent at Cisco"), ("James Strong", None, "Isovalent at Cisco"),
      ("Katarzyna Łach", None, "Google"), ("Rostislav Bobrovsky", None, "Google"),
      ("Norwin Schnyder", None, "Airlock")]),
    (2, "📚 Tutorial: AI on Kubernetes", "Tutorial", [("Jane Doe", None, "Acme Inc")]),
    (3, "Running CERN on Kubernetes", None,
     [("Ricardo Rocha", "Lead Platforms Infrastructure", "CERN"),
      ("Anna Berg", "Software Engineer", "CERN")]),
    (4, "Cilium Deep Dive", None,
     [("Nick Young", None, "Isovalent at Cisco"), ("James Strong", None, "Isovalent at Cisco")]),
    (5, "Lightning Talk: Small Clusters", "Lightning Talk", [("Dana Scully", None, None)]),
]  # fmt: skip


@pytest.mark.parametrize(("n", "title", "kind", "people"), CASES, ids=[c[1] for c in CASES])
def test_people_and_their_affiliations_are_read_and_the_title_is_kept_as_published(n, title, kind, people):
    schedule, by_hour = _imported()
    session = by_hour[8 + n]
    assert (session.title, session.kind) == (title, kind)
    assert [schedule.speaker(i).name for i in session.speakers] == [name for name, _, _ in people]
    # Each heading's own affiliations (the schedule keeps one per person, from the first).
    assert split_titles(TITLES, "sched")[TITLES[n]] == (title.partition(" - ")[0], people)


def test_no_job_title_or_organization_becomes_a_speaker():
    schedule, _ = _imported()
    names = sorted(p.name for p in schedule.speakers)
    assert names == sorted(
        {"Ricardo Rocha", "Klaus Ohlmann", "Nick Young", "James Strong", "Katarzyna Łach",
         "Rostislav Bobrovsky", "Norwin Schnyder", "Jane Doe", "Anna Berg", "Dana Scully"}
    )  # fmt: skip
    roles = {p.name: p.role for p in schedule.speakers}
    assert roles["Klaus Ohlmann"] == "Founder" and roles["Anna Berg"] == "Software Engineer"


def test_a_sched_calendar_and_sched_pages_of_one_event_give_one_session_per_talk():
    data = (HEAD + _event(0, TITLES[0]) + "END:VCALENDAR\r\n").encode()
    calendar = parse_source(data, "all.ics", "Europe/Amsterdam")
    start, end = calendar.sessions[0].start, calendar.sessions[0].end
    # As Sched's pages and API are read: the kind set beside a title without it.
    page = RawPage(source="list.txt", kind="list", event_name="KubeCon + CloudNativeCon Europe 2026")
    page.sessions.append(RawSession("list.txt", "Riding the Waves of Change", start, end, kind="Keynote"))
    schedule, _ = merge([calendar, page], Overrides(timezone="Europe/Amsterdam"))
    (session,) = schedule.sessions
    assert (session.title, session.kind) == ("Keynote: Riding the Waves of Change", "Keynote")
    assert session.sources["title"] == ("all.ics",)
