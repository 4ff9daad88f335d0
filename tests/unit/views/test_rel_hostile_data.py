"""Hostile data, not hostile requests: a schedule file (hand-edited, or imported from a source
we do not control) or a correction with odd values in any field. Either the loader refuses
the file (ScheduleFormatError, and the last good import keeps being served) or every route
answers it without a 5xx: calendars, frab exports, door signs, QR codes and the app shell."""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import FIXTURES
from webapp import create_app
from webapp.domain.serialize import ScheduleFormatError, schedule_from_dict

TOKEN = "hostile-data-token"
BASE = json.loads((FIXTURES / "mini_schedule.json").read_text(encoding="utf-8"))
URLS = [
    "/", "/session/s1a2b3", "/api/v1/schedule.json", "/api/v1/changes?since=0", "/export/schedule.json",
    "/export/schedule.xml", "/schedule.ics", "/my.ics?s=s1a2b3,k9x8y7,q4w5e6", "/room/main.ics",
    "/room/side.ics", "/session/s1a2b3.ics", "/session/k9x8y7.ics", "/session/q4w5e6.ics",
    "/session/k9x8y7/qr.svg", "/session/s1a2b3/qr.png", "/print", "/print/all",
    "/print/room/main?day=2026-04-07", "/print/room/side?day=2026-04-07", "/healthz", "/manifest.webmanifest",
]  # fmt: skip
# Where a value can go: (path into the document, the field).
SLOTS = [
    *(("event", f) for f in ("id", "name", "timezone", "venue", "city", "url", "days")),
    *(("rooms.0", f) for f in ("id", "name")),
    *(("tracks.0", f) for f in ("id", "name")),
    *(("speakers.0", f) for f in ("id", "name", "role", "company", "bio", "bio_truncated")),
    *(
        (f"sessions.{i}", f)
        for i in (0, 1)
        for f in ("id", "title", "kind", "start", "end", "room", "track", "level", "slides", "description",
                  "speakers", "status")
    ),
]  # fmt: skip
ODD_TEXT = [
    "A\r\nB",
    "line\nbreak",
    'quo"te',
    "tab\there",
    "\x00nul",
    "\x1b[31m",
    "\u2028sep",
    "é🙂",
    " ",
    "x" * 5000,
    "../..",
    "a/b",
    "Europe/Nowhere",
    "",
    "<script>window.__pwned=1</script>",
]
ODD_VALUES = [None, 0, 5, -1, 1.5, True, False, [], ["x"], [1], {}, {"a": 1}, *ODD_TEXT]


def put(doc: dict[str, Any], path: str, field: str, value: Any) -> None:
    node: Any = doc
    for part in path.split("."):
        node = node[int(part)] if part.isdigit() else node[part]
    node[field] = value


@st.composite
def hostile_doc(draw: st.DrawFn) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        path, field = draw(st.sampled_from(SLOTS))
        put(doc, path, field, draw(st.sampled_from(ODD_VALUES) | st.text(max_size=20)))
    return doc


def answers_without_5xx(doc: dict[str, Any], tmp_path) -> list[str]:
    (tmp_path / "schedule.json").write_text(json.dumps(doc), encoding="utf-8")
    for extra in tmp_path.glob("corrections.sqlite3*"):
        extra.unlink()
    app = create_app({"DATA_DIR": str(tmp_path), "PROPAGATE_EXCEPTIONS": False})
    app.logger.disabled = True
    client = app.test_client()
    return [f"{url}: {r.status_code}" for url in URLS if (r := client.get(url)).status_code >= 500]


def test_a_schedule_file_is_refused_or_served_without_5xx(tmp_path_factory) -> None:
    outcomes: Counter[str] = Counter()

    @settings(
        max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")),
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(hostile_doc())
    def run(doc: dict[str, Any]) -> None:
        try:
            schedule_from_dict(copy.deepcopy(doc))
        except ScheduleFormatError:
            outcomes["refused"] += 1
            return
        outcomes["served"] += 1
        assert answers_without_5xx(doc, tmp_path_factory.mktemp("hostile")) == []

    run()
    print(f"\nhostile schedule files: {sum(outcomes.values())} cases, {dict(outcomes)}")
    assert outcomes["refused"] > 0 and outcomes["served"] > 0


@pytest.mark.parametrize("title", ["Line one\nline two", "CR\r\nLF", "tab\tand\u2028separator", "x" * 2000])
def test_a_corrected_title_with_line_breaks_keeps_every_export_working(data_dir, title) -> None:
    app = create_app({"DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "PROPAGATE_EXCEPTIONS": False})
    client = app.test_client()
    body = {"kind": "edit", "session": "k9x8y7", "title": title}
    resp = client.post("/api/v1/corrections", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert resp.status_code in (201, 400), resp.data
    bad = [f"{url}: {r.status_code}" for url in URLS if (r := client.get(url)).status_code >= 500]
    assert bad == []


# Found by the run above (each was a 500 on some route before it was fixed).
FOUND = {
    "event id with a line break": ("event", "id", 'a"\r\nSet-Cookie: x=1'),
    "event name with a line break": ("event", "name", "MiniCon\r\n2026"),
    "unknown timezone": ("event", "timezone", "Mars/Olympus"),
    "venue a number": ("event", "venue", 5),
    "session kind a number": ("sessions.0", "kind", 5),
    "slides a string": ("sessions.0", "slides", "yes"),
}


@pytest.mark.parametrize("case", FOUND)
def test_hand_edited_file_found_by_the_run_is_served_or_refused_cleanly(tmp_path, case) -> None:
    doc = copy.deepcopy(BASE)
    put(doc, *FOUND[case])
    (tmp_path / "schedule.json").write_text(json.dumps(doc), encoding="utf-8")
    app = create_app({"DATA_DIR": str(tmp_path), "PROPAGATE_EXCEPTIONS": False})
    app.logger.disabled = True
    # The changes feed has nothing to say before the first import either way (200, no changes).
    statuses = {url: app.test_client().get(url).status_code for url in URLS if "changes" not in url}
    assert set(statuses.values()) in ({200}, {503}), statuses  # all served, or all "nothing to serve yet"


@pytest.mark.parametrize("case", FOUND)
def test_hand_edited_file_over_a_good_import_keeps_it_served_or_serves_the_new_one(data_dir, case) -> None:
    app = create_app({"DATA_DIR": str(data_dir), "PROPAGATE_EXCEPTIONS": False})
    app.logger.disabled = True
    client = app.test_client()
    assert client.get("/api/v1/schedule.json").status_code == 200  # the good import, recorded
    doc = copy.deepcopy(BASE)
    put(doc, *FOUND[case])
    (data_dir / "schedule.json").write_text(json.dumps(doc), encoding="utf-8")
    statuses = {url: client.get(url).status_code for url in URLS}
    assert set(statuses.values()) == {200}, statuses
