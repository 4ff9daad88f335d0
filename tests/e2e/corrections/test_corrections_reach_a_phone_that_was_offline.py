"""Corrections reach a phone that was offline, hold offline once applied, and are picked up on
each trigger (coming back online, being shown again), also from a host without the changes
feed and across a re-import."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.harness.app import open_app
from tests.harness.browser import until
from tests.harness.publish import WRITABLE
from tests.harness.schedules import mini, write

FRESH = "footer [data-freshness]"


def test_phone_offline_while_corrections_were_made_shows_all_of_them_in_order(page, make_server) -> None:
    server = make_server()
    open_app(page, server)
    server.stop()
    expect(page.locator(FRESH)).to_have_attribute("data-version", "0", timeout=5000)
    expect(page.locator(FRESH)).to_contain_text("Offline · last checked")
    # Published with the CLI on the data directory while the server is down.
    server.publish_cli({"kind": "move", "session": "k9x8y7", "room": "main", "note": "bigger room"})
    retime = {"start": "2026-04-08T11:00:00+02:00", "end": "2026-04-08T11:45:00+02:00"}
    server.publish_cli({"kind": "retime", "session": "q4w5e6", **retime})
    server.publish_cli({"kind": "cancel", "session": "s1a2b3", "note": "speaker stuck in traffic"})
    added = {"title": "Late talk", "start": "2026-04-08T12:00:00+02:00", "end": "2026-04-08T12:30:00+02:00"}
    server.publish_cli({"kind": "add", **added, "room": "side"})
    server.start()

    expect(page.locator(FRESH)).to_have_attribute("data-version", "4", timeout=10000)
    expect(page.locator(FRESH)).to_contain_text("Up to date")
    expect(page.locator("#changes-banner")).to_contain_text("4 changes")
    flags = {
        "Compiling Things": ["New room"],
        "Day Two Keynote": ["New time"],
        "Late talk": ["New"],
        "Opening <script>alert(1)</script>": [],
    }
    for title, badges in flags.items():
        expect(page.locator(".card", has_text=title).locator(".badge")).to_have_text(badges)
    expect(page.locator(".card", has_text="Opening")).to_contain_text("Cancelled")

    page.locator("#changes-bell").click()
    items = page.locator(".change")
    expect(items).to_have_count(4)
    versions = [v.split("/")[0] for v in items.evaluate_all("(els) => els.map((e) => e.dataset.change)")]
    assert versions == ["4", "3", "2", "1"]  # newest first, none missing
    expect(items.locator("h3")).to_have_text(
        ["Late talk", "Opening <script>alert(1)</script>", "Day Two Keynote", "Compiling Things"]
    )
    expect(items.nth(1)).to_contain_text("“speaker stuck in traffic”")


def test_patched_schedule_holds_offline_after_a_reload(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    open_app(page, server, "/session/k9x8y7")
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main"})
    expect(page.locator(".where-link a")).to_have_text("Main Room", timeout=5000)
    server.stop()
    seen_before = len(server.requests())

    page.reload()
    expect(page.locator(".where-link a")).to_have_text("Main Room")
    expect(page.locator("main .badge")).to_have_text(["New room"])
    expect(page.locator(FRESH)).to_have_attribute("data-version", "1")
    expect(page.locator(FRESH)).to_contain_text("Offline · last checked")
    page.goto(server.url + "/?day=all")
    expect(page.locator(".card", has_text="Compiling Things").locator(".room")).to_have_text("Main Room")
    assert len(server.requests()) == seen_before  # all of it from the phone


def test_coming_back_online_checks_at_once(page, context, make_server) -> None:
    server = make_server(env=WRITABLE)
    open_app(page, server, poll=3600)  # the timer never fires during this test
    context.set_offline(True)
    expect(page.locator(FRESH)).to_contain_text("Offline")
    server.publish({"kind": "cancel", "session": "q4w5e6"})
    context.set_offline(False)
    expect(page.locator("#changes-banner")).to_contain_text("Day Two Keynote: cancelled", timeout=5000)
    expect(page.locator(FRESH)).to_have_attribute("data-version", "1")
    expect(page.locator(FRESH)).to_contain_text("Up to date")


def test_being_shown_again_checks_at_once(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    open_app(page, server, poll=3600)
    server.publish({"kind": "edit", "session": "q4w5e6", "title": "Day Two Opening Keynote"})
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#changes-banner")).to_contain_text(
        "renamed “Day Two Opening Keynote” (was “Day Two Keynote”)", timeout=5000
    )


def test_host_without_changes_feed_falls_back_to_the_whole_schedule(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    page.route("**/api/v1/changes*", lambda route: route.fulfill(status=404, body="Not Found"))
    open_app(page, server)
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main"})
    expect(page.locator("#changes-banner")).to_contain_text(
        "Compiling Things: moved to Main Room (was Side Room)", timeout=5000
    )
    expect(page.locator(".card", has_text="Compiling Things").locator(".badge")).to_have_text(["New room"])
    expect(page.locator(FRESH)).to_have_attribute("data-version", "1")
    expect(page.locator(FRESH)).to_contain_text("Up to date")


def test_reimport_while_open_reloads_the_schedule_and_says_what_changed(page, make_server) -> None:
    server = make_server()
    open_app(page, server)
    doc = mini()
    doc["sessions"][2]["room"] = "side"
    write(doc, server.data_dir)
    expect(page.locator("#changes-banner")).to_contain_text(
        "Day Two Keynote: moved to Side Room (was Main Room)", timeout=5000
    )
    kept = "() => caches.open('hallway-data').then((c) => c.match('/api/v1/schedule.json'))"
    # The kept copy is written after the banner shows (in slices): read once it is.
    read = lambda: json.loads(page.evaluate(kept + ".then((r) => r.text())"))["version"]  # noqa: E731
    until(page, lambda: read() == 1, 10, lambda: f"kept version {read()}")
