"""Issue 13's classes, each on a small fixture written for it, through `schedule import`
(the whole path: parser, merge, ids) as an organizer runs it.

Fixtures (tests/fixtures/): frab_nights.xml (a congress: days past midnight, UTC and local
offsets beside a declared zone, people by guid and by non-unique ids, an empty room),
pentabarf_nozone.xml (FOSDEM-like: no zone, start times only, day_change), frab_offsets.json
(pretalx-style c3voc JSON with offsets only, speaker codes).
"""

import copy
import json
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import FIXTURES
from webapp.domain.storage import load_schedule
from webapp.exports import signs

NIGHTS = FIXTURES / "frab_nights.xml"
NOZONE = FIXTURES / "pentabarf_nozone.xml"
OFFSETS = FIXTURES / "frab_offsets.json"
BERLIN = ZoneInfo("Europe/Berlin")


def _import(runner, tmp_path, *args):
    out = tmp_path / "schedule.json"
    result = runner.invoke(args=["schedule", "import", *map(str, args), "--out", str(out)])
    return result, (load_schedule(out) if out.exists() else None)


def _speakers(schedule, title):
    session = next(s for s in schedule.sessions if s.title == title)
    return [(p.name, p.guid) for p in map(schedule.speaker, session.speakers)]


# Class 1: identity of people.


def test_a_guid_is_one_person_whatever_the_id_and_two_guids_are_never_merged(runner, tmp_path):
    result, schedule = _import(runner, tmp_path, NIGHTS)
    assert result.exit_code == 0, result.output
    anna = ("Anna", "a0000001-0000-4000-8000-00000000000a")
    # Same guid (written in capitals once) with ids 0 and 12: one person on both talks.
    assert _speakers(schedule, "Opening") == [anna]
    assert anna in _speakers(schedule, "Morning Two")
    # "anna" has another guid: another person, though the names differ only in case.
    assert _speakers(schedule, "Late Talk") == [("anna", "a0000002-0000-4000-8000-00000000000b")]
    ids = {p.id for p in schedule.speakers if p.name.lower() == "anna"}
    assert len(ids) == 2


def test_an_id_shared_by_two_names_is_two_people_and_one_name_with_one_id_is_one(runner, tmp_path):
    _, schedule = _import(runner, tmp_path, NIGHTS)
    # id 7 is "TW" on two talks and "Bob" on another.
    assert _speakers(schedule, "Night Owls") == [("TW", None)]
    assert _speakers(schedule, "Second Night") == [("TW", None)]
    assert ("Bob", None) in _speakers(schedule, "Morning Two")
    tw = [p for p in schedule.speakers if p.name == "TW"]
    assert len(tw) == 1
    assert sum(tw[0].id in s.speakers for s in schedule.sessions) == 2


def test_pretalx_speaker_codes_tell_apart_names_that_differ_in_case(runner, tmp_path):
    _, schedule = _import(runner, tmp_path, OFFSETS, "--timezone", "Asia/Kolkata")
    closing = next(s for s in schedule.sessions if s.title == "Closing")
    breakfast = next(s for s in schedule.sessions if s.title == "Breakfast Talk")
    assert len(closing.speakers) == 2
    assert breakfast.speakers[0] in closing.speakers  # code ABC123 on both


def test_re_import_keeps_each_persons_id_by_guid(runner, tmp_path):
    _, first = _import(runner, tmp_path, NIGHTS)
    _, again = _import(runner, tmp_path, NIGHTS)
    assert {(p.guid, p.id) for p in again.speakers} == {(p.guid, p.id) for p in first.speakers}
    assert [s.id for s in again.sessions] == [s.id for s in first.sessions]


def test_another_guid_of_the_same_name_never_takes_a_previous_persons_id(runner, tmp_path):
    _, first = _import(runner, tmp_path, NIGHTS)
    old = {p.guid: p.id for p in first.speakers}
    text = (
        NIGHTS.read_text(encoding="utf-8").replace("a0000001-", "a0000009-").replace("A0000001-", "A0000009-")
    )
    other = tmp_path / "other.xml"
    other.write_text(text, encoding="utf-8")
    _, again = _import(runner, tmp_path, other)
    new_anna = next(p for p in again.speakers if p.guid == "a0000009-0000-4000-8000-00000000000a")
    assert new_anna.id not in old.values()
    assert {p.guid: p.id for p in again.speakers if p.guid in old} == {
        g: i for g, i in old.items() if g in {p.guid for p in again.speakers}
    }


# Class 2: time zones.


