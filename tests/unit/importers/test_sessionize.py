"""Sessionize's API exports ("All", "GridSmart", "Sessions" JSON), read through the real
`parse_source` + `merge` path: what each field becomes, what is left out and said, and bad
files refused with a message naming them."""

from __future__ import annotations

import json
import uuid
from datetime import date, datetime
from zoneinfo import ZoneInfo

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import FIXTURES
from webapp.domain.model import Link
from webapp.domain.serialize import schedule_to_dict
from webapp.domain.storage import load_schedule
from webapp.importers import sessionize
from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source
from webapp.web.apidoc import load_schema

SHAPES = {
    "All": "sessionize_all.json",
    "GridSmart": "sessionize_gridsmart.json",
    "Sessions": "sessionize_sessions.json",
}
LISBON = ZoneInfo("Europe/Lisbon")
OVERRIDES = Overrides(timezone="Europe/Lisbon", event_name="MiniConf 2031")
SCHEMA = jsonschema.Draft202012Validator(load_schema("schedule.schema.json"))
LUNCH = "0f8e7d6c-5b4a-4938-a726-15f4e3d2c1b0"


def data(shape: str = "All") -> bytes:
    return (FIXTURES / SHAPES[shape]).read_bytes()


def doc(shape: str = "All"):
    return json.loads(data(shape).decode("utf-8-sig"))


def imported(raw: bytes | object, overrides: Overrides = OVERRIDES, name: str = "export.json"):
    if not isinstance(raw, bytes):
        raw = json.dumps(raw).encode()
    page = parse_source(raw, name)
    schedule, warnings = merge([page], overrides)
    return schedule, warnings


def by_title(schedule):
    return {s.title: s for s in schedule.sessions}


def names(schedule, session) -> list[str]:
    return [schedule.speaker(pid).name for pid in session.speakers]


@pytest.mark.parametrize("shape", SHAPES)
def test_each_export_gives_its_scheduled_sessions_at_the_venues_wall_clock(shape):
    schedule, _ = imported(data(shape))
    got = {
        s.title: (s.start, s.end, schedule.room(s.room).name, names(schedule, s)) for s in schedule.sessions
    }
    assert got == {
        "Fast Tables": (
            datetime(2031, 6, 2, 9, 30, tzinfo=LISBON),
            datetime(2031, 6, 2, 10, 15, tzinfo=LISBON),
            "Main Hall",
            ["Bo Li", "Ana Sousa"],  # the session's order, not the alphabet's
        ),
        "Lunch": (
            datetime(2031, 6, 2, 12, tzinfo=LISBON),
            datetime(2031, 6, 2, 13, tzinfo=LISBON),
            "Main Hall",
            [],
        ),
        "Rust for Pythonistas": (
            datetime(2031, 6, 2, 13, tzinfo=LISBON),
            datetime(2031, 6, 2, 15, tzinfo=LISBON),
            "Lab",
            ["Cy Okafor"],
        ),
    }
    assert schedule.sessions[0].start.isoformat() == "2031-06-02T09:30:00+01:00"
    assert schedule.event.timezone == "Europe/Lisbon"


def test_all_export_with_a_bom_and_crlf_keeps_rooms_that_have_no_session_yet():
    assert data().startswith(b"\xef\xbb\xbf{\r\n")  # the fixture is the trap
    schedule, _ = imported(data())
    assert [r.name for r in schedule.rooms] == ["Main Hall", "Lab", "Quiet Room"]


@pytest.mark.parametrize("shape", SHAPES)
def test_categories_fill_track_level_kind_and_language_by_their_titles(shape):
    schedule, warnings = imported(data(shape))
    fast, rust = by_title(schedule)["Fast Tables"], by_title(schedule)["Rust for Pythonistas"]
    fields = [(schedule.track(s.track).name, s.level, s.kind, s.language) for s in (fast, rust)]
    assert fields == [("Data", "Beginner", "Talk", "de"), ("Systems", "Advanced", "Workshop", "en")]
    # Tags have no field: they stay with the session, as text, and the summary says so.
    assert fast.description[-1] == "Tags: Python, SQL"
    assert rust.description == ("Bring a laptop.",)
    assert any("no field for the categories 'Tags'" in w for w in warnings)


