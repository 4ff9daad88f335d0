"""`hallway schedule import` of spreadsheets: a large sheet with a few bad rows imports whole
and says each problem, `--strict` refuses it; a published Google Sheets CSV is a source like
any other; every format without an event name takes the file's; an unread file is one sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from openpyxl import Workbook

from tests.unit.importers.source_server import Source
from webapp.importers.follow import Follower, Plan, load_plan
from webapp.importers.merge import Overrides

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
HEADER = ["Title", "Date", "Start", "Duration", "Room", "Speakers"]


def rows(n: int = 1000) -> list[list[str]]:
    """`n` talks over five days and ten rooms; row 500's date is typo'd (31/13), row 700 has no
    room, and row 900 repeats row 899 cell for cell."""
    out = []
    for i in range(n):
        day, slot = divmod(i, 200)
        room, hour = divmod(slot, 20)
        out.append([f"Talk {i}", f"{day + 15}/06/2031", f"{8 + hour // 2}:{hour % 2 * 30:02d}", "25",
                    f"Room {room}", f"Speaker {i}"])  # fmt: skip
    out[500][1] = "31/13/2031"
    out[700][4] = ""
    out[900] = list(out[899])
    return out


def write_csv(path: Path) -> Path:
    lines = [",".join(HEADER)] + [",".join(r) for r in rows()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write_xlsx(path: Path) -> Path:
    book = Workbook()
    sheet = book.active
    sheet.append(HEADER)
    for r in rows():
        sheet.append([*r[:3], int(r[3]), *r[4:]])
    book.save(path)
    return path


def run(runner, *args: object):
    return runner.invoke(args=["schedule", *map(str, args)])


@pytest.mark.parametrize("write", [write_csv, write_xlsx], ids=["csv", "xlsx"])
def test_a_thousand_rows_with_three_bad_ones_import_the_rest_and_report_the_three(runner, tmp_path, write):
    sheet = write(tmp_path / f"program.{write.__name__[6:]}")
    out = tmp_path / "schedule.json"
    result = run(runner, "import", sheet, "--timezone", "Europe/Paris", "--event-name", "Big", "--out", out)
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    titles = [s["title"] for s in doc["sessions"]]
    assert len(titles) == 998 and "Talk 500" not in titles  # the typo set aside, the repeat once
    assert [s["room"] for s in doc["sessions"] if s["title"] == "Talk 700"] == [None]
    unit = "line" if sheet.suffix == ".csv" else "row"
    at = f"{sheet.name}, {unit}"
    report = result.output[result.output.index("3 problems") :]
    said = [
        f"unreadable date or time (1):\n    {at} 502 ('Talk 500'): '31/13/2031' is not a date; set aside",
        f"no room (1):\n    {at} 702 ('Talk 700'): imported without a room",
        f"repeated row (1):\n    {at} 902 ('Talk 899'): the same as {unit} 901: imported once",
    ]
    assert all(s in report for s in said), report
    again = ("import", sheet, "--timezone", "Europe/Paris", "--out", tmp_path / "s2.json", "--strict")
    strict = run(runner, *again)
    assert strict.exit_code != 0
    assert f"{at} 502 ('Talk 500'): unreadable date or time" in strict.output
    assert not (tmp_path / "s2.json").exists()


GOOGLE = (
    "Session title,Day,Time,Location,Presenter(s)\n"
    "Welcome,2031-06-02,09:00 - 09:30,Main hall,Ana Sousa\n"
    "Tables,2031-06-02,10:00 - 10:45,Room B,Bo Li; Chen Wu\n"
)


@pytest.mark.parametrize(
    "path", ["/spreadsheets/d/1AbC/export?format=csv", "/spreadsheets/d/e/2PACX/pub?output=csv"]
)
def test_a_published_google_sheets_csv_imports_and_is_followed_like_any_source(runner, tmp_path, path):
    source = Source(GOOGLE.encode("utf-8"))
    try:
        url = f"http://127.0.0.1:{source.server.server_address[1]}{path}"
        out = tmp_path / "schedule.json"
        result = run(runner, "import", url, "--timezone", "Europe/Paris", "--out", out)
        assert result.exit_code == 0, result.output
        sessions = json.loads(out.read_text(encoding="utf-8"))["sessions"]
        assert [s["title"] for s in sessions] == ["Welcome", "Tables"]
        follower = Follower(Plan((url,), Overrides(timezone="Europe/Paris")), tmp_path, out, 5.0, 1 << 20)
        assert follower.cycle().error is None
        source.set(GOOGLE.replace("Tables", "Faster tables").encode("utf-8"))
        done = follower.cycle()
        assert done.error is None and done.imported is not None
        assert [s.title for s in done.imported.schedule.sessions] == ["Welcome", "Faster tables"]
        assert follower.cycle().imported is None  # unchanged: a 304, nothing imported
    finally:
        source.stop()


@pytest.mark.parametrize(
    "fixture, name",
    [("sessionize_all.json", "sessionize_all"), ("sched_export.csv", "sched_export")],
)
def test_a_source_without_an_event_name_is_named_after_its_file_with_a_warning(
    runner, tmp_path, fixture, name
):
    out = tmp_path / "schedule.json"
    result = run(runner, "import", FIXTURES / fixture, "--timezone", "Europe/Berlin", "--out", out)
    assert result.exit_code == 0, result.output
    assert f"does not name the event: it is called {name!r}" in result.output
    assert json.loads(out.read_text(encoding="utf-8"))["event"]["name"] == name


@pytest.mark.parametrize(
    "name, data",
    [
        ("notes.txt", b"Some notes about the event.\nNothing else.\n"),
        ("slides.pdf", b"%PDF-1.7\n\xe2\xe3\xcf\xd3\n1 0 obj\n"),
        ("photo.png", b"\x89PNG\r\n\x1a\n\x00\x00"),
        ("budget.csv", b"Item,Cost\nCoffee,12\n"),
    ],
)
def test_a_file_the_app_does_not_read_gets_one_sentence_naming_it_and_the_formats(
    runner, tmp_path, name, data
):
    (tmp_path / name).write_bytes(data)
    result = run(runner, "import", tmp_path / name, "--out", tmp_path / "s.json")
    assert result.exit_code != 0
    (message,) = [line for line in result.output.splitlines() if line.startswith("Error:")]
    reads = (
        "it reads Sched, frab, pretalx, iCalendar, Indico and Sessionize exports, and CSV or XLSX "
        "spreadsheets with a header row"
    )
    assert re.fullmatch(rf"Error: {re.escape(name)}: [^.]+: {reads}", message), message


def test_a_follow_plan_names_a_sheets_columns_and_strictness_as_the_command_does(tmp_path):
    sheet = tmp_path / "program.csv"
    sheet.write_text("Talk,Kickoff,Mins,Where\nOpening,2031-06-02 09:00,30,Hall\nBroken,soon,30,Hall\n")
    plan = tmp_path / "follow.json"
    columns = {"title": "Talk", "start": "Kickoff", "duration": "Mins", "room": "Where"}
    doc = {"sources": ["program.csv"], "timezone": "Europe/Paris", "columns": columns}
    plan.write_text(json.dumps(doc))
    out = tmp_path / "schedule.json"
    done = Follower(load_plan(plan), tmp_path, out, 5.0, 1 << 20).cycle()
    assert done.error is None and [s.title for s in done.imported.schedule.sessions] == ["Opening"]
    assert [p.kind for p in done.imported.problems] == ["unreadable date or time"]
    plan.write_text(json.dumps({**doc, "strict": True}))
    done = Follower(load_plan(plan), tmp_path, out, 5.0, 1 << 20).cycle()
    assert "program.csv, line 3 ('Broken'): unreadable date or time" in (done.error or "")
    plan.write_text(json.dumps({**doc, "columns": {"begin": "Kickoff"}}))
    with pytest.raises(ValueError, match=r"follow\.json: 'columns': 'begin=Kickoff' is not FIELD=HEADER"):
        load_plan(plan)


def test_schedule_follow_says_a_followed_sheets_problems(runner):
    source = Source((GOOGLE + "Lunch,2031-06-02,12:00 - 13:00,,\n").encode("utf-8"))
    try:
        url = f"http://127.0.0.1:{source.server.server_address[1]}/spreadsheets/d/1AbC/export?format=csv"
        result = run(runner, "follow", url, "--once", "--timezone", "Europe/Paris")
        assert result.exit_code == 0, result.output
        assert "1 problem in the sources" in result.output
        assert (
            "no room (1):\n    http://127.0.0.1" in result.output
            and "line 4 ('Lunch'): imported without a room" in result.output
        )
    finally:
        source.stop()