def test_timezone_option_is_accepted_for_a_frab_file_without_time_zone_name(runner, tmp_path):
    refused, _ = _import(runner, tmp_path, NOZONE)
    assert refused.exit_code != 0 and "--timezone" in refused.output
    result, schedule = _import(runner, tmp_path, NOZONE, "--timezone", "Europe/Brussels")
    assert result.exit_code == 0, result.output
    assert schedule.event.timezone == "Europe/Brussels"
    intro = next(s for s in schedule.sessions if s.title == "Intro")
    assert intro.start == datetime(2026, 2, 7, 10, 30, tzinfo=ZoneInfo("Europe/Brussels"))


def test_a_declared_zone_is_kept_when_dates_are_written_in_utc(runner, tmp_path):
    _, schedule = _import(runner, tmp_path, NIGHTS)
    assert schedule.event.timezone == "Europe/Berlin"
    late = next(s for s in schedule.sessions if s.title == "Late Talk")  # <date> 22:00Z
    assert late.start == datetime(2026, 12, 27, 23, 0, tzinfo=BERLIN)
    assert late.start.utcoffset().total_seconds() == 3600


def test_offsets_only_keep_the_fixed_offset_and_the_summary_says_how_to_name_the_zone(runner, tmp_path):
    result, schedule = _import(runner, tmp_path, OFFSETS)
    assert result.exit_code == 0, result.output
    breakfast = next(s for s in schedule.sessions if s.title == "Breakfast Talk")
    assert breakfast.start.isoformat() == "2026-02-02T08:00:00+05:30"  # not 02:30 in UTC
    assert "guessed" in result.output and "--timezone" in result.output
    named, schedule = _import(runner, tmp_path, OFFSETS, "--timezone", "Asia/Kolkata")
    assert "guessed" not in named.output
    assert schedule.event.timezone == "Asia/Kolkata"


# Class 3: conference days.


def test_night_sessions_belong_to_the_evenings_day_and_there_is_no_extra_day(runner, tmp_path):
    _, schedule = _import(runner, tmp_path, NIGHTS)
    ev = schedule.event
    assert ev.days == (date(2026, 12, 27), date(2026, 12, 28), date(2026, 12, 29))
    day = {s.title: ev.day_of(s.start) for s in schedule.sessions}
    assert day["Night Owls"] == date(2026, 12, 27)  # 01:00 on the 28th
    assert day["Second Night"] == date(2026, 12, 28)  # 02:00 on the 29th
    assert day["Closing Night"] == date(2026, 12, 29)  # 01:30 on the 30th: no fourth day
    assert day["Morning Two"] == date(2026, 12, 28)


def test_door_signs_put_night_sessions_on_the_evenings_sign(runner, tmp_path):
    _, schedule = _import(runner, tmp_path, NIGHTS)
    saal = next(r for r in schedule.rooms if r.name == "Saal 1")
    assert [e.title for e in signs.sign(schedule, saal, date(2026, 12, 27)).sessions] == [
        "Opening",
        "Night Owls",
    ]
    assert signs.days(schedule) == schedule.event.days


def test_day_ranges_are_the_sources_without_overlaps(runner, tmp_path):
    _, schedule = _import(runner, tmp_path, NIGHTS)
    ranges = schedule.event.day_ranges
    assert ranges[0].start == datetime(2026, 12, 27, 10, 0, tzinfo=BERLIN)  # written as 09:00Z
    # Day 2 says it ends at 07:00, day 3 starts at 06:00: cut where the next begins.
    assert ranges[1].end == ranges[2].start == datetime(2026, 12, 29, 6, 0, tzinfo=BERLIN)
    assert all(a.end <= b.start for a, b in zip(ranges, ranges[1:], strict=False))


def test_start_only_times_before_day_change_are_the_next_date_and_the_evenings_day(runner, tmp_path):
    _, schedule = _import(runner, tmp_path, NOZONE, "--timezone", "Europe/Brussels")
    night = next(s for s in schedule.sessions if s.title == "After Party Talk")
    assert night.start == datetime(2026, 2, 8, 1, 15, tzinfo=ZoneInfo("Europe/Brussels"))
    assert schedule.event.day_of(night.start) == date(2026, 2, 7)


# Class 6: what other apps key on.


