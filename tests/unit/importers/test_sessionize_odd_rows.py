"""One odd session never refuses a Sessionize export: a session without a title, a time that
does not read, a room, speaker or category the file does not list is set aside; a speaker
without a name is left off their session. Each is a problem said once, naming the file, the
session's place in it, its id and title; the rest imports, and `--strict` refuses."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import FIXTURES
from webapp.importers.merge import Overrides
from webapp.importers.problems import report
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source
from webapp.importers.update import update_schedule

SHAPES = {
    "All": "sessionize_all.json",
    "GridSmart": "sessionize_gridsmart.json",
    "Sessions": "sessionize_sessions.json",
}
FAST = "(session 501, 'Fast Tables')"
GRID = "days[0].rooms[0].sessions[0]"
GROUP = "groups[0].sessions[0]"
SET_ASIDE = "unreadable session"

# (shape, what to change, its new value, the problem's kind, where, what it says, titles left)
ODD = [
    ("All", "sessions.0.roomId", 999, SET_ASIDE, f"sessions[0] {FAST}", "roomId: room 999 is not among"),
    ("All", "sessions.0.speakers", ["x"], SET_ASIDE, f"sessions[0] {FAST}", "speakers: speaker 'x' is not"),
    ("All", "sessions.0.speakers", "Bo Li", SET_ASIDE, f"sessions[0] {FAST}", "speakers: expected a list"),
    (
        "All",
        "sessions.0.categoryItems",
        [1],
        SET_ASIDE,
        f"sessions[0] {FAST}",
        "categoryItems: category item 1",
    ),
    ("All", "sessions.2.id", None, SET_ASIDE, "sessions[2] ('Rust for Pythonistas')", "no id"),
    ("All", "sessions.2.title", "  ", "session without a title", "sessions[2] (session 502)", "no title"),
    (
        "All",
        "sessions.0.startsAt",
        "soon",
        "unreadable time",
        f"sessions[0] {FAST}",
        "startsAt 'soon' is not",
    ),
    (
        "All",
        "sessions.0.endsAt",
        1700000000,
        "unreadable time",
        f"sessions[0] {FAST}",
        "endsAt is not a time",
    ),
    (
        "All",
        "sessions.0.endsAt",
        "9999-01-01T00:00:00",
        "unreadable time",
        f"sessions[0] {FAST}",
        "endsAt '9999-01-01T00:00:00' is not a usable time",
    ),
    (
        "All",
        "sessions.0.endsAt",
        "2031-06-02T09:00:00",
        "unreadable time",
        f"sessions[0] {FAST}",
        "ends (2031-06-02T09:00:00) before it starts",
    ),
    (
        "All",
        "sessions.0.endsAt",
        "2031-06-02T10:15:00Z",
        "unreadable time",
        f"sessions[0] {FAST}",
        "one of its times has a UTC offset and the other none",
    ),
    (
        "GridSmart",
        "0.rooms.0.sessions.0.categories",
        5,
        SET_ASIDE,
        f"{GRID} {FAST}",
        "categories: expected a list",
    ),
    (
        "Sessions",
        "0.sessions.0.categories.0.name",
        "",
        SET_ASIDE,
        f"{GROUP} {FAST}",
        "categories[0]: a name is",
    ),
]


def _odd(shape: str, path: str, value: object) -> bytes:
    d = json.loads((FIXTURES / SHAPES[shape]).read_bytes().decode("utf-8-sig"))
    *parents, last = path.split(".")
    at = d
    for part in parents:
        at = at[int(part)] if isinstance(at, list) else at[part]
    at[int(last) if isinstance(at, list) else last] = value
    return json.dumps(d).encode()


def _titles(shape: str) -> set[str]:
    return {s.title for s in parse_source((FIXTURES / SHAPES[shape]).read_bytes(), "export.json").sessions}


@pytest.mark.parametrize(
    ("shape", "path", "value", "kind", "where", "said"), ODD, ids=[f"{o[0]}:{o[1]}={o[2]!r}" for o in ODD]
)
def test_one_odd_session_is_set_aside_and_said_once_with_where_it_is(shape, path, value, kind, where, said):
    page = parse_source(_odd(shape, path, value), "export.json")
    assert len(page.sessions) == len(_titles(shape)) - 1  # that one, and no other
    assert len(page.problems) == 1
    problem = page.problems[0]
    assert problem.kind == kind
    assert problem.where == f"export.json, {where}"
    assert problem.message.startswith(said) and problem.message.endswith("; set aside")
    lines = report(page.problems)
    assert sum(where in line for line in lines) == 1
    # The place is said once: in the locator, not again in the message.
    assert where.split(" ")[0] not in problem.message


@pytest.mark.parametrize(("shape", "path", "value", "kind", "where", "said"), ODD[:1] + ODD[5:7] + ODD[-2:])
def test_strict_refuses_an_export_with_one_odd_session_and_writes_nothing(
    tmp_path, shape, path, value, kind, where, said
):
    out = tmp_path / "schedule.json"
    page = parse_source(_odd(shape, path, value), "export.json")
    strict = Overrides(timezone="Europe/Lisbon", event_name="MiniConf 2031", strict=True)
    with pytest.raises(SourceError, match=rf"^export\.json, {re.escape(where)}: {kind}: {re.escape(said)}"):
        update_schedule([page], strict, out)
    assert not out.exists()
    lenient = Overrides(timezone="Europe/Lisbon", event_name="MiniConf 2031")
    assert len(update_schedule([page], lenient, out).schedule.sessions) == len(_titles(shape)) - 1


@pytest.mark.parametrize(
    ("shape", "path", "which", "where"),
    [
        (
            "All",
            "speakers.1.fullName",
            "speaker 'b0b0b0b0-1111-4222-8333-944445555666'",
            f"sessions[0] {FAST}",
        ),
        ("GridSmart", "0.rooms.0.sessions.0.speakers.0.name", "speakers[0]", f"{GRID} {FAST}"),
        ("Sessions", "0.sessions.0.speakers.0.name", "speakers[0]", f"{GROUP} {FAST}"),
    ],
)
def test_a_speaker_without_a_name_is_left_off_the_session_which_imports(shape, path, which, where):
    raw = _odd(shape, path, None)
    if shape == "All":  # an older export's first and last name would stand in for the full name
        d = json.loads(raw)
        d["speakers"][1].pop("firstName", None), d["speakers"][1].pop("lastName", None)
        raw = json.dumps(d).encode()
    page = parse_source(raw, "export.json")
    assert {s.title for s in page.sessions} == _titles(shape)
    fast = next(s for s in page.sessions if s.title == "Fast Tables")
    assert [p.name for p in fast.speakers] == ["Ana Sousa"]
    assert [(p.kind, p.where, p.message) for p in page.problems] == [
        (
            "speaker without a name",
            f"export.json, {where}",
            f"{which} has no name; the session is imported without them",
        )
    ]


def test_a_session_listed_twice_in_a_grid_is_set_aside_and_said_once():
    """GridSmart lists every session by room and again by time slot: one odd session is one
    problem, at its first listing."""
    d = json.loads(_odd("GridSmart", "0.rooms.0.sessions.0.startsAt", "soon"))
    d[0]["rooms"][0]["sessions"][0]["categories"] = 5
    page = parse_source(json.dumps(d).encode(), "export.json")
    assert [p.where for p in page.problems] == [f"export.json, {GRID} {FAST}"]


def test_an_export_none_of_whose_sessions_reads_is_refused_saying_the_first():
    d = json.loads((FIXTURES / SHAPES["All"]).read_bytes().decode("utf-8-sig"))
    for s in d["sessions"]:
        s["roomId"] = 999
    with pytest.raises(
        SourceError,
        match=r"^export\.json: none of its 4 session\(s\) could be read; the first: export\.json, "
        r"sessions\[0\] \(session 501, 'Fast Tables'\): roomId: room 999",
    ):
        parse_source(json.dumps(d).encode(), "export.json")
