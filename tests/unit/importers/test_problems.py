"""The problems report: each problem once, grouped by kind and counted; --strict refuses on the first."""

from __future__ import annotations

import pytest

from webapp.importers.merge import Overrides
from webapp.importers.problems import Problem, report, where
from webapp.importers.raw import RawPage, SourceError
from webapp.importers.update import update_schedule


def test_report_groups_by_kind_counts_and_says_a_repeated_problem_once():
    typo = Problem(
        "unreadable date or time", "'31/13/2026' is not a date; set aside", where("s.csv", 7, "Rust")
    )
    lines = report([typo, Problem("no room", "imported without a room", where("s.csv", 9, "Go")), typo])
    assert lines == [
        "2 problems in the sources (--strict refuses on the first):",
        "  unreadable date or time (1):",
        "    s.csv, line 7 ('Rust'): '31/13/2026' is not a date; set aside",
        "  no room (1):",
        "    s.csv, line 9 ('Go'): imported without a room",
    ]
    assert report([]) == []


def test_strict_refuses_on_the_first_problem_and_writes_nothing(tmp_path):
    page = RawPage(source="s.csv", kind="api")
    page.problems += [Problem("no title", "set aside", where("s.csv", 3)), Problem("no room", "x", "s.csv")]
    out = tmp_path / "schedule.json"
    with pytest.raises(SourceError, match=r"^s\.csv, line 3: no title: set aside; --strict refuses"):
        update_schedule([page], Overrides(strict=True), out)
    assert not out.exists()
