from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from webapp.importers.frab_times import event_times, event_zone

SUMMER = "2026-07-01T10:00:00+02:00"
WINTER = "2026-01-10T10:00:00+01:00"


@pytest.mark.parametrize(
    ("declared", "dates", "expected"),
    [
        ("Europe/Berlin", [SUMMER, WINTER], "Europe/Berlin"),  # agrees across DST
        # An offset is an instant, not a contradiction: the declared zone stays (issue 13).
        ("UTC", ["2020-12-14T09:00:00+01:00"], "UTC"),
        ("Asia/Kolkata", ["2026-07-01T04:30:00+00:00", "2026-07-02T03:00:00Z"], "Asia/Kolkata"),
        ("Asia/Kolkata", ["2026-07-01T10:00:00+05:30"], "Asia/Kolkata"),
        ("Europe/Berlin", ["2026-07-01T10:00:00"], "Europe/Berlin"),  # no offsets at all
        ("UTC", [SUMMER, WINTER], "UTC"),
    ],
)
def test_a_declared_zone_is_kept_whatever_offsets_the_dates_are_written_in(declared, dates, expected):
    assert event_zone(declared, dates) == (expected, None)


@pytest.mark.parametrize(
    ("dates", "expected"),
    [
        (["2026-07-01T10:00:00-05:00"], "Etc/GMT+5"),
        (["2026-07-01T10:00:00+00:00"], "UTC"),
        (["2026-07-01T10:00:00+05:30", "2026-07-03T18:00:00+05:30"], "+05:30"),
    ],
)
def test_only_offsets_keep_a_fixed_offset_and_say_the_zone_was_guessed(dates, expected):
    tz, note = event_zone(None, dates)
    if expected.startswith("+"):  # no Etc/ zone for half hours: an IANA zone at that offset then
        assert all(datetime.fromisoformat(d).astimezone(ZoneInfo(tz)).isoformat() == d for d in dates)
    else:
        assert tz == expected
    assert "guessed" in note and "--timezone" in note


def test_timezone_option_wins_and_needs_no_offsets():
    assert event_zone(None, ["2026-07-01T10:00:00"], "Europe/Brussels") == ("Europe/Brussels", None)
    assert event_zone("UTC", [SUMMER], "Asia/Kolkata") == ("Asia/Kolkata", None)


@pytest.mark.parametrize(
    ("declared", "dates", "message"),
    [
        (None, [SUMMER, WINTER], "cannot tell.*--timezone"),  # two offsets: no one fixed offset
        (None, ["2026-07-01T10:00:00"], "cannot tell.*--timezone"),  # wall clock, no zone
        ("Mars/Base", [SUMMER], "unknown timezone"),
    ],
)
def test_event_zone_refuses_what_it_cannot_tell(declared, dates, message):
    with pytest.raises(ValueError, match=message):
        event_zone(declared, dates)


def test_an_explicit_end_wins_over_the_duration():
    start, end = event_times(
        {"date": SUMMER, "end": "2026-07-01T12:00:00+02:00", "duration": "00:30"},
        date.today(),
        "Europe/Berlin",
    )
    assert (end - start).total_seconds() == 2 * 3600


def test_start_clock_on_the_day_when_there_is_no_date():
    start, end = event_times({"start": "09:15", "duration": "1:05:30"}, date(2026, 7, 1), "Europe/Berlin")
    assert start.isoformat() == "2026-07-01T09:15:00+02:00"
    assert end.isoformat() == "2026-07-01T10:20:30+02:00"


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ({"duration": "00:30"}, "no date and no start"),
        ({"start": "25:00", "duration": "00:30"}, "no date and no start"),
        ({"date": SUMMER}, "no end and no duration"),
        ({"date": SUMMER, "duration": "30 min"}, "no end and no duration"),
        ({"date": "not a time", "duration": "00:30"}, "Invalid isoformat"),
    ],
)
def test_missing_or_garbled_times_say_what_is_wrong(item, message):
    with pytest.raises(ValueError, match=message):
        event_times(item, date(2026, 7, 1), "Europe/Berlin")