def test_a_single_choice_category_is_the_track_when_none_is_titled_track_and_the_summary_says_so():
    d = doc()
    d["categories"][0]["title"] = "Category"
    schedule, warnings = imported(d)
    assert schedule.track(by_title(schedule)["Fast Tables"].track).name == "Data"
    assert any("'Category' is taken as the track" in w for w in warnings)


def test_tags_several_to_a_session_are_never_the_track():
    d = doc()
    del d["categories"][0]  # no Track: Tags, the one category left without a field, has two items
    for s in d["sessions"]:
        s["categoryItems"] = [i for i in s["categoryItems"] if i not in (9001, 9002)]
    schedule, _ = imported(d)
    assert schedule.tracks == ()
    assert by_title(schedule)["Fast Tables"].description[-1] == "Tags: Python, SQL"


def test_a_second_track_item_is_kept_as_text_since_a_session_has_one_track():
    d = doc()
    d["sessions"][0]["categoryItems"].append(9002)
    fast = by_title(imported(d)[0])["Fast Tables"]
    assert "Track: Data, Systems" in fast.description


@pytest.mark.parametrize(("written", "language"), [("German", "de"), ("en", "en"), ("Deutsch", "Deutsch")])
def test_a_language_item_is_its_tag_where_one_is_known_else_its_name(written, language):
    d = doc()
    d["categories"][3]["items"][1]["name"] = written
    assert by_title(imported(d)[0])["Fast Tables"].language == language


@pytest.mark.parametrize("shape", SHAPES)
def test_description_lines_become_paragraphs_of_text(shape):
    fast = by_title(imported(data(shape))[0])["Fast Tables"]
    assert fast.description[:3] == (
        "First line.",
        "Second line.",
        "Third paragraph with <b>tags</b> & a < b.",
    )


def test_speakers_keep_their_tag_line_and_bio_told_apart_by_sessionize_id():
    schedule, _ = imported(data())
    people = {p.name: p for p in schedule.speakers}
    assert (people["Ana Sousa"].role, people["Ana Sousa"].bio) == (
        "Engineer at Tabular",
        "Ana builds tables.\n\nShe likes speed.",
    )
    assert (people["Bo Li"].role, people["Bo Li"].bio) == (None, None)
    assert people["Cy Okafor"].role == "Staff Engineer, Ferrous"
    assert people["Ana Sousa"].guid == "5a1e0c3b-7d2f-4c4e-9a61-0b7f1d2e3a41"


def test_two_speakers_of_one_name_stay_two_people():
    d = doc()
    d["speakers"][2]["fullName"] = "Bo Li"  # Cy renamed: another Bo Li
    schedule, _ = imported(d)
    bos = [p for p in schedule.speakers if p.name == "Bo Li"]
    assert len(bos) == 2 and len({p.id for p in bos}) == 2


@pytest.mark.parametrize("shape", SHAPES)
def test_service_session_with_a_guid_and_a_null_description_is_a_session_without_speakers(shape):
    lunch = by_title(imported(data(shape))[0])["Lunch"]
    assert (lunch.speakers, lunch.description, lunch.guid) == ((), (), LUNCH)
    assert len(lunch.id) == 8 and lunch.id.isalnum()  # a short id, not the 36-character GUID


@pytest.mark.parametrize("shape", SHAPES)
def test_session_id_proposes_hallways_id_and_a_stable_guid(shape):
    fast = by_title(imported(data(shape))[0])["Fast Tables"]
    assert (fast.id, fast.number) == ("501", 501)
    assert fast.guid == str(uuid.uuid5(uuid.NAMESPACE_URL, "sessionize-session:501"))


def test_a_renamed_and_moved_session_keeps_its_id_on_the_next_import():
    first, _ = imported(data())
    d = doc()
    d["sessions"][0].update(
        title="Faster Tables Than Ever", startsAt="2031-06-02T16:00:00", endsAt="2031-06-02T17:00:00"
    )
    again, _ = merge([parse_source(json.dumps(d).encode(), "export.json")], OVERRIDES, first)
    assert by_title(again)["Faster Tables Than Ever"].id == by_title(first)["Fast Tables"].id
    assert {s.id for s in again.sessions} == {s.id for s in first.sessions}