def test_guids_ids_language_subtitle_links_url_and_empty_rooms_are_kept(runner, tmp_path):
    _, schedule = _import(runner, tmp_path, NIGHTS)
    owls = next(s for s in schedule.sessions if s.title == "Night Owls")
    assert (owls.guid, owls.number, owls.language) == ("e0000003-0000-4000-8000-000000000003", 103, "en")
    assert [(x.url, x.title, x.kind) for x in owls.links] == [
        ("https://nightcon.example.org/owls/slides.pdf", "Slides", "link"),
        ("https://nightcon.example.org/owls/paper.pdf", "Paper", "attachment"),
    ]  # and no javascript: link
    late = next(s for s in schedule.sessions if s.title == "Late Talk")
    assert (late.language, late.subtitle) == ("de", "Eine Nacht")
    assert schedule.event.url == "https://nightcon.example.org/2026/"
    assert {r.name: r.guid for r in schedule.rooms} == {
        "Saal 1": "11111111-aaaa-4aaa-8aaa-000000000001",
        "Saal 2": "11111111-aaaa-4aaa-8aaa-000000000002",
        "Empty Hall": "11111111-aaaa-4aaa-8aaa-000000000003",
    }
    _, fosdem = _import(runner, tmp_path / "..", NOZONE, "--timezone", "Europe/Brussels")
    assert "K.3.201" in {r.name for r in fosdem.rooms}


def test_the_same_is_kept_from_c3voc_json_as_pretalx_writes_it(runner, tmp_path):
    _, schedule = _import(runner, tmp_path, OFFSETS, "--timezone", "Asia/Kolkata")
    closing = next(s for s in schedule.sessions if s.title == "Closing")
    assert (closing.guid, closing.number, closing.language) == (
        "f0000002-0000-4000-8000-000000000002",
        2,
        "hi",
    )
    assert {r.name: r.guid for r in schedule.rooms} == {"Hall A": "22222222-bbbb-4bbb-8bbb-000000000001"}
    assert schedule.event.id == "weekconf"  # the acronym, the slug both exports write back


def test_language_option_names_the_events_language(runner, tmp_path):
    result, schedule = _import(runner, tmp_path, NOZONE, "--timezone", "Europe/Brussels", "--language", "fr")
    assert result.exit_code == 0 and schedule.event.language == "fr"
    bad, _ = _import(runner, tmp_path, NOZONE, "--timezone", "Europe/Brussels", "--language", "<b>")
    assert bad.exit_code != 0 and "language tag" in bad.output


# Class 8: versions the importer does not know.


def _v2(doc):
    """The fixture as c3voc's draft schedule v2 lays it out: one events list, days without rooms."""
    conf = doc["schedule"]["conference"]
    events = [e for d in conf["days"] for evs in d["rooms"].values() for e in evs]
    for d in conf["days"]:
        del d["rooms"]
    doc["schedule"]["events"] = events
    doc["$schema"] = "https://c3voc.de/schedule/schema2.json"
    return doc


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_v2, "c3voc's draft schedule v2"),
        (lambda d: {**_v2(d), "$schema": None}, "c3voc's draft schedule v2"),
        (
            lambda d: {**d, "$schema": "https://example.org/schedule-v9.json", "schedule": {"version": "9"}},
            "names a schedule format version this importer does not know",
        ),
    ],
)
def test_an_unknown_version_is_named_in_the_error_not_a_missing_field(runner, tmp_path, change, message):
    doc = change(copy.deepcopy(json.loads(OFFSETS.read_text(encoding="utf-8"))))
    path = tmp_path / "v2.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result, schedule = _import(runner, tmp_path, path, "--timezone", "Asia/Kolkata")
    assert result.exit_code != 0 and schedule is None
    assert message in result.output and "v2.json" in result.output
    assert "missing" not in result.output


def test_a_name_alone_from_another_source_is_the_one_identified_person_of_that_name():
    from webapp.importers.merge import merge
    from webapp.importers.raw import RawPage, RawSession, RawSpeaker

    when = datetime(2026, 12, 27, 11, tzinfo=BERLIN)

    def page(source, *speakers):
        p = RawPage(
            source=source, kind="schedule", event_name="Night Congress 2026", timezone="Europe/Berlin"
        )
        p.sessions.append(RawSession(source, "Opening", when, when.replace(hour=12), speakers=list(speakers)))
        return p

    ada = RawSpeaker("Ada Lovelace", guid="a1", identity="guid:a1")
    twin = RawSpeaker("Ada Lovelace", guid="a2", identity="guid:a2")
    one, _ = merge(
        [page("frab.xml", ada), page("sched.txt", RawSpeaker("ada lovelace", company="Analytical"))]
    )
    assert [(p.name, p.guid, p.company) for p in one.speakers] == [("Ada Lovelace", "a1", "Analytical")]
    # Two identified people of that name: the name alone cannot say which, so neither.
    two, _ = merge([page("frab.xml", ada, twin), page("sched.txt", RawSpeaker("ada lovelace"))])
    assert sorted(p.guid or "-" for p in two.speakers) == ["-", "a1", "a2"]
