"""One odd session never refuses a Sched export or page: a session without a name or a time,
a time or date line that does not read, a CSV row of more cells than its header is set aside;
a speaker without a name is left off the session; an unreadable `start_time_ts` is not used.
Each is a problem said once, naming the file, the line where there are lines, the session's
place, key and title; the rest imports, and `--strict` refuses."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from webapp.importers.merge import Overrides
from webapp.importers.problems import report
from webapp.importers.raw import RawPage, SourceError
from webapp.importers.sources import parse_source
from webapp.importers.update import update_schedule

OPEN_DATA = "session #2 (0f1e2d3c4b5a69788796a5b4c3d2e1f0, 'Open Data in 2031')"
SEED = Path(__file__).resolve().parents[3] / "data" / "sources" / "000_f0fe97cd188ad8b4.txt"


def _json(change: dict[str, object]) -> bytes:
    doc = json.loads((FIXTURES / "sched_api.json").read_text(encoding="utf-8"))
    doc[1].update(change)
    return json.dumps(doc).encode()


def _csv(old: str, new: str) -> bytes:
    text = (FIXTURES / "sched_export.csv").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1).encode()


def _html() -> bytes:
    text = (FIXTURES / "sched_list.html").read_text(encoding="utf-8")
    old = "Monday June 2, 2031 10:00am - 10:45am WEST"
    assert old in text
    return text.replace(old, "Monday June 31, 2031 10:00am - 10:45am WEST").encode()


def _text() -> bytes:
    text = SEED.read_text(encoding="utf-8")
    old = "Tuesday April 7, 2026 12:00 - 12:25 CEST"
    return text.replace(old, "Tuesday April 31, 2026 12:00 - 12:25 CEST", 2).encode()  # opens, closes


# (the file, its name, the problem's kind, where, what it says, the titles set aside)
ODD = {
    "json: no end": (
        _json({"event_end": ""}),
        "export.json",
        "unreadable session",
        f"export.json, {OPEN_DATA}",
        "missing or empty event_end; set aside",
    ),
    "json: a time that does not read": (
        _json({"event_start": "soon"}),
        "export.json",
        "unreadable session",
        f"export.json, {OPEN_DATA}",
        "unreadable time 'soon'; set aside",
    ),
    "csv: a time that does not read": (
        _csv("Coffee Break,2031-10-14 10:30", "Coffee Break,half past ten"),
        "export.csv",
        "unreadable session",
        "export.csv, line 5, session #2 (7, 'Coffee Break')",
        "unreadable time 'half past ten'; set aside",
    ),
    "csv: more cells than the header": (
        _csv("Breaks,Foyer,,,1949733000", "Breaks,Foyer,,,1949733000,extra"),
        "export.csv",
        "too many cells",
        "export.csv, line 5 ('Coffee Break')",
        "11 cells under a header of 10; set aside",
    ),
    "html: a date line that does not read": (
        _html(),
        "list.html",
        "unreadable date or time",
        "list.html, line 43 ('Open Data in 2031 - Carla Dias, Open Org')",
        "unreadable date line: day is out of range for month; set aside",
    ),
    "text: a date line that does not read": (
        _text(),
        "list.txt",
        "unreadable date or time",
        "list.txt, line 18 ('Parameterized CUDA Graph Launch in PyTorch: CUDA Graphs With')",
        "unreadable date line: day is out of range for month; set aside",
    ),
}


def _whole(name: str) -> int:
    files = {
        "export.json": (FIXTURES / "sched_api.json").read_bytes(),
        "export.csv": (FIXTURES / "sched_export.csv").read_bytes(),
        "list.html": (FIXTURES / "sched_list.html").read_bytes(),
        "list.txt": SEED.read_bytes(),
    }
    return len(parse_source(files[name], name, "Europe/Berlin").sessions)


def _page(raw: bytes, name: str) -> RawPage:
    return parse_source(raw, name, "Europe/Berlin")


@pytest.mark.parametrize(("raw", "name", "kind", "where", "said"), ODD.values(), ids=ODD.keys())
def test_one_odd_session_is_set_aside_and_said_once_with_where_it_is(raw, name, kind, where, said):
    page = _page(raw, name)
    assert len(page.sessions) == _whole(name) - 1
    assert [(p.kind, p.where, p.message) for p in page.problems] == [(kind, where, said)]
    assert sum(where in line for line in report(page.problems)) == 1


@pytest.mark.parametrize(("raw", "name", "kind", "where", "said"), ODD.values(), ids=ODD.keys())
def test_strict_refuses_a_file_with_one_odd_session_and_writes_nothing(
    tmp_path, raw, name, kind, where, said
):
    out = tmp_path / "schedule.json"
    page = _page(raw, name)
    given = {"timezone": "Europe/Berlin", "event_name": "Conf"}
    with pytest.raises(SourceError, match=rf"^{re.escape(where)}: {kind}: {re.escape(said)}"):
        update_schedule([page], Overrides(**given, strict=True), out)
    assert not out.exists()
    assert len(update_schedule([page], Overrides(**given), out).schedule.sessions) == _whole(name) - 1


def test_a_speaker_without_a_name_is_left_off_the_session_which_imports():
    page = _page(_json({"speakers": [{"company": "Open Org"}, {"name": "Carla Dias"}]}), "export.json")
    assert len(page.sessions) == _whole("export.json")
    assert [p.name for p in page.sessions[1].speakers] == ["Carla Dias"]
    assert [(p.kind, p.where, p.message) for p in page.problems] == [
        (
            "speaker without a name",
            f"export.json, {OPEN_DATA}",
            "{'company': 'Open Org'} has no name; the session is imported without them",
        )
    ]


def test_an_unreadable_start_time_ts_is_not_used_and_said():
    raw = _csv(",1949756400", ",soon")
    page = _page(raw, "export.csv")
    assert len(page.sessions) == _whole("export.csv")
    assert [(p.kind, p.where) for p in page.problems] == [
        ("unreadable start_time_ts", "export.csv, line 6, session #3 (884214, 'Open Data Walk')")
    ]


def test_an_item_that_is_not_an_object_is_set_aside():
    doc = json.loads((FIXTURES / "sched_api.json").read_text(encoding="utf-8"))
    page = _page(json.dumps([*doc, ["not", "a", "session"]]).encode(), "export.json")
    assert len(page.sessions) == _whole("export.json")
    assert [(p.where, p.message) for p in page.problems] == [
        ("export.json, session #4", "not an object but list; set aside")
    ]


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        (json.dumps([{"name": "x", "event_start": "soon", "event_end": "later"}]).encode(), "export.json"),
        (b"name,event_start,event_end\nTalk,2031-10-14 09:00,2031-10-14 10:00,extra\n", "export.csv"),
    ],
)
def test_a_file_none_of_whose_sessions_reads_is_refused_saying_the_first(raw, name):
    with pytest.raises(
        SourceError, match=rf"^{re.escape(name)}: none of its 1 session\(s\) could be read; the first: "
    ):
        _page(raw, name)
