"""What a change at the source costs a phone: on the generated large event (bench/generate.py:
1,000 sessions, 4 days, 20 rooms), the schedule file is written again with 3 sessions changed
(one retimed, one moved, one cancelled), as `schedule import` writes it; an open phone
(polling every second) catches up from the changes feed alone.

Figures: the compressed size of /api/v1/changes carrying the re-import's delta, and the bytes
the open app downloaded for it (from the server's access log: the delta, plus any schedule
document, which it should not need), next to the outline it downloaded whole before.

    .venv/bin/python bench/source_delta.py [--short] [--json]   # --short: sizes only, no browser
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import generate
from common import (
    DOCUMENTS,
    PHONE,
    SESSIONS_SHOWN,
    Figure,
    controlled,
    data_dir,
    get,
    launch_args,
    main,
    served,
    server,
    wait_for,
)

from webapp.domain.serialize import schedule_from_dict
from webapp.domain.storage import save_schedule
from webapp.domain.timeutil import parse_iso, to_iso

GOAL = "A source change reaches phones as a delta"
DELTA_GOAL = 5 * 1024
CHANGED = 3


def change_at_source(data: Path) -> None:
    """The source retimes one session, moves another and cancels a third; the schedule file is
    written as `schedule import` writes it (ids kept), and the server notices it."""
    path = data / "schedule.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    first, second, third = doc["sessions"][:CHANGED]
    later = timedelta(minutes=30)
    first["start"], first["end"] = (to_iso(parse_iso(first[k]) + later) for k in ("start", "end"))
    second["room"] = next(r["id"] for r in doc["rooms"] if r["id"] != second["room"])
    third["status"] = "cancelled" if third["status"] != "cancelled" else "confirmed"
    save_schedule(path, schedule_from_dict(doc))


def version(url: str) -> int:
    return json.loads(get(url + "/api/v1/changes?since=0", "identity")[0])["version"]


def delta_size(url: str, data: Path) -> tuple[int, int, int]:
    """(brotli, plain bytes, entries) of /api/v1/changes for a phone at the version before."""
    since = version(url)
    change_at_source(data)
    changes = f"{url}/api/v1/changes?since={since}"
    body = get(changes, "identity")[0]
    answer = json.loads(body)
    assert answer["reload"] is False, answer
    return len(get(changes, "br")[0]), len(body), len(answer["changes"])


def phone_receives(url: str, data: Path) -> tuple[int, str]:
    """Body bytes the open app downloads to catch up with a change at the source, and a note."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(url + "/?poll=1")
        page.wait_for_function(SESSIONS_SHOWN, timeout=30000)
        controlled(page)
        # The texts come after the first screen: wait for them, they are not the change's cost.
        wait_for(lambda: any(r[2].startswith("/api/v1/texts.json") for r in served(data)), 30)
        mark = len(served(data))
        change_at_source(data)

        def carrying(row: tuple[int, int, str]) -> bool:
            # An empty answer ({"changes": []}) is under 100 bytes; one carrying the delta is more.
            return row[2].startswith("/api/v1/changes") and row[1] > 100

        wait_for(lambda: any(carrying(r) for r in served(data)[mark:]), 20)
        page.wait_for_timeout(2000)  # then time to fetch anything else for it (a document, say)
        browser.close()
    rows = served(data)[mark:]
    if "--list" in sys.argv:
        print("after the change at the source:", rows)
    first = next(r for r in rows if carrying(r))
    documents = [r for r in rows if r[2].startswith(DOCUMENTS)]
    polls = [r for r in rows if r[2].startswith("/api/v1/changes") and r is not first]
    note = f"{first[2]}: {first[1]:,} B; {len(documents)} schedule document downloads"
    note += f"; {len(polls)} other polls, {sum(r[1] for r in polls):,} B"
    return first[1] + sum(r[1] for r in documents), note


def run(short: bool = False) -> list[Figure]:
    large = Path(tempfile.mkdtemp(prefix="hallway-source-"))
    generate.write(large)
    data = data_dir(large / "schedule.json")
    with server(data) as url:
        outline = len(get(url + "/api/v1/outline.json", "br")[0])
        delta, plain, entries = delta_size(url, data)
        figures = [
            Figure(
                GOAL,
                f"/api/v1/changes after a re-import changing {CHANGED} sessions, brotli",
                delta,
                "B",
                DELTA_GOAL,
                "size",
                note=f"plain {plain:,} B, {entries} entries; the whole outline: {outline:,} B",
            )
        ]
        if short:
            return figures
        received, note = phone_receives(url, data)
        figures.append(
            Figure(
                GOAL,
                f"an open phone catching up with {CHANGED} sessions changed at the source",
                received,
                "B",
                DELTA_GOAL,
                "size",
                note=note,
            )
        )
    return figures


if __name__ == "__main__":
    main(run)
