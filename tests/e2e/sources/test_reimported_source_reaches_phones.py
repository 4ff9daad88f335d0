"""A change at the event's source reaches an open phone as a delta: the organizer re-imports a
retimed talk with the command line, and within one poll the phone shows the new time with its
badge and the banner, having downloaded only the changes (no schedule document again), and
keeps showing it offline; its reminders follow the new times."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from tests.harness import MINI
from tests.harness.app import open_app, star
from tests.harness.browser import PHONE
from tests.harness.net import get_json
from tests.harness.publish import import_schedule
from tests.harness.reminders import DAY, at, shown, starred_with_reminders, step
from tests.harness.schedules import mini, write
from tests.harness.schedules import session as schedule_session
from tests.harness.sources import TALKS, frab
from tests.harness.worker_caches import wait_second_phase
from webapp.serving.texts import LEFT_OUT

# Left out of the outline and not in the texts either: the source's ids and subtitles.
NEVER_READ = set(LEFT_OUT["sessions"]) - {"description", "links"}


def kept(page: Any) -> dict[str, Any]:
    """The schedule document the phone keeps on the device (what it shows offline)."""
    kept_copy = "caches.open('hallway-data').then((c) => c.match('/api/v1/schedule.json'))"
    return page.evaluate(f"() => {kept_copy}.then((r) => r.json())")


def test_a_retimed_starred_talk_reaches_the_open_phone_as_a_delta_and_holds_offline(
    page, make_server, tmp_path
):
    source, first = tmp_path / "schedule.xml", tmp_path / "schedule.json"
    source.write_text(frab(TALKS), encoding="utf-8")
    import_schedule(source, first)
    server = make_server(schedule=first)
    open_app(page, server)
    star(page, "Rust for Linux")
    card = page.locator(".card", has_text="Rust for Linux")
    expect(card.locator(".when time")).to_contain_text("10:00")
    received: list[Any] = []
    page.on("response", lambda r: received.append(r))
    wait_second_phase(page)  # the files it fetches once idle are not what is counted
    mark = len(server.requests())

    # The source moves the talk 90 minutes later; the organizer imports it into the served file.
    retimed = [("101", "11:30", "00:40", "Main Hall", "Rust for Linux", "Miguel"), *TALKS[1:]]
    source.write_text(frab(retimed), encoding="utf-8")
    import_schedule(source, server.data_dir / "schedule.json", data_dir=server.data_dir)

    banner = page.locator("#changes-banner")
    expect(banner).to_contain_text("★ Rust for Linux: now at 11:30–12:10 (was 10:00–10:40)", timeout=5000)
    expect(card).to_have_class(re.compile(r"\bchanged\b"))
    expect(card.locator(".badge")).to_have_text(["New time"])
    expect(card.locator(".when time")).to_contain_text("11:30")
    # The server's own log: what the page and its service worker asked for since the re-import.
    asked = [p.split("?")[0] for p in server.requests()[mark:]]
    assert set(asked) == {"/api/v1/changes"}, asked  # no schedule, outline or texts document again
    served = get_json(server, "/api/v1/schedule.json")
    expect(page.locator("footer [data-freshness]")).to_have_attribute("data-version", str(served["version"]))
    feed = [r for r in received if "/api/v1/changes" in r.url]
    assert feed, [r.url for r in received]
    delta = [c for r in feed for c in json.loads(r.body())["changes"]]
    # The talk retimed, and nothing else: the rooms keep the order the source lists them in
    # (until 840000e they followed the first talks, and this retiming reordered them too).
    talk = session_id(served, "Rust for Linux")
    assert [(c["kind"], c["session"], c["origin"]) for c in delta] == [("update", talk, "source")]
    total = sum(len(r.body()) for r in received)
    carrying = max(len(r.body()) for r in feed)
    print(
        f"\nbytes the page received after the re-import: {total} in {len(feed)} changes answer(s),"
        f" {carrying} in the one with the delta"
    )
    assert total < 2000
    # What the phone keeps is the served schedule (the texts aside, and what the source gave that
    # the app never reads: webapp/serving/texts.py LEFT_OUT), not an approximation of it.
    held = kept(page)
    assert held["version"] == served["version"]
    assert [r["id"] for r in held["rooms"]] == [r["id"] for r in served["rooms"]]
    sessions = {s["id"]: s for s in held["sessions"]}
    aside = {"description", *NEVER_READ}
    for s in served["sessions"]:
        assert {k: v for k, v in sessions[s["id"]].items() if k not in aside} == {
            k: v for k, v in s.items() if k not in aside
        }

    server.stop()
    page.reload()
    expect(card.locator(".when time")).to_contain_text("11:30")
    expect(card.locator(".badge")).to_have_text(["New time"])
    page.locator("#changes-bell").click()
    change = page.locator(".changelist .change.mine")
    expect(change).to_contain_text("now at 11:30–12:10 (was 10:00–10:40)")
    expect(change).to_contain_text("From the event’s schedule")


def session_id(doc: dict[str, Any], title: str) -> str:
    return next(s["id"] for s in doc["sessions"] if s["title"] == title)


APPLY = """async ([doc, answer]) => {
  const m = await import(document.body.dataset.assets + "js/data/changes.js");
  const patch = m.patchOf(doc, answer.changes.map(m.checkChange).filter(Boolean));
  if (patch === null) return null;
  const sessions = new Map(doc.sessions.map((s) => [s.id, s]));  // as Store.patch does
  for (const id of patch.removed) sessions.delete(id);
  for (const s of patch.sessions) sessions.set(s.id, s);
  // The stamp of what the new version holds comes with the answer, as feed-sync.js takes it.
  const stamp = typeof answer.stamp === "string" ? answer.stamp : null;
  return { ...doc, ...patch.lists, version: answer.version, stamp, sessions: [...sessions.values()] };
}"""


def test_the_apps_own_code_applying_a_reimports_delta_holds_the_served_schedule(app_modules, tmp_path):
    """Every class of source change (the unit tests' own list), applied by static/js/data/changes.js,
    imported from the files on disk, to the document before."""
    from tests.unit.views.test_api_source_changes import reimport, session, source_edits, without_nulls
    from webapp import create_app

    data = tmp_path / "data"
    data.mkdir()
    (data / "schedule.json").write_bytes(MINI.read_bytes())
    client = create_app({"TESTING": True, "DATA_DIR": str(data)}).test_client()
    before = client.get("/api/v1/schedule.json").get_json()

    def edit(doc: dict[str, Any]) -> None:
        source_edits(doc)  # retimed, moved and retitled, cancelled, a new speaker and talk, rooms reordered
        doc["sessions"].remove(session(doc, "q4w5e6"))
        session(doc, "k9x8y7")["description"] = ["Rewritten at the source."]
        doc["speakers"] = [s for s in doc["speakers"] if s["id"] != "alan-turing"]
        session(doc, "k9x8y7")["speakers"] = ["ada-lovelace"]

    reimport(data, edit)
    answer = client.get("/api/v1/changes?since=0").get_json()
    assert answer["reload"] is False
    assert {c["kind"] for c in answer["changes"]} == {"order", "speaker", "update", "add", "remove"}
    applied = app_modules.evaluate(APPLY, [before, answer])
    assert without_nulls(applied) == without_nulls(client.get("/api/v1/schedule.json").get_json())


def test_a_reminder_follows_a_talk_the_source_retimed_and_skips_one_it_cancelled(
    browser, make_server, tmp_path
):
    doc = mini()
    doc["sessions"] += [
        schedule_session("r1", "Stays Put", DAY + "09:40:00+02:00", DAY + "10:00:00+02:00"),
        schedule_session(
            "r2", "Will Be Cancelled", DAY + "09:40:00+02:00", DAY + "10:00:00+02:00", room="side"
        ),
    ]
    server = make_server(schedule=write(doc, tmp_path))
    context, page = starred_with_reminders(browser, server, PHONE)
    expect(page.locator("footer [data-freshness]")).to_contain_text("Up to date", timeout=10000)

    # The source moves Compiling Things (09:15) to 09:45 and cancels "Will Be Cancelled".
    session_of = {s["id"]: s for s in doc["sessions"]}
    session_of["k9x8y7"].update(start=DAY + "09:45:00+02:00", end=DAY + "09:55:00+02:00")
    session_of["r2"]["status"] = "cancelled"
    write(doc, server.data_dir)
    expect(page.locator("footer [data-freshness]")).to_have_attribute("data-version", "1", timeout=10000)
    context.clock.pause_at(at(9, 6))  # the old time's reminder would be due now
    context.clock.run_for(20000)
    assert shown(page) == []
    step(context, at(9, 6), at(9, 31))
    assert shown(page) == ["In 10 min: Stays Put"]
    step(context, at(9, 31), at(9, 36))
    assert shown(page) == ["In 10 min: Stays Put", "In 10 min: Compiling Things"]  # 09:45 now
    step(context, at(9, 36), at(9, 41))
    assert len(shown(page)) == 2  # nothing for the cancelled one
    context.close()
