"""Following a source: an unchanged one costs one 304 and no import, a changed one is merged as
`schedule import` merges it (ids and corrections kept), and every failure keeps the last good
schedule and is recorded with the time it began."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.unit.importers.source_server import Source
from webapp import create_app
from webapp.importers import follow as follow_module
from webapp.importers import follow_state
from webapp.importers.fetch import shown
from webapp.importers.follow import Follower, Plan, load_plan
from webapp.importers.merge import Overrides
from webapp.serving import runtime
from webapp.serving.published import published

SOURCES = Path(__file__).resolve().parents[3] / "data" / "sources"
INTERMEDIATE = sorted(SOURCES.glob("*.txt"))[1]
TEXT = INTERMEDIATE.read_text(encoding="utf-8")
FORECASTING = "Why Your Forecasting Transformer Isn’t"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 4, 7, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=5)  # each cycle is five minutes after the last
        return self.now


@pytest.fixture
def imports(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the imports (merge and write) the follower makes."""
    made: list[int] = []
    real = follow_module.update_schedule

    def counted(*args, **kwargs):
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(follow_module, "update_schedule", counted)
    return made


def follower(data_dir: Path, *sources: str, timeout: float = 5.0, max_bytes: int = 1 << 20) -> Follower:
    plan = Plan(tuple(sources), Overrides(language="en"))
    return Follower(plan, data_dir, data_dir / "schedule.json", timeout, max_bytes, Clock())


def titles(data_dir: Path) -> set[str]:
    doc = json.loads((data_dir / "schedule.json").read_text(encoding="utf-8"))
    return {s["title"] for s in doc["sessions"]}


def test_an_unchanged_source_costs_one_304_and_no_import(tmp_path, source, imports) -> None:
    f = follower(tmp_path, source.url)
    first = f.cycle()
    assert first.error is None and first.imported is not None and len(imports) == 1
    written = (tmp_path / "schedule.json").stat().st_mtime_ns
    for _ in range(3):
        done = f.cycle()
        assert (done.requests, done.imported, done.error) == (1, None, None)
    assert len(source.requests) == 4 and source.not_modified == 3
    assert len(imports) == 1
    assert (tmp_path / "schedule.json").stat().st_mtime_ns == written


def test_a_restarted_follower_still_sends_its_validators(tmp_path, source, imports) -> None:
    follower(tmp_path, source.url).cycle()
    done = follower(tmp_path, source.url).cycle()  # a new process: what it knows is on disk
    assert done.imported is None and source.not_modified == 1 and len(imports) == 1


def test_a_changed_source_is_merged_with_ids_and_corrections_kept(tmp_path, source) -> None:
    data_dir = tmp_path / "data"
    f = follower(data_dir, source.url)
    assert f.cycle().imported is not None
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    before = {s.title: s.id for s in published(runtime(app)).schedule.sessions}
    torchstore = next(i for t, i in before.items() if t.startswith("TorchStore"))
    done = app.test_cli_runner().invoke(
        args=["corrections", "add", "edit", torchstore, "title=TorchStore, corrected"]
    )
    assert done.exit_code == 0, done.output

    source.set(TEXT.replace(FORECASTING, "Why Forecasting Transformers Fail").encode())
    changed = f.cycle()
    assert changed.error is None and changed.imported is not None and changed.imported.kept == len(before)
    after = published(runtime(create_app({"TESTING": True, "DATA_DIR": str(data_dir)}))).schedule
    assert after.session(torchstore).title == "TorchStore, corrected"  # the correction stays on top
    forecasting = next(i for t, i in before.items() if t.startswith(f"Lightning Talk: {FORECASTING}"))
    # The same id, its title as published:
    assert after.session(forecasting).title.startswith("Lightning Talk: Why Forecasting Transformers Fail")
    assert {s.id for s in after.sessions} == set(before.values())


def broken(source: Source, how: str) -> None:
    if how == "garbage":
        source.set(b"\x89PNG\r\n\x1a\n\x00\x00 not a schedule")
    elif how == "over the limit":
        source.set(TEXT.encode() * 40)
    elif how == "timeout":
        source.stall = True
    else:
        source.status = int(how)


FAILURES = [
    ("404", "HTTP 404 Not Found"),
    ("500", "HTTP 500"),
    ("timeout", "no answer within 0.5 s"),
    ("garbage", "not UTF-8 text"),
    ("over the limit", "too large"),
]


@pytest.mark.parametrize(("how", "said"), FAILURES, ids=[f[0] for f in FAILURES])
def test_a_failure_keeps_the_last_good_schedule_and_says_since_when(tmp_path, source, how, said) -> None:
    f = follower(tmp_path, source.url, timeout=0.5, max_bytes=len(TEXT.encode()) * 2)
    assert f.cycle().error is None
    good = (tmp_path / "schedule.json").read_bytes()
    broken(source, how)
    first = f.cycle()
    assert first.error is not None and said in first.error and "SECRET" not in first.error
    since = follow_state.status(tmp_path)["failing_since"]
    second = f.cycle()
    assert second.error == first.error  # a 304 never passes for good news: the next cycle fails too
    status = follow_state.status(tmp_path)
    assert status["failing_since"] == since and status["checked"] > since and status["error"] == first.error
    assert (tmp_path / "schedule.json").read_bytes() == good

    source.stall, source.status = False, 200
    source.set(TEXT.encode())
    assert f.cycle().error is None  # fixed: a full fetch (no validators of the broken answer)
    assert follow_state.status(tmp_path)["error"] is None
    assert follow_state.status(tmp_path)["failing_since"] is None