@pytest.mark.parametrize("shape", ["All", "Sessions"])  # GridSmart lists the scheduled ones only
def test_unscheduled_sessions_are_left_out_and_named_in_the_summary(shape):
    schedule, warnings = imported(data(shape))
    assert "An idea not scheduled yet" not in by_title(schedule)
    said = [w for w in warnings if "not on the schedule yet" in w]
    assert len(said) == 1 and "1 session(s)" in said[0] and "'An idea not scheduled yet'" in said[0]
    assert said[0].startswith("export.json: ")


def test_a_session_with_a_time_but_no_room_yet_is_kept_without_one():
    d = doc()
    d["sessions"][2]["roomId"] = None
    schedule, warnings = imported(d)
    assert by_title(schedule)["Rust for Pythonistas"].room is None
    assert not any("'Rust for Pythonistas'" in w for w in warnings)


def test_an_export_with_nothing_scheduled_yet_is_refused_saying_so():
    d = doc()
    for s in d["sessions"]:
        s["startsAt"] = s["endsAt"] = None
    with pytest.raises(SourceError, match="export.json: none of its 4 sessions is on the schedule yet"):
        imported(d)


@pytest.mark.parametrize("shape", SHAPES)
def test_live_stream_recording_and_web_address_answers_are_links(shape):
    s = by_title(imported(data(shape))[0])
    answered = (
        () if shape == "GridSmart" else (Link("https://slides.example.org/fast", "Slides"),)
    )  # no answers there
    assert s["Fast Tables"].links == (Link("https://live.example.org/main", "Live stream"), *answered)
    assert s["Rust for Pythonistas"].links == (Link("https://video.example.org/502", "Recording"),)


def test_sessions_export_lists_a_session_under_each_of_its_groups_and_it_is_imported_once():
    assert sum(s["id"] == "501" for g in doc("Sessions") for s in g["sessions"]) == 2
    schedule, warnings = imported(data("Sessions"))
    assert [s.title for s in schedule.sessions].count("Fast Tables") == 1
    assert not any("listed twice" in w for w in warnings)  # the same listing twice says nothing


def test_a_session_listed_twice_with_different_times_keeps_the_first_and_says_so():
    d = doc("GridSmart")
    d[0]["timeSlots"][0]["rooms"][0]["session"]["startsAt"] = "2031-06-02T09:45:00"
    schedule, warnings = imported(d)
    assert by_title(schedule)["Fast Tables"].start == datetime(2031, 6, 2, 9, 30, tzinfo=LISBON)
    assert any("session 501 is listed twice" in w for w in warnings)


@pytest.mark.parametrize("shape", SHAPES)
def test_without_a_timezone_the_import_stops_asking_for_one(shape):
    page = parse_source(data(shape), "export.json")
    with pytest.raises(SourceError, match=r"^export\.json: the times name no timezone; pass --timezone"):
        merge([page], Overrides(event_name="MiniConf 2031"))


def test_a_time_with_an_offset_is_the_instant_it_says():
    d = doc()
    d["sessions"][2].update(startsAt="2031-06-02T12:00:00Z", endsAt="2031-06-02T14:00:00Z")
    rust = by_title(imported(d)[0])["Rust for Pythonistas"]
    assert rust.start == datetime(2031, 6, 2, 13, tzinfo=LISBON)


@pytest.mark.parametrize("name", ["schedule.xml", "talks.txt", "noextension"])
def test_the_format_is_told_by_content_never_by_file_name(name):
    page = parse_source(data("GridSmart"), name)
    assert len(page.sessions) == 3 and page.source == name


def _set(d, path: str, value) -> None:
    """Set the value at `path` ("sessions.0.roomId") of a document."""
    *parents, last = path.split(".")
    for part in parents:
        d = d[int(part)] if isinstance(d, list) else d[part]
    d[int(last) if isinstance(d, list) else last] = value


# (shape, what to change, its new value, what the message says after the file's name): a file
# of the wrong shape. One odd session is set aside instead (test_sessionize_odd_rows.py).
BAD = [
    ("All", "speakers.1", "Bo Li", r"speakers\[1\]: expected an object, got str"),
    ("GridSmart", "0.rooms", {"a": 1}, r"days\[0\]\.rooms: expected a list, got dict"),
    ("Sessions", "1.sessions", 5, r"groups\[1\]\.sessions: expected a list, got int"),
]


