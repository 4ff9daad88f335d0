"""Issue 16, break 4, at the import command: deeply nested JSON and a frab date no consumer
could read get the importer's "file (line): what" message, nothing written, no traceback.
The rule behind them: every JSON read goes through domain.jsontext, every Session checks
its times (tests/unit/domain/test_readable_times.py)."""

from __future__ import annotations

import json

import pytest

FRAB_9999 = {
    "schedule": {
        "version": "1",
        "conference": {
            "title": "Far Future",
            "acronym": "ff",
            "time_zone_name": "Europe/Paris",
            "days": [
                {
                    "index": 1,
                    "date": "9999-12-31",
                    "rooms": {
                        "A": [
                            {
                                "guid": "11111111-1111-1111-1111-111111111111",
                                "id": 1,
                                "title": "Late",
                                "date": "9999-12-31T23:00:00+01:00",
                                "start": "23:00",
                                "duration": "999:00",
                                "room": "A",
                                "persons": [],
                            }
                        ]
                    },
                }
            ],
        },
    }
}


def run(runner, *args: object):
    return runner.invoke(args=["schedule", "import", *map(str, args)])


@pytest.mark.parametrize(
    ("name", "data", "says"),
    [
        ("deep.json", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        ("deep-frab.json", b'{"schedule":' + b"[" * 990 + b"]" * 990 + b"}", "deep-frab.json"),
        ("deep-object.json", b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "nested too deeply"),
        ("far.json", json.dumps(FRAB_9999).encode(), "bad time"),
        (
            "long-number.json",
            b'{"schedule": {"version": ' + b"7" * 5000 + b"}}",
            "a number 5,000 digits long, column 26",
        ),
        ("nested.html", b"<html><body>" + b"<div>" * 20_000 + b"x" + b"</div>" * 20_000, "nested more than"),
    ],
)
def test_a_source_no_consumer_could_read_is_refused_naming_the_file(
    runner, data_dir, tmp_path, name, data, says
):
    before = (data_dir / "schedule.json").read_bytes()
    source = tmp_path / name
    source.write_bytes(data)
    result = run(runner, source)
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"Error: {name}"), result.output
    assert says in result.output
    assert not isinstance(result.exception, RecursionError | OverflowError)
    assert (data_dir / "schedule.json").read_bytes() == before  # nothing written


@pytest.mark.parametrize(
    ("date", "duration"),
    [
        ("9999-12-31T23:00:00+01:00", "00:30"),
        ("0001-01-01T00:30:00+01:00", "00:30"),
    ],
)
def test_frab_times_outside_what_consumers_read_are_the_importers_message(runner, tmp_path, date, duration):
    doc = json.loads(json.dumps(FRAB_9999))
    event = doc["schedule"]["conference"]["days"][0]["rooms"]["A"][0]
    event["date"], event["duration"] = date, duration
    doc["schedule"]["conference"]["days"][0]["date"] = date[:10]
    source = tmp_path / "times.json"
    source.write_text(json.dumps(doc))
    result = run(runner, source, "--dry-run")
    assert result.exit_code == 1 and result.output.startswith("Error: times.json"), result.output


def test_a_source_over_the_size_limit_is_refused_before_it_is_parsed(runner, tmp_path, monkeypatch):
    from webapp.importers import bounds

    monkeypatch.setattr(bounds, "MAX_SOURCE_BYTES", 1000)
    source = tmp_path / "big.ics"
    source.write_bytes(b"BEGIN:VCALENDAR\r\n" + b"X-PAD:" + b"x" * 2000 + b"\r\nEND:VCALENDAR\r\n")
    result = run(runner, source, "--dry-run")
    assert result.exit_code == 1 and result.output.startswith("Error: big.ics: 2,"), result.output
    assert "more than the 1,000" in result.output


def test_a_description_nested_past_any_real_one_keeps_its_words():
    from webapp.importers.markup import html_paragraphs

    deep = "<p>Intro</p>" + "<span>" * 50_000 + "the words" + "</span>" * 50_000
    assert html_paragraphs(deep) == ("Intro", "the words")


def test_a_frab_event_id_too_long_to_be_a_number_is_not_kept():
    from webapp.importers.frab_fields import kept_ids

    assert kept_ids({"id": "9" * 5000}, {}, False) == (None, None)