def test_files_and_urls_are_merged_and_a_file_change_is_seen(tmp_path, source, imports) -> None:
    extra = tmp_path / "training.txt"
    extra.write_bytes(sorted(SOURCES.glob("*.txt"))[4].read_bytes())
    data_dir = tmp_path / "data"
    f = follower(data_dir, source.url, str(extra))
    assert f.cycle().imported is not None
    both = titles(data_dir)
    assert f.cycle().imported is None and len(imports) == 1
    extra.write_bytes(extra.read_bytes().replace(b"Training Embedding Model", b"Teaching Embedding Models"))
    assert f.cycle().imported is not None and len(imports) == 2
    new = titles(data_dir) - both
    assert len(new) == 1 and next(iter(new)).startswith("Lightning Talk: Teaching Embedding Models")


def test_a_plan_file_gives_sources_relative_to_itself_and_options(tmp_path) -> None:
    plan = tmp_path / "follow.json"
    plan.write_text(
        json.dumps({"sources": ["https://x.example/s.json", "a.xml"], "timezone": "Europe/Paris"})
    )
    loaded = load_plan(plan)
    assert loaded.sources == ("https://x.example/s.json", str(tmp_path / "a.xml"))
    assert loaded.overrides.timezone == "Europe/Paris"


@pytest.mark.parametrize(
    ("doc", "said"),
    [
        ({"sources": []}, "non-empty list"),
        ({"sources": ["a"], "timezon": "UTC"}, "unknown key"),
        ({"sources": ["a"], "language": "English"}, "not a tag"),
        ([1], "JSON object"),
    ],
)
def test_a_bad_plan_is_refused_naming_the_file(tmp_path, doc, said) -> None:
    plan = tmp_path / "follow.json"
    plan.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match=said) as caught:
        load_plan(plan)
    assert str(plan) in str(caught.value)


def test_a_damaged_kept_copy_is_fetched_whole_again_not_trusted(tmp_path, source) -> None:
    data_dir = tmp_path / "data"
    f = follower(data_dir, source.url)
    assert f.cycle().imported is not None
    (data_dir / "schedule.json").unlink()  # the import is needed again: the kept copy is read
    [kept] = (data_dir / "follow").glob("*.src")
    kept.write_bytes(b"damaged")
    assert "fetched again at the next check" in f.cycle().error
    again = f.cycle()
    assert again.error is None and again.imported is not None
    assert "If-None-Match" not in source.requests[-1]


def test_a_parser_that_breaks_unexpectedly_is_reported_like_any_failure(
    tmp_path, source, monkeypatch
) -> None:
    f = follower(tmp_path, source.url)
    assert f.cycle().error is None
    source.set(TEXT.replace(FORECASTING, "Changed").encode())

    def broken_parser(*args, **kwargs):
        raise KeyError("speakers")

    monkeypatch.setattr(follow_module, "parse_source", broken_parser)
    assert f.cycle().error == f"{shown(source.url)}: KeyError: 'speakers'"
    assert follow_state.status(tmp_path)["failing_since"] is not None


class Seconds:
    """A pinned clock that moves on one second each time the follower reads it (once a cycle)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 4, 7, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def test_a_source_changing_every_second_is_imported_once_a_gap_in_its_newest_state(
    tmp_path, source, imports
) -> None:
    plan = Plan((source.url,), Overrides(language="en"))
    f = Follower(plan, tmp_path, tmp_path / "schedule.json", 5.0, 1 << 20, Seconds(), min_gap=60.0)
    assert f.cycle().imported is not None
    for second in range(1, 60):  # a change every second for the next 59 seconds: held back
        source.set(TEXT.replace(FORECASTING, f"Flap {second}").encode())
        done = f.cycle()
        assert done.error is None and done.imported is None and done.held_back
    assert len(imports) == 1 and "imported once the least time" in follow_module.describe(
        follow_state.status(tmp_path)
    )
    source.set(TEXT.replace(FORECASTING, "Flap newest").encode())
    done = f.cycle()  # 60 s after the first import: the newest state, once
    assert done.imported is not None and len(imports) == 2
    assert any(t.startswith("Lightning Talk: Flap newest") for t in titles(tmp_path))
    assert not any(t.startswith("Lightning Talk: Flap 59") for t in titles(tmp_path))
    assert f.cycle().imported is None and len(imports) == 2  # unchanged since: nothing more


def test_a_check_of_sources_that_drip_ends_within_its_deadline(tmp_path) -> None:
    dripping = [Source(TEXT.encode()), Source(TEXT.encode())]
    try:
        for s in dripping:
            s.drip, s.drip_every = "body", 0.5
        f = follower(tmp_path, *(s.url for s in dripping), timeout=1.0)
        began = time.monotonic()
        done = f.cycle()
        assert time.monotonic() - began < 2 * 1.0 + 1.5  # FETCH_TIMEOUT for each source at most
        assert "no complete answer within 1 s" in done.error and not (tmp_path / "schedule.json").exists()
        assert follow_state.status(tmp_path)["error"] == done.error
    finally:
        for s in dripping:
            s.stop()