@pytest.mark.parametrize(("shape", "path", "value", "message"), BAD, ids=[f"{b[0]}:{b[1]}" for b in BAD])
def test_a_malformed_export_is_refused_naming_the_file_and_the_place(shape, path, value, message):
    d = doc(shape)
    _set(d, path, value)
    with pytest.raises(SourceError, match=r"^export\.json: " + message):
        imported(d)


def test_a_speakers_only_export_is_refused_saying_which_exports_have_times():
    speakers = [{"id": "x", "fullName": "Ana Sousa", "sessions": [{"id": 501, "name": "Fast Tables"}]}]
    with pytest.raises(SourceError, match="list of speakers.*export All, GridSmart or Sessions"):
        parse_source(json.dumps(speakers).encode(), "speakers.json")


def test_the_parser_alone_reads_an_exports_text_bom_and_all_and_names_the_line_of_bad_json():
    text = data().decode("utf-8")
    assert len(sessionize.parse(text, "all.json").sessions) == 3
    with pytest.raises(SourceError, match=r"^all\.json, line 4: not valid JSON"):
        sessionize.parse("\n".join(text.splitlines()[:3]) + "\n]", "all.json")


def test_a_hallway_schedule_is_not_taken_for_a_sessionize_export():
    with pytest.raises(SourceError, match="JSON of an unknown shape"):
        parse_source((FIXTURES / "mini_schedule.json").read_bytes(), "schedule.json")


def test_the_import_command_writes_the_schedule_or_stops_without_a_timezone(runner, tmp_path):
    source, out = tmp_path / "export.json", tmp_path / "out" / "schedule.json"
    source.write_bytes(data("All"))
    out.parent.mkdir()
    base = ["schedule", "import", str(source), "--event-name", "MiniConf 2031", "--out", str(out)]
    refused = runner.invoke(args=base)
    assert refused.exit_code != 0 and "Traceback" not in refused.output
    assert "export.json: the times name no timezone; pass --timezone" in refused.output
    assert not out.exists()
    result = runner.invoke(args=[*base, "--timezone", "Europe/Lisbon"])
    assert result.exit_code == 0, result.output
    assert "Wrote" in result.output and "sessions: 3" in result.output
    assert "warning: export.json: 1 session(s) not on the schedule yet" in result.output
    stored = load_schedule(out)
    assert stored == imported(data("All"))[0]
    assert stored.event.days == (date(2031, 6, 2),)


def _paths(node, prefix=()) -> list[tuple]:
    """The path of every value in a document, the document itself included."""
    out = [prefix]
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in children:
        out += _paths(v, (*prefix, k))
    return out


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=30)
    | st.sampled_from(["2031-06-02T09:00:00", "2031-06-02T25:00:00", "501", LUNCH, "https://x.example/a"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip


@st.composite
def mutated_export(draw: st.DrawFn) -> bytes:
    """A fixture with a few of its values replaced by any JSON, or removed."""
    d = doc(draw(st.sampled_from(list(SHAPES))))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(d)))
        if not path:
            d = draw(JSON_VALUES)
            continue
        parent = d
        for part in path[:-1]:
            parent = parent[part]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JSON_VALUES)
        if not isinstance(d, (dict, list)):
            break
    return json.dumps(d).encode()


@pytest.mark.parametrize("title", ["\u001b", "\u0000\u007f", " \u0085 "])
def test_a_title_of_control_characters_alone_is_no_title(title: str):
    """Found by the fuzz campaign below: cleaned at merge, such a title became an empty one that
    the schema refuses. It is no title, its session set aside and said, naming the file."""
    d = doc()
    d["sessions"][0]["title"] = title
    page = parse_source(json.dumps(d).encode(), "export.json")
    assert "Fast Tables" not in {s.title for s in page.sessions} and len(page.sessions) == 2
    assert [(p.kind, p.where) for p in page.problems] == [
        ("session without a title", "export.json, sessions[0] (session 501)")
    ]


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(mutated_export())
def test_a_mangled_export_imports_whole_or_is_refused_naming_the_file(raw: bytes):
    try:
        schedule, _ = imported(raw)
    except SourceError as exc:
        assert str(exc).startswith("export.json"), exc
        return
    except ValueError as exc:  # the merge's own refusals, which the import command reports alike
        assert type(exc) is ValueError, f"{type(exc).__name__}: {exc}"
        return
    stored = json.loads(json.dumps(schedule_to_dict(schedule)))
    SCHEMA.validate({"version": 0, **stored})
