"""Conference days from a frab file's `days`, and from its programme when it draws none."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from webapp.domain.model import Event
from webapp.importers.frab_days import day_ranges, night_ranges, stretched

BERLIN = ZoneInfo("Europe/Berlin")


def _span(day, clock, minutes):
    h, m = map(int, clock.split(":"))
    start = datetime(2026, 12, day, h, m, tzinfo=BERLIN)
    return start, start + timedelta(minutes=minutes)


@pytest.mark.parametrize(
    ("spans", "change"),
    [
        # A congress: talks from 10:00, the night until 02:30.
        ([("27", "10:00", 60), ("27", "23:30", 180)], "06:00"),
        # A short break around midnight is still the night: the day changes after 02:00.
        ([("27", "11:00", 60), ("27", "22:00", 120), ("28", "01:00", 60), ("28", "10:30", 60)], "06:00"),
        # A 15-minute pause in the night is not its end either.
        ([("27", "10:00", 60), ("27", "23:00", 120), ("28", "01:15", 105)], "06:00"),
    ],
)
def test_a_programme_running_into_the_night_changes_day_in_its_quiet_hours(spans, change):
    ranges = night_ranges([_span(int(d), c, m) for d, c, m in spans], set(), BERLIN)
    assert ranges and all(r.start.strftime("%H:%M") == change for r in ranges)
    assert ranges[0].date == date(2026, 12, 27)
    assert [r.date for r in ranges] == sorted({r.date for r in ranges})


@pytest.mark.parametrize(
    "spans",
    [
        [("27", "09:00", 480), ("27", "20:00", 180)],  # ends at 23:00: a quiet night
        [("27", "09:00", 60), ("28", "00:30", 30)],  # a lone 00:30 film after a quiet evening
        [("27", "00:00", 1440)],  # something at every hour: no quiet spell to change in
    ],
)
def test_a_quiet_night_or_no_quiet_hour_keeps_calendar_days(spans):
    assert night_ranges([_span(int(d), c, m) for d, c, m in spans], set(), BERLIN) == ()


def test_empty_listed_days_stay_days():
    spans = [_span(27, "10:00", 60), _span(27, "23:30", 180)]
    assert [r.date for r in night_ranges(spans, {date(2026, 12, 29)}, BERLIN)] == [
        date(2026, 12, 27),
        date(2026, 12, 29),
    ]


def test_a_date_listed_twice_spans_what_its_entries_give_together():
    days = [
        {
            "date": "2026-12-27",
            "day_start": "2026-12-27T10:00:00+01:00",
            "day_end": "2026-12-27T23:00:00+01:00",
        },
        {
            "date": "2026-12-28",
            "day_start": "2026-12-28T10:00:00+01:00",
            "day_end": "2026-12-29T04:00:00+01:00",
        },
        {
            "date": "2026-12-27",
            "day_start": "2026-12-27T18:00:00+01:00",
            "day_end": "2026-12-28T06:00:00+01:00",
        },
    ]
    ranges = day_ranges(days, BERLIN)
    assert [(r.date.day, r.start.hour, r.end.day, r.end.hour) for r in ranges] == [
        (27, 10, 28, 6),  # from the first entry's 10:00 to the second's 06:00
        (28, 10, 29, 4),
    ]
    # A date whose every entry lacks bounds: the file draws no days.
    assert day_ranges([*days, {"date": "2026-12-29"}], BERLIN) == ()


@pytest.mark.parametrize(
    "end", ["2022-12-26T09:00:00+01:00", "2022-12-26T08:00:00+01:00"], ids=["empty", "reversed"]
)
def test_a_day_that_ends_as_or_before_it_starts_draws_no_days_instead_of_refusing_the_file(end):
    # c3voc's jev22 schedule gave every day 09:00-09:00; its 433 sessions were refused.
    days = [
        {"date": "2022-12-26", "day_start": "2022-12-26T09:00:00+01:00", "day_end": end},
        {
            "date": "2022-12-27",
            "day_start": "2022-12-27T09:00:00+01:00",
            "day_end": "2022-12-28T03:00:00+01:00",
        },
    ]
    assert day_ranges(days, BERLIN) == ()


def test_a_day_drawn_to_its_last_minute_holds_that_minute_and_the_night_before_the_next_day():
    # pretalx writes each day as 04:00 to 03:59 the next morning.
    days = [
        {
            "date": f"2026-12-{d}",
            "day_start": f"2026-12-{d}T04:00:00+01:00",
            "day_end": f"2026-12-{d + 1}T03:59:00+01:00",
        }
        for d in (27, 28)
    ]
    event = Event(id="e", name="E", timezone="Europe/Berlin", day_ranges=day_ranges(days, BERLIN))
    at = lambda day, h, m, s=0: datetime(2026, 12, day, h, m, s, tzinfo=BERLIN)  # noqa: E731
    assert event.day_of(at(28, 1, 0)) == date(2026, 12, 27)  # the night is the evening's
    assert event.day_of(at(28, 3, 59, 30)) == date(2026, 12, 27)
    assert event.day_of(at(28, 4, 0)) == date(2026, 12, 28)
    assert event.day_of(at(29, 3, 59)) == date(2026, 12, 28)  # the last day too
    assert event.day_of(at(29, 4, 0)) == date(2026, 12, 29)


def test_a_last_minute_at_the_end_of_time_stays_where_it_is():
    days = [
        {
            "date": "9999-12-31",
            "day_start": "9999-12-31T00:00:00+00:00",
            "day_end": "9999-12-31T23:59:00+00:00",
        }
    ]
    (day,) = day_ranges(days, ZoneInfo("UTC"))
    assert (day.start.hour, day.end.hour, day.end.minute) == (0, 23, 59)


def test_a_day_drawn_short_of_the_night_it_lists_holds_that_night():
    # c3voc's merged 39C3 file ends its last day at 16:00 and lists the DJ sets until 04:00
    # under it: they made a fifth day of their own.
    days = [
        {
            "date": "2025-12-29",
            "day_start": "2025-12-29T10:00:00+01:00",
            "day_end": "2025-12-30T03:00:00+01:00",
        },
        {
            "date": "2025-12-30",
            "day_start": "2025-12-30T08:00:00+01:00",
            "day_end": "2025-12-30T16:00:00+01:00",
        },
    ]
    at = lambda day, h: datetime(2025, 12, day, h, tzinfo=BERLIN)  # noqa: E731
    listed = [
        (date(2025, 12, 29), at(30, 2)),  # inside its day already
        (date(2025, 12, 29), at(30, 9)),  # past the next day's start: that day keeps it
        (date(2025, 12, 30), at(31, 2)),  # the last night
        (date(2025, 12, 30), at(31, 12)),  # over a day past the day's start: no stretch for it
    ]
    ranges = stretched(day_ranges(days, BERLIN), listed)
    assert [(r.date.day, r.start, r.end) for r in ranges] == [
        (29, at(29, 10), at(30, 8)),  # stretched to 09:01, cut where the next day starts
        (30, at(30, 8), at(31, 2) + timedelta(minutes=1)),
    ]
    event = Event(id="e", name="E", timezone="Europe/Berlin", day_ranges=ranges)
    assert event.day_of(at(31, 2)) == date(2025, 12, 30)
