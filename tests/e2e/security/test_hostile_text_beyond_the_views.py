"""Script in any text field stays text beyond the app's own views (those are
test_hostile_text_in_the_views.py's): in corrections published over HTTP (a title, a note, an
added session), in a share link, on the door signs, in the calendar files, on the QR pages and
in the feeds and frab exports opened directly in the browser, and a hostile schedule imported
with `flask schedule import` (from frab JSON). No script runs, no dialog opens, and the text
shows literally wherever it is shown."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request

import icalendar
from playwright.sync_api import expect

from tests.harness.publish import WRITABLE
from tests.harness.schedules import mini, write

RUN = "window.__pwned=1"
PAYLOADS = [
    f'<img src=x onerror="{RUN}">',
    f"<script>{RUN}</script>",
    f"\"'><svg onload={RUN}>",
    f"</title></textarea><script>{RUN}</script>",
    f"<![CDATA[<script>{RUN}</script>]]>",
    f"javascript:{RUN}",
]
PAYLOAD = " ".join(PAYLOADS)


def hostile_schedule() -> dict:
    doc = mini()
    doc["event"]["name"] = "Con " + PAYLOADS[3]
    doc["rooms"][0]["name"] = "Room " + PAYLOADS[2]
    doc["tracks"][0]["name"] = "Track " + PAYLOADS[1]
    doc["speakers"][0]["name"] = "Ada " + PAYLOADS[0]
    doc["speakers"][0]["bio"] = "Bio " + PAYLOAD
    doc["sessions"][2]["title"] = "Keynote " + PAYLOAD
    doc["sessions"][2]["kind"] = PAYLOADS[4]
    doc["sessions"][2]["description"] = [PAYLOAD]
    return doc


def fetch(server, path: str) -> bytes:
    with urllib.request.urlopen(server.url + path, timeout=10) as resp:
        return resp.read()


def watch(page) -> list[str]:
    problems: list[str] = []
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.on("pageerror", lambda e: problems.append(f"error: {e}"))
    return problems


def hostile_server(make_server, tmp_path):
    server = make_server(schedule=write(hostile_schedule(), tmp_path), env=WRITABLE)
    server.publish(
        {"kind": "edit", "session": "k9x8y7", "title": "Edited " + PAYLOAD, "note": "Note " + PAYLOAD}
    )
    added = server.publish(
        {
            "kind": "add",
            "title": "Added " + PAYLOAD,
            "start": "2026-04-07T11:00:00+02:00",
            "end": "2026-04-07T11:30:00+02:00",
            "room": "main",
            "description": [PAYLOAD],
            "note": PAYLOAD,
        },
    )
    return server, added["session"]


def test_no_script_runs_on_any_page_after_hostile_corrections(page, make_server, tmp_path) -> None:
    server, added = hostile_server(make_server, tmp_path)
    problems = watch(page)
    share = "/share?s=" + urllib.parse.quote(f"k9x8y7.{PAYLOADS[1]}.{added}", safe="")
    pages = [
        "/?day=all", "/my", "/rooms", "/speakers", "/now", "/map", "/scan", "/changes", share,
        "/session/k9x8y7", f"/session/{added}", "/session/q4w5e6", "/speaker/ada-lovelace", "/room/main",
        "/print", "/print/all", "/print/room/main?day=2026-04-07", "/print/room/main?day=2026-04-08",
        "/session/k9x8y7/qr.svg", f"/session/{added}/qr.svg",
        "/api/v1/schedule.json", "/api/v1/changes?since=0", "/export/schedule.json", "/export/schedule.xml",
        "/session/" + urllib.parse.quote(PAYLOADS[1], safe=""),
    ]  # fmt: skip
    page.goto(server.url + "/")
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        ["hallway.stars.v1", json.dumps(["k9x8y7", added, "q4w5e6"])],
    )
    for path in pages:
        page.goto(server.url + path)
        page.wait_for_load_state("load")
        assert page.evaluate("() => window.__pwned") is None, path
    print(f"\n{len(pages)} pages with script in every field: none ran")
    assert problems == []


def test_hostile_text_shows_literally_in_the_app_and_on_the_door_signs(page, make_server, tmp_path) -> None:
    server, added = hostile_server(make_server, tmp_path)
    problems = watch(page)
    page.goto(server.url + f"/session/{added}")
    expect(page.locator("main h1")).to_have_text("Added " + PAYLOAD)
    page.goto(server.url + "/session/k9x8y7")
    expect(page.locator("main h1")).to_have_text("Edited " + PAYLOAD)
    share = "/share?s=" + urllib.parse.quote(f"k9x8y7.{PAYLOADS[1]}", safe="")
    page.goto(server.url + share)
    expect(page.locator("main")).to_contain_text("Edited " + PAYLOAD)
    expect(page.locator(".ignored")).to_contain_text("Ignored")

    page.goto(server.url + "/print/room/main?day=2026-04-07")
    expect(page.locator("h1.room")).to_have_text("Room " + PAYLOADS[2])
    expect(page.locator("h2.title", has_text="Added")).to_have_text("Added " + PAYLOAD)
    page.goto(server.url + "/print/room/main?day=2026-04-08")
    expect(page.locator("h2.title")).to_have_text(["Keynote " + PAYLOAD])
    expect(page.locator("p.kind")).to_have_text(PAYLOADS[4])
    assert page.title().endswith("Con " + PAYLOADS[3])
    assert page.locator("main script, main img, main svg[onload]").count() == 0
    assert problems == []


def test_calendars_carry_hostile_text_as_text(make_server, tmp_path) -> None:
    server, added = hostile_server(make_server, tmp_path)
    for path in ("/schedule.ics", f"/session/{added}.ics", "/room/main.ics", f"/my.ics?s=k9x8y7,{added}"):
        cal = icalendar.Calendar.from_ical(fetch(server, path))
        summaries = {str(e["SUMMARY"]) for e in cal.walk("VEVENT")}
        assert summaries, path
        assert summaries & {"Added " + PAYLOAD, "Edited " + PAYLOAD}, (path, summaries)
        assert all(not s.startswith("BEGIN") for s in summaries)
    whole = icalendar.Calendar.from_ical(fetch(server, "/schedule.ics"))
    assert len(list(whole.walk("VEVENT"))) == 4  # no event injected by the text


def test_feeds_keep_the_note_as_json_text(make_server, tmp_path) -> None:
    server, _ = hostile_server(make_server, tmp_path)
    changes = json.loads(fetch(server, "/api/v1/changes?since=0"))
    assert [c["note"] for c in changes["changes"]] == ["Note " + PAYLOAD, PAYLOAD]


def test_hostile_schedule_imported_through_the_import_command_runs_no_script(page, make_server, tmp_path):
    # The hostile schedule as a frab schedule.json (what another tool would hand us) ...
    source_server, _ = hostile_server(make_server, tmp_path)
    frab = tmp_path / "hostile-frab.json"
    frab.write_bytes(fetch(source_server, "/export/schedule.json"))
    # ... imported with `flask schedule import` into a fresh data directory.
    server = make_server()
    server.stop()
    (server.data_dir / "schedule.json").unlink()
    for extra in server.data_dir.glob("corrections.sqlite3*"):
        extra.unlink()
    server.cli("schedule", "import", str(frab))
    server.start()
    imported = json.loads(fetch(server, "/api/v1/schedule.json"))
    titles = {s["title"] for s in imported["sessions"]}
    assert "Added " + PAYLOAD in titles and "Keynote " + PAYLOAD in titles

    problems = watch(page)
    ids = [s["id"] for s in imported["sessions"]]
    rooms = [r["id"] for r in imported["rooms"]]
    pages = [
        "/?day=all",
        "/rooms",
        "/speakers",
        *(f"/session/{i}" for i in ids),
        *(f"/room/{r}" for r in rooms),
    ]
    pages += ["/print/all", *(f"/session/{i}/qr.svg" for i in ids)]
    for path in pages:
        page.goto(server.url + path)
        page.wait_for_load_state("load")
        assert page.evaluate("() => window.__pwned") is None, path
    page.goto(server.url + "/?day=all")
    expect(page.locator(".card h3", has_text="Added")).to_have_text("Added " + PAYLOAD)
    print(f"\nimported through the CLI from frab JSON: {len(pages)} pages, no script ran")
    assert problems == []
