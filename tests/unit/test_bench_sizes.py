"""The benchmarks' short form (sizes only: bytes are not noisy) and the generated large event.

The short form starts gunicorn and Chromium, as the benchmarks do; it fails when a size is
over its budget. Timings are never asserted here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import generate  # noqa: E402
from common import Figure, over_budget  # noqa: E402

from webapp.domain.serialize import schedule_from_dict  # noqa: E402
from webapp.serving.published import build  # noqa: E402

SCHEMA = json.loads((ROOT / "webapp" / "schemas" / "schedule.schema.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def event() -> dict:
    return generate.generate()


def test_generated_event_has_1000_sessions_over_4_days_and_20_rooms(event) -> None:
    sessions = event["sessions"]
    assert len(sessions) == 1000
    assert len({s["id"] for s in sessions}) == 1000
    assert len(event["rooms"]) == 20 and len(event["event"]["days"]) == 4
    days = Counter(datetime.fromisoformat(s["start"]).date().isoformat() for s in sessions)
    assert sorted(days) == event["event"]["days"]
    assert {s["room"] for s in sessions} == {r["id"] for r in event["rooms"]}


def test_generated_event_is_a_valid_schedule_the_feed_serves(event) -> None:
    schedule = schedule_from_dict(event)
    jsonschema.validate(json.loads(build(schedule, 0).body), SCHEMA)
    speakers = {p["id"] for p in event["speakers"]}
    assert all(set(s["speakers"]) <= speakers for s in event["sessions"])


def test_generated_rooms_never_hold_two_sessions_at_once(event) -> None:
    by_room: dict[str, list[tuple[datetime, datetime]]] = {}
    for s in event["sessions"]:
        by_room.setdefault(s["room"], []).append(
            (datetime.fromisoformat(s["start"]), datetime.fromisoformat(s["end"]))
        )
    for spans in by_room.values():
        spans.sort()
        assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))


def test_generated_text_is_no_easier_to_compress_than_the_shipped_abstracts_by_more_than_a_tenth(
    event,
) -> None:
    fake, real = generate.compression_check(event)
    assert fake >= real * 0.9
    lengths = [sum(map(len, s["description"])) for s in event["sessions"]]
    assert 900 <= sum(lengths) / len(lengths) <= 1300  # the shipped event's mean is ~1,100


def test_fosdem_sized_event_has_its_sessions_rooms_days_and_speakers_each_speaking() -> None:
    doc = generate.fosdem()
    assert (len(doc["sessions"]), len(doc["rooms"]), len(doc["event"]["days"])) == (883, 30, 2)
    assert len({p["id"] for p in doc["speakers"]}) == 927
    assert {sid for s in doc["sessions"] for sid in s["speakers"]} == {p["id"] for p in doc["speakers"]}
    jsonschema.validate(json.loads(build(schedule_from_dict(doc), 0).body), SCHEMA)


def test_generation_is_deterministic() -> None:
    assert generate.generate(sessions=50) == generate.generate(sessions=50)


@pytest.mark.parametrize(
    ("figure", "over"),
    [
        (Figure("g", "size at target", 100, "B", 100, "size"), False),
        (Figure("g", "size over target", 101, "B", 100, "size"), True),
        (Figure("g", "missed target within budget", 150, "B", 100, "size", budget=160), False),
        (Figure("g", "missed target over budget", 170, "B", 100, "size", budget=160), True),
        (Figure("g", "slow timing never fails", 9999, "ms", 100, "time"), False),
        (Figure("g", "size without a target", 10**9, "B", None, "size"), False),
    ],
)
def test_short_form_fails_only_on_sizes_over_their_limit(figure, over) -> None:
    assert (over_budget([figure]) == [figure]) is over


def test_short_form_keeps_every_size_within_budget() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run_all.py"), "--short"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "first visit, bytes on the wire" in proc.stdout
    assert "whole schedule.json (other readers; the app no longer loads it), brotli" in proc.stdout
    assert "the app's outline" in proc.stdout and "the app's texts" in proc.stdout
