"""An import's sanity cap in sessions (IMPORT_MAX_SESSIONS): a source past it is refused naming
it, the last good schedule kept; a Sched CSV export is refused at the first row over the cap,
before its parser reads any row."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.sources import TALKS, frab
from tests.unit.importers.source_server import Source
from webapp import create_app
from webapp.importers import follow_state
from webapp.importers.follow import Follower, Plan
from webapp.importers.limits import parse_pages
from webapp.importers.merge import Overrides
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source

GROWN = [*TALKS, ("104", "12:00", "00:30", "Side Room", "One Too Many", "Grace")]


def sched_csv(rows: int) -> bytes:
    head = "name,event_start,event_end,venue\n"
    row = "Talk {0},2026-04-07 10:00,2026-04-07 10:30,Room {1}\n"
    return (head + "".join(row.format(i, i % 7) for i in range(rows))).encode()


def test_a_followed_source_growing_past_the_cap_is_refused_and_the_last_good_kept(tmp_path: Path) -> None:
    source = Source(frab(TALKS).encode())
    try:
        plan = Plan((source.url,), Overrides())
        f = Follower(plan, tmp_path, tmp_path / "schedule.json", 5.0, 1 << 20, max_sessions=len(TALKS))
        assert f.cycle().error is None
        good = (tmp_path / "schedule.json").read_bytes()
        source.set(frab(GROWN).encode())
        done = f.cycle()
        assert done.error is not None and "more than 3 sessions" in done.error
        assert "IMPORT_MAX_SESSIONS" in done.error and "/schedule?…" in done.error
        assert follow_state.status(tmp_path)["error"] == done.error
        assert (tmp_path / "schedule.json").read_bytes() == good
    finally:
        source.stop()


def test_sources_are_counted_together() -> None:
    one = frab(TALKS).encode()
    assert len(parse_pages([one], ["a.xml"], None, 3)) == 1
    with pytest.raises(SourceError, match=r"^b\.xml: more than 5 sessions"):
        parse_pages([one, one], ["a.xml", "b.xml"], None, 5)
    assert len(parse_pages([one, one], ["a.xml", "b.xml"], None, 0)) == 2  # 0: no cap


def test_a_sched_csv_over_the_cap_is_refused_before_its_rows_are_parsed() -> None:
    parsed: list[str] = []

    def parse(data: bytes, name: str, tz: str | None):
        parsed.append(name)
        return parse_source(data, name, tz)

    assert len(parse_pages([sched_csv(100)], ["s.csv"], "Europe/Paris", 100, parse)[0].sessions) == 100
    with pytest.raises(SourceError, match="more than 100 sessions"):
        parse_pages([sched_csv(10_000)], ["big.csv"], "Europe/Paris", 100, parse)
    assert parsed == ["s.csv"]  # the big one never reached the parser


@pytest.mark.parametrize("dry_run", [False, True], ids=["import", "dry run"])
def test_schedule_import_refuses_a_sched_csv_past_the_cap_naming_it(tmp_path: Path, dry_run: bool) -> None:
    big = tmp_path / "export.csv"
    big.write_bytes(sched_csv(5_000))
    data = tmp_path / "data"
    app = create_app({"TESTING": True, "DATA_DIR": str(data), "IMPORT_MAX_SESSIONS": 100})
    args = ["schedule", "import", str(big), "--timezone", "Europe/Paris", *(["--dry-run"] if dry_run else [])]
    result = app.test_cli_runner().invoke(args=args)
    assert result.exit_code == 1, result.output
    assert "export.csv: more than 100 sessions" in result.output and "IMPORT_MAX_SESSIONS" in result.output
    assert not (data / "schedule.json").exists()
